// Google's GPT-4 responses (input_response_data_gpt4_20231107_145030.jsonl) graded as the official evaluation_main does.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { printSkipReason, sharedDataDir } from "../../benchmarks/test-support/shared-data-dir.js";
import { aggregateIfeval } from "./aggregate-ifeval.js";
import { evaluateIfeval, type IfevalResult } from "./evaluate-ifeval.js";
import { detectLanguage } from "./langdetect/detect-language.js";

const RESPONSES = "ifeval/input_response_data_gpt4_20231107_145030.jsonl";
const dataDir = sharedDataDir(RESPONSES);
if (dataDir === undefined) printSkipReason("ifeval real-data suite");

/** Per instruction id, "strict followed/loose followed/total" from the official code (nltk 3.8, langdetect 1.0.9). */
const OFFICIAL_PER_INSTRUCTION: Record<string, string> = {
  "change_case:capital_word_frequency": "17/19/25",
  "change_case:english_capital": "19/19/25",
  "change_case:english_lowercase": "36/37/39",
  "combination:repeat_prompt": "26/26/41",
  "combination:two_responses": "22/24/24",
  "detectable_content:number_placeholders": "25/25/27",
  "detectable_content:postscript": "26/26/26",
  "detectable_format:constrained_response": "8/8/10",
  "detectable_format:json_format": "17/17/17",
  "detectable_format:multiple_sections": "13/13/14",
  "detectable_format:number_bullet_lists": "27/27/31",
  "detectable_format:number_highlighted_sections": "45/45/48",
  "detectable_format:title": "37/37/37",
  "keywords:existence": "38/38/39",
  "keywords:forbidden_words": "42/44/49",
  "keywords:frequency": "38/39/42",
  "keywords:letter_frequency": "21/21/33",
  "language:response_language": "30/30/31",
  "length_constraints:nth_paragraph_first_word": "9/11/12",
  "length_constraints:number_paragraphs": "23/23/27",
  "length_constraints:number_sentences": "35/35/52",
  "length_constraints:number_words": "37/39/52",
  "punctuation:no_comma": "44/48/66",
  "startend:end_checker": "22/22/26",
  "startend:quotation": "41/41/41",
};

interface Row {
  key: number;
  prompt: string;
  instruction_id_list: string[];
  kwargs: unknown[];
}

function readJsonl<T>(file: string): T[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as T);
}

describe.skipIf(dataDir === undefined)("ifeval on Google's GPT-4 responses", () => {
  const root = dataDir ?? "";
  const rows = readJsonl<Row>(path.join(root, "ifeval/input_data.jsonl"));
  const responses = new Map(
    readJsonl<{ prompt: string; response: string }>(path.join(root, RESPONSES)).map((entry) => [
      entry.prompt,
      entry.response,
    ]),
  );
  const graded: { row: Row; response: string; result: IfevalResult }[] = rows.map((row) => {
    const response = responses.get(row.prompt) ?? "";
    return {
      row,
      response,
      result: evaluateIfeval({
        prompt: row.prompt,
        response,
        instructionIds: row.instruction_id_list,
        kwargs: row.kwargs,
      }),
    };
  });

  it("gives 417/541 and 698/834 strict, 431/541 and 714/834 loose", () => {
    const metrics = aggregateIfeval(graded.map(({ result }) => result));
    const perInstruction = Object.fromEntries(
      Object.entries(metrics.strict.byInstruction).map(([id, strict]) => [
        id,
        `${strict.followed}/${metrics.loose.byInstruction[id]?.followed}/${strict.total}`,
      ]),
    );
    const disagreeing = Object.keys(OFFICIAL_PER_INSTRUCTION).filter(
      (id) => perInstruction[id] !== OFFICIAL_PER_INSTRUCTION[id],
    );
    for (const id of disagreeing) {
      process.stderr.write(
        `ifeval ${id}: ours ${perInstruction[id]}, official ${OFFICIAL_PER_INSTRUCTION[id]}\n`,
      );
    }
    expect(perInstruction).toEqual(OFFICIAL_PER_INSTRUCTION);
    const counts = {
      promptStrict: `${metrics.strict.promptLevel.followed}/${metrics.strict.promptLevel.total}`,
      instructionStrict: `${metrics.strict.instructionLevel.followed}/${metrics.strict.instructionLevel.total}`,
      promptLoose: `${metrics.loose.promptLevel.followed}/${metrics.loose.promptLevel.total}`,
      instructionLoose: `${metrics.loose.instructionLevel.followed}/${metrics.loose.instructionLevel.total}`,
    };
    expect(counts).toEqual({
      promptStrict: "417/541",
      instructionStrict: "698/834",
      promptLoose: "431/541",
      instructionLoose: "714/834",
    });
  });

  it("detects the same language on 100 runs of every response with a language instruction", () => {
    const languageIds = [
      "language:response_language",
      "change_case:english_capital",
      "change_case:english_lowercase",
    ];
    const texts = graded
      .filter(({ row }) => row.instruction_id_list.some((id) => languageIds.includes(id)))
      .map(({ response }) => response);
    expect(texts.length).toBe(95);
    for (const text of texts) {
      const first = detectLanguage(text);
      for (let run = 1; run < 100; run++) expect(detectLanguage(text)).toBe(first);
    }
  });
});
