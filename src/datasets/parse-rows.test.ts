// parseRows: zod validation errors name the source, row and field; and it is fast enough for MMLU.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DatasetError } from "../errors.js";
import { parseRows } from "./parse-rows.js";

const schema = z.object({ question: z.string(), answer: z.coerce.number().int().min(0).max(3) });
const strictSchema = z.object({
  question: z.string(),
  answer: z.number(),
  meta: z.object({ id: z.string() }),
});

describe("parseRows", () => {
  it("returns the parsed rows", () => {
    expect(parseRows([{ question: "q", answer: "2" }], schema, "x.csv")).toEqual([
      { question: "q", answer: 2 },
    ]);
  });

  it("names the source, 1-based row, field, what was expected and what it got", () => {
    const rows = [
      { question: "a", answer: 1, meta: { id: "1" } },
      { question: "b", answer: "E", meta: { id: "2" } },
      { question: "c", answer: "F", meta: { id: "3" } },
    ];
    expect(() => parseRows(rows, strictSchema, "mmlu/test/anatomy_test.csv")).toThrow(
      'mmlu/test/anatomy_test.csv row 2: field "answer": expected a number, got "E" (2 of 3 rows invalid)',
    );
  });

  it("reports nested paths, missing fields and non-type issues", () => {
    expect(() => parseRows([{ question: "a", answer: 1, meta: { id: 7 } }], strictSchema, "s")).toThrow(
      's row 1: field "meta.id": expected a string, got 7',
    );
    expect(() => parseRows([{ answer: 1, meta: { id: "x" } }], strictSchema, "s")).toThrow(
      's row 1: field "question": expected a string, but it is missing',
    );
    const error = (() => {
      try {
        parseRows([{ question: "q", answer: "9" }], schema, "s");
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(DatasetError);
    expect(error).toMatchObject({ code: "E_DATASET_ROW_INVALID" });
    expect((error as Error).message).toMatch(/^s row 1: field "answer": .*3.*, got "9"$/);
  });

  it("validates 14,042 MMLU-shaped rows", () => {
    const rows = Array.from({ length: 14_042 }, (_, index) => ({
      question: `question ${index}`,
      answer: String(index % 4),
    }));
    const parsed = parseRows(rows, schema, "mmlu");
    expect(parsed).toHaveLength(14_042);
    expect(parsed[5]).toEqual({ question: "question 5", answer: 1 });
  });
});
