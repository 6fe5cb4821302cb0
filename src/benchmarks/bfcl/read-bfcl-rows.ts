// Reads BFCL v4 questions and possible answers: `bfcl/BFCL_v4_<category>.json` and `bfcl/possible_answer/…` from
// the data dir, or the same files of the Hub dataset gorilla-llm/Berkeley-Function-Calling-Leaderboard.
import { readFile } from "node:fs/promises";
import { z } from "zod";
import type { DatasetContext } from "../../datasets/types.js";
import { DatasetError } from "../../errors.js";
import type { BfclFunctionDoc, BfclPossibleAnswer } from "../../graders/bfcl/types.js";
import { parsePythonJson } from "../../graders/python-json.js";
import { readLocalText } from "../read-local-text.js";
import { type BfclCategory, isRelevanceCategory } from "./bfcl-categories.js";

export const BFCL_HUB_REPO = "gorilla-llm/Berkeley-Function-Calling-Leaderboard";
/** The Hub dataset's revision read (its files are those of gorilla's `bfcl_eval/data`). */
export const BFCL_HUB_REVISION = "main";

export interface BfclRow {
  id: string;
  category: BfclCategory;
  /** `question[0]`: the single turn's messages (a system message may come first). */
  messages: { role: "system" | "user" | "assistant"; content: string }[];
  functions: BfclFunctionDoc[];
  /** `ground_truth` of the possible-answer file; empty for the relevance categories (which have none). */
  possibleAnswer: BfclPossibleAnswer[];
}

const questionSchema = z.looseObject({
  id: z.string(),
  question: z
    .array(z.array(z.object({ role: z.enum(["system", "user", "assistant"]), content: z.string() })))
    .min(1),
  function: z.array(
    z.looseObject({
      name: z.string(),
      parameters: z.looseObject({ type: z.string(), properties: z.record(z.string(), z.unknown()) }),
    }),
  ),
});
const answerSchema = z.looseObject({
  id: z.string(),
  ground_truth: z.array(z.record(z.string(), z.unknown())),
});

/** JSON lines (despite `.json`), parsed as Python's json.loads does: `1.0` stays a float (the checker tells them apart). */
function parseJsonLines<T>(text: string, schema: z.ZodType<T>, source: string): T[] {
  return text.split("\n").flatMap((line, index) => {
    if (line.trim() === "") return [];
    let value: unknown;
    try {
      value = parsePythonJson(line);
    } catch (error) {
      throw new DatasetError(`${source} line ${index + 1}: not JSON (${String(error)})`, {
        code: "E_DATASET_ROW_INVALID",
      });
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new DatasetError(
        `${source} line ${index + 1}: ${issue?.path.join(".") ?? ""} ${issue?.message ?? "invalid"}`,
        { code: "E_DATASET_ROW_INVALID" },
      );
    }
    // zod's copy would turn Python values (floats like 1.0) into plain objects: keep the parsed value itself.
    return [value as T];
  });
}

async function readText(context: DatasetContext, relativePath: string): Promise<string> {
  if (context.dataDir !== undefined) return readLocalText(context, `bfcl/${relativePath}`);
  const readRepoFile = context.hub.readRepoFile;
  if (readRepoFile === undefined) {
    throw new DatasetError(`This dataset context cannot read ${BFCL_HUB_REPO} files; pass --data-dir.`);
  }
  const local = await readRepoFile.call(
    context.hub,
    { repo: BFCL_HUB_REPO, revision: BFCL_HUB_REVISION, path: relativePath },
    {
      ...(context.signal ? { signal: context.signal } : {}),
      ...(context.onProgress ? { onProgress: context.onProgress } : {}),
    },
  );
  return readFile(local, "utf8");
}

/** One category's rows in file order, each question joined with its possible answer by id. */
export async function readBfclRows(context: DatasetContext, category: BfclCategory): Promise<BfclRow[]> {
  const file = `BFCL_v4_${category}.json`;
  const questions = parseJsonLines(await readText(context, file), questionSchema, `bfcl/${file}`);
  const answers = new Map<string, BfclPossibleAnswer[]>();
  if (!isRelevanceCategory(category)) {
    const answerFile = `possible_answer/${file}`;
    for (const answer of parseJsonLines(
      await readText(context, answerFile),
      answerSchema,
      `bfcl/${answerFile}`,
    ))
      answers.set(answer.id, answer.ground_truth as BfclPossibleAnswer[]);
  }
  return questions.map((question) => {
    const possibleAnswer = answers.get(question.id);
    if (possibleAnswer === undefined && !isRelevanceCategory(category)) {
      throw new DatasetError(`bfcl/possible_answer/${file} has no answer for ${question.id}.`, {
        code: "E_DATASET_ROW_INVALID",
      });
    }
    return {
      id: question.id,
      category,
      messages: question.question[0] ?? [],
      functions: question.function as BfclFunctionDoc[],
      possibleAnswer: possibleAnswer ?? [],
    };
  });
}
