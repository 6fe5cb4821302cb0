// The few-shot pool's source as NeMo Evaluator's `build_fewshot_examples` picks it
// (NVIDIA-NeMo/Evaluator packages/nemo-evaluator/src/nemo_evaluator/contrib/byob/eval_logic.py@76c865c3c09132c1d102a0a84454c36823f19cff):
// `fewshot_dataset` first; then `fewshot_split` of the primary `hf://` dataset (same repo and config) when the
// first is unset, fails to load or is empty; else nothing (the caller draws from the evaluated rows). A failure
// that falls through is reported through `onWarning`, as NeMo logs it.
import type { DatasetContext, Row } from "../../datasets/types.js";
import { ConfigError, toError } from "../../errors.js";
import { type DatasetSource, describeDatasetSource, parseDatasetSource } from "./dataset-source.js";
import { readDatasetSource } from "./read-dataset-source.js";

export interface FewshotRowsOptions {
  fewshotDataset?: string;
  fewshotSplit?: string;
  primary: DatasetSource;
  definitionDir: string;
  context: DatasetContext;
  /** See `SourceReadOptions.localDir`. */
  localDir?: string;
  onWarning?: (message: string) => void;
}

export async function loadFewshotRows(
  options: FewshotRowsOptions,
): Promise<{ rows: Row[]; source: DatasetSource } | undefined> {
  const { fewshotDataset, fewshotSplit, primary, context } = options;
  const localOptions = options.localDir === undefined ? {} : { localDir: options.localDir };
  if (fewshotSplit !== undefined && primary.kind !== "hub") {
    throw new ConfigError(
      `"fewshot_split" ${fewshotSplit} needs an hf:// dataset; for a file, give the few-shot rows as "fewshot_dataset".`,
    );
  }
  if (fewshotDataset !== undefined) {
    const source = parseDatasetSource(fewshotDataset, options.definitionDir, "fewshot_dataset");
    try {
      const rows = await readDatasetSource(source, context, localOptions);
      if (rows.length > 0) return { rows, source };
      options.onWarning?.(
        `fewshot_dataset ${describeDatasetSource(source)} has no rows; trying the next source.`,
      );
    } catch (error) {
      if (fewshotSplit === undefined) throw error;
      options.onWarning?.(
        `fewshot_dataset ${fewshotDataset} could not be read (${toError(error).message}); using fewshot_split ${fewshotSplit}.`,
      );
    }
  }
  if (fewshotSplit === undefined || primary.kind !== "hub") return undefined;
  const source: DatasetSource = {
    ...primary,
    split: fewshotSplit,
    uri: `${primary.uri.split("?")[0]}?split=${fewshotSplit}`,
  };
  const rows = await readDatasetSource(source, context, localOptions);
  return rows.length === 0 ? undefined : { rows, source };
}
