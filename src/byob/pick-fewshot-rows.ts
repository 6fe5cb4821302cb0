// Which rows are a sample's few-shot examples, by a recipe's selection rule: NeMo Evaluator's one seeded draw for
// every sample, the pool's first K rows, or lm-evaluation-harness's seeded draw per sample.
import type { Row } from "../datasets/types.js";
import { ConfigError } from "../errors.js";
import { LM_EVAL_FEWSHOT_SEED, lmEvalFewshotIndices } from "../prompts/lm-eval-fewshot-indices.js";
import { drawExamples, FEWSHOT_SEED } from "./fewshot-examples.js";
import type { FewshotSelection } from "./recipe-definition.js";

/** The rows examples are drawn from. */
export interface FewshotPool {
  rows: readonly Row[];
  /** True when the pool holds the evaluated rows themselves (NeMo's draw then skips the sample's own row). */
  isPrimary: boolean;
  /** For run.json and messages. */
  description: string;
}

/** The seed a selection rule draws with (none for "first"). */
export function selectionSeed(selection: FewshotSelection): number | undefined {
  if (selection === "nemo") return FEWSHOT_SEED;
  return selection === "lm-eval" ? LM_EVAL_FEWSHOT_SEED : undefined;
}

export interface PickOptions {
  pool: FewshotPool;
  selection: FewshotSelection;
  /** How many rows the evaluated dataset has (lm-eval draws once per row, in order). */
  datasetSize: number;
  /** The most shots a prompt will ask for (the run's `--n-shots`). */
  nShots: number;
  /** For the error when the pool is too small: `gsm8k recipe sglang`. */
  label: string;
}

/**
 * A function giving the example rows of the sample at dataset position `index` (its row `self`) for up to
 * `options.nShots` shots. "first" and "lm-eval" need that many rows in the pool (else a ConfigError, here); "nemo"
 * takes the whole pool when it is smaller, as NeMo does.
 */
export function createFewshotPicker(
  options: PickOptions,
): (index: number, self: Row, nShots: number) => Row[] {
  const { pool, selection } = options;
  if (selection !== "nemo" && options.nShots > pool.rows.length) {
    throw new ConfigError(
      `${options.label}: --n-shots ${options.nShots} needs ${options.nShots} shot rows, the data has ${pool.rows.length} (${pool.description}).`,
    );
  }
  const lmEvalDraws = new Map<number, number[][]>();
  return (index, self, nShots) => {
    if (nShots === 0) return [];
    switch (selection) {
      case "nemo":
        return drawExamples(pool.rows, nShots, pool.isPrimary ? self : undefined);
      case "first":
        return pool.rows.slice(0, nShots);
      case "lm-eval": {
        let draws = lmEvalDraws.get(nShots);
        if (draws === undefined) {
          draws = lmEvalFewshotIndices(options.datasetSize, pool.rows.length, nShots);
          lmEvalDraws.set(nShots, draws);
        }
        return (draws[index] ?? []).map((rowIndex) => {
          const row = pool.rows[rowIndex];
          if (row === undefined) throw new Error(`lm-eval shot ${rowIndex} is outside the pool`);
          return row;
        });
      }
    }
  };
}
