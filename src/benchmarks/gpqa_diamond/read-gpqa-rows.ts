// Reads GPQA-Diamond (Hub parquet or a local CSV) into samples, options ordered as aiperf or as lighteval does.
import { z } from "zod";
import { parseRows } from "../../datasets/parse-rows.js";
import type { DatasetContext, HubSplitRef } from "../../datasets/types.js";
import { letterOf } from "../../graders/multiple-choice.js";
import { PythonRandom } from "../../stats/python-random.js";
import type { GpqaSample } from "./gpqa-sample.js";
import { seededShuffleIndices } from "./seeded-shuffle-indices.js";

/**
 * How the options are ordered: aiperf's SHA-256-seeded permutation per question; lighteval's
 * `random.randint(0, 3)` slot for the correct answer on Python's global RNG (seeded 1234 by its pipeline); or
 * simple-evals' `random.Random(0).sample(range(4), 4)` per example of the file repeated four times.
 */
export type GpqaOptionOrder = "sha256" | "lighteval" | "simple-evals";

/** openai/simple-evals gpqa_eval.py `GPQAEval(n_repeats=4)`: every question is asked four times. */
export const SIMPLE_EVALS_REPEATS = 4;

/** lighteval `pipeline.py` `_init_random_seeds`: `random.seed(1234)` before the tasks' prompt functions run. */
const LIGHTEVAL_GLOBAL_SEED = 1234;

/** Gated: the Hub answers 401 without an `HF_TOKEN` whose account accepted the dataset's terms. */
export const GPQA_DIAMOND_HUB: HubSplitRef = {
  repo: "Idavidrein/gpqa",
  config: "gpqa_diamond",
  split: "train",
  isGated: true,
};

/** Under `--data-dir`: the dataset repository's own `gpqa_diamond.csv`. */
export const GPQA_DIAMOND_LOCAL_PATH = "gpqa/gpqa_diamond.csv";

/** A text field; a parquet column typed as numbers is read as its decimal text. */
const text = z.union([z.string(), z.number()]).transform(String);

const rowSchema = z.looseObject({
  Question: text,
  "Correct Answer": text,
  "Incorrect Answer 1": text,
  "Incorrect Answer 2": text,
  "Incorrect Answer 3": text,
  "Record ID": z.string().nullish(),
  "High-level domain": z.string().nullish(),
});
type GpqaRow = z.infer<typeof rowSchema>;

/** `Record ID`s when every row has a distinct one (they survive re-ordering), else `train/{index}`. */
function sampleIds(rows: readonly GpqaRow[]): string[] {
  const recordIds = rows.map((row) => row["Record ID"]?.trim() ?? "");
  const isUsable = recordIds.every((id) => id !== "") && new Set(recordIds).size === recordIds.length;
  return isUsable ? recordIds : rows.map((_, index) => `train/${index}`);
}

/** aiperf `_build_choices`: [correct, incorrect 1–3] reordered by the question's SHA-256-seeded permutation. */
export function toGpqaSample(row: GpqaRow, id: string): GpqaSample {
  const raw = [
    row["Correct Answer"],
    row["Incorrect Answer 1"],
    row["Incorrect Answer 2"],
    row["Incorrect Answer 3"],
  ];
  const order = seededShuffleIndices(row.Question, raw.length);
  const answerIndex = order.indexOf(0);
  return {
    id,
    task: "gpqa_diamond",
    gold: letterOf(answerIndex),
    question: row.Question,
    choices: order.map((index) => raw[index] ?? ""),
    answerIndex,
    domain: row["High-level domain"] ?? "",
  };
}

/** simple-evals: `[correct, incorrect 1–3]` taken in the order of `permutation`; the gold is where correct lands. */
function toPermutedGpqaSample(row: GpqaRow, id: string, permutation: readonly number[]): GpqaSample {
  const raw = [
    row["Correct Answer"],
    row["Incorrect Answer 1"],
    row["Incorrect Answer 2"],
    row["Incorrect Answer 3"],
  ];
  const choices = permutation.map((slot) => raw[slot] ?? "");
  // `choices.index(row["Correct Answer"])`: the first equal text, as the reference looks it up.
  const answerIndex = choices.indexOf(row["Correct Answer"]);
  return {
    id,
    task: "gpqa_diamond",
    gold: letterOf(answerIndex),
    question: row.Question,
    choices,
    answerIndex,
    domain: row["High-level domain"] ?? "",
  };
}

/**
 * lighteval `gpqa_instruct_prompt`: `gold_index = random.randint(0, 3)` (one `_randbelow(4)` draw), the correct
 * answer inserted at that index of `[incorrect 1, incorrect 2, incorrect 3]`.
 */
export function toLightevalGpqaSample(row: GpqaRow, id: string, random: PythonRandom): GpqaSample {
  const answerIndex = random.randbelow(4);
  const choices = [row["Incorrect Answer 1"], row["Incorrect Answer 2"], row["Incorrect Answer 3"]];
  choices.splice(answerIndex, 0, row["Correct Answer"]);
  return {
    id,
    task: "gpqa_diamond",
    gold: letterOf(answerIndex),
    question: row.Question,
    choices,
    answerIndex,
    domain: row["High-level domain"] ?? "",
  };
}

/** Every row, in file order: from `--data-dir` when set, else the Hub's parquet conversion. */
export async function readGpqaSamples(
  context: DatasetContext,
  optionOrder: GpqaOptionOrder = "sha256",
): Promise<GpqaSample[]> {
  const signalOption = context.signal ? { signal: context.signal } : {};
  const isLocal = context.dataDir !== undefined;
  const rows = isLocal
    ? await context.local.readFile(GPQA_DIAMOND_LOCAL_PATH, signalOption)
    : await context.hub.readSplit(GPQA_DIAMOND_HUB, signalOption);
  const source = isLocal ? GPQA_DIAMOND_LOCAL_PATH : "Idavidrein/gpqa (gpqa_diamond, train)";
  const parsed = parseRows(rows, rowSchema, source);
  const ids = sampleIds(parsed);
  if (optionOrder === "simple-evals") {
    // `examples * n_repeats` (the whole file, then again), one `rng.sample(range(4), 4)` per example in that order.
    const random = new PythonRandom(0);
    const slots = [0, 1, 2, 3];
    return Array.from({ length: SIMPLE_EVALS_REPEATS }, (_, repeat) =>
      parsed.map((row, index) =>
        toPermutedGpqaSample(row, `${ids[index] ?? `train/${index}`}#${repeat + 1}`, random.sample(slots, 4)),
      ),
    ).flat();
  }
  if (optionOrder === "lighteval") {
    // One global RNG for the whole file, drawn in row order, as lighteval formats the split.
    const random = new PythonRandom(LIGHTEVAL_GLOBAL_SEED);
    return parsed.map((row, index) => toLightevalGpqaSample(row, ids[index] ?? `train/${index}`, random));
  }
  return parsed.map((row, index) => toGpqaSample(row, ids[index] ?? `train/${index}`));
}
