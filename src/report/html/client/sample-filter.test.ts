// The sample browser's pure parts: filtering with status counts, the lower-cased search text, row previews and the
// virtualised list's visible range.
import { describe, expect, it } from "vitest";
import type { SampleData, SampleStatus } from "../report-model.js";
import { StringTable } from "../string-table.js";
import {
  filterSamples,
  sampleCountText,
  sampleHasText,
  samplePreview,
  stringSearch,
  visibleRows,
} from "./sample-filter.js";

function sample(
  table: StringTable,
  fields: {
    id: string;
    task: number;
    status: SampleStatus;
    prompt?: string;
    response?: string;
    extracted?: string | null;
    gold?: string;
    errorClass?: string;
    gradeReason?: string;
  },
): SampleData {
  return {
    id: fields.id,
    task: fields.task,
    status: fields.status,
    errorClass: fields.errorClass === undefined ? null : table.intern(fields.errorClass),
    prompt: {
      form: "chat",
      turns: [
        { role: "system", content: table.internBlocks("Answer with a letter.") },
        { role: "user", content: table.internBlocks(fields.prompt ?? "Question?") },
      ],
    },
    response: table.intern(fields.response ?? ""),
    reasoning: table.intern(""),
    extracted:
      fields.extracted === undefined || fields.extracted === null ? null : table.intern(fields.extracted),
    gold: table.intern(fields.gold ?? "A"),
    gradeReason: table.intern(fields.gradeReason ?? ""),
    finishReason: "stop",
    timings: {
      sentAtMs: 0,
      session: 0,
      ttftMs: 1,
      e2eMs: 2,
      itlMs: null,
      inputTokens: null,
      outputTokens: null,
    },
  };
}

describe("filterSamples", () => {
  const table = new StringTable();
  const samples = [
    sample(table, { id: "a/1", task: 0, status: "correct", prompt: "The Moon\n\nWhat orbits Earth?" }),
    sample(table, { id: "a/2", task: 0, status: "incorrect", response: "B", extracted: "B" }),
    sample(table, { id: "b/1", task: 1, status: "error" }),
    sample(table, { id: "b/2", task: 1, status: "incorrect", gold: "moonlight" }),
  ];
  const lowered: (string | undefined)[] = [];
  const asked: number[] = [];
  const matcher = (query: string) => {
    const contains = stringSearch(table.strings, lowered, query);
    return (index: number): boolean => {
      asked.push(index);
      const chosen = samples[index];
      return chosen !== undefined && sampleHasText(chosen, query, contains);
    };
  };

  it("passes every sample with no filter, without building any search text", () => {
    asked.length = 0;
    const result = filterSamples(samples, { task: null, statuses: [], query: "" }, matcher(""));
    expect(result.indices).toEqual([0, 1, 2, 3]);
    expect(result.statusCounts).toEqual({ correct: 1, incorrect: 2, unparsed: 0, truncated: 0, error: 1 });
    expect(asked).toEqual([]);
  });

  it("filters by task and statuses; the status counts ignore the status filter", () => {
    const result = filterSamples(samples, { task: 1, statuses: ["incorrect"], query: "" }, matcher(""));
    expect(result.indices).toEqual([3]);
    expect(result.statusCounts).toEqual({ correct: 0, incorrect: 1, unparsed: 0, truncated: 0, error: 1 });
    expect(
      filterSamples(samples, { task: null, statuses: ["error", "correct"], query: "" }, matcher("")).indices,
    ).toEqual([0, 2]);
  });

  it("searches the prompt turns and gold, lower-cased; only the task's samples are searched", () => {
    asked.length = 0;
    const result = filterSamples(samples, { task: 0, statuses: [], query: "moon" }, matcher("moon"));
    expect(result.indices).toEqual([0]);
    expect(asked).toEqual([0, 1]);
    expect(
      filterSamples(samples, { task: null, statuses: [], query: "moon" }, matcher("moon")).indices,
    ).toEqual([0, 3]);
  });
});

describe("stringSearch and sampleHasText", () => {
  const table = new StringTable();
  const one = sample(table, {
    id: "Physics/17",
    task: 0,
    status: "incorrect",
    prompt: "Shared SHOT\n\nThe Question",
    response: "Maybe C",
    extracted: "C",
    gold: "Dee",
    gradeReason: "graded by regex",
  });
  const has = (query: string): boolean =>
    sampleHasText(one, query, stringSearch(table.strings, lowered, query));
  const lowered: (string | undefined)[] = [];

  it("finds the id, any prompt block, the response, extracted answer and gold, whatever their case", () => {
    for (const query of ["physics/17", "shared shot", "the question", "maybe c", "dee", "answer with"]) {
      expect(has(query), query).toBe(true);
    }
    expect(has("graded by")).toBe(false);
    expect(has("nowhere")).toBe(false);
  });

  it("keeps each string-table entry lower-cased for the next search", () => {
    const shot = table.strings.indexOf("Shared SHOT\n\n");
    expect(lowered[shot]).toBe("shared shot\n\n");
    // A later search reads the kept text, not the table's.
    lowered[shot] = "kept";
    expect(stringSearch(table.strings, lowered, "kept")(shot)).toBe(true);
    expect(stringSearch(table.strings, lowered, "shot")(shot)).toBe(false);
  });
});

describe("samplePreview", () => {
  const table = new StringTable();
  it("shows the answer read against the gold", () => {
    const read = sample(table, {
      id: "1",
      task: 0,
      status: "incorrect",
      response: "It is B",
      extracted: "B",
    });
    expect(samplePreview(table.strings, read)).toBe("B · gold A");
  });
  it("shows the response's start when nothing was read, and a failure's class and reason", () => {
    const unread = sample(table, { id: "2", task: 0, status: "unparsed", response: "I am\n not sure" });
    expect(samplePreview(table.strings, unread)).toBe("nothing read from “I am not sure” · gold A");
    const failed = sample(table, {
      id: "3",
      task: 0,
      status: "error",
      errorClass: "http_503",
      gradeReason: "request error: HTTP 503",
    });
    expect(samplePreview(table.strings, failed)).toBe("http_503: HTTP 503");
    const long = sample(table, { id: "4", task: 0, status: "truncated", response: "x".repeat(500) });
    expect(samplePreview(table.strings, long).length).toBeLessThan(160);
  });
});

describe("visibleRows", () => {
  it("covers the viewport and the overscan, clamped to the list", () => {
    expect(visibleRows({ scrollTopPx: 0, viewportPx: 460, rowPx: 46, count: 14_042, overscan: 6 })).toEqual([
      0, 16,
    ]);
    expect(
      visibleRows({ scrollTopPx: 4600, viewportPx: 460, rowPx: 46, count: 14_042, overscan: 6 }),
    ).toEqual([94, 116]);
    expect(
      visibleRows({ scrollTopPx: 46 * 14_040, viewportPx: 460, rowPx: 46, count: 14_042, overscan: 6 }),
    ).toEqual([14_034, 14_042]);
    expect(visibleRows({ scrollTopPx: 0, viewportPx: 460, rowPx: 46, count: 0, overscan: 6 })).toEqual([
      0, 0,
    ]);
  });
});

describe("sampleCountText", () => {
  it("groups thousands", () => {
    expect(sampleCountText(312, 14_042)).toBe("312 of 14,042 samples");
    expect(sampleCountText(1, 1)).toBe("1 of 1 sample");
  });
});
