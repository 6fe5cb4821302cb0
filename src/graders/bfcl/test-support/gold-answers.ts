// Test support: BFCL samples read from the shared data (questions joined with their possible answers).
import { readFileSync } from "node:fs";
import path from "node:path";
import { parsePythonJson } from "../../python-json.js";
import type { BfclSample } from "../gold-answers.js";
import type { BfclFunctionDoc, BfclPossibleAnswer } from "../types.js";

export {
  type BfclSample,
  type GoldAnswers,
  type GoldCall,
  goldAnswers,
  goldArguments,
  javaSource,
  javascriptSource,
  RawValue,
  renderAnswers,
} from "../gold-answers.js";

function readJsonLines(file: string): Record<string, unknown>[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => parsePythonJson(line) as Record<string, unknown>);
}

/** A category's questions joined with its possible answers (by index, as BFCL's runner aligns them). */
export function loadBfclSamples(dataDir: string, category: string): BfclSample[] {
  const questions = readJsonLines(path.join(dataDir, "bfcl", `BFCL_v4_${category}.json`));
  const answerFile = path.join(dataDir, "bfcl", "possible_answer", `BFCL_v4_${category}.json`);
  const answers = category.includes("relevance") ? [] : readJsonLines(answerFile);
  return questions.map((question, index) => ({
    id: String(question["id"]),
    functions: question["function"] as BfclFunctionDoc[],
    possibleAnswer: (answers[index]?.["ground_truth"] ?? []) as BfclPossibleAnswer[],
  }));
}
