// The generator's test levels (`--test_level` 0–5): noise lines, depth step, and the task each is run as here.

export interface PasskeyLevel {
  /** `--tasks` name: TensorRT-LLM's accuracy-suite dataset names for levels 3 and 4, the same pattern for the rest. */
  readonly task: string;
  /** The target length the generator's comment gives, as ids and facets show it (`64k`). */
  readonly label: string;
  /** `num_noise[level]`: noise lines in every context. */
  readonly numNoise: number;
  /** `step[level]`: the needle is put after 0, step, 2·step, … ≤ numNoise noise lines. */
  readonly step: number;
}

export const PASSKEY_LEVELS: readonly PasskeyLevel[] = [
  { task: "passkey_retrieval_8k", label: "8k", numNoise: 326, step: 6 },
  { task: "passkey_retrieval_16k", label: "16k", numNoise: 652, step: 12 },
  { task: "passkey_retrieval_32k", label: "32k", numNoise: 1305, step: 22 },
  { task: "passkey_retrieval_64k", label: "64k", numNoise: 2610, step: 45 },
  { task: "passkey_retrieval_128k", label: "128k", numNoise: 5220, step: 90 },
  { task: "passkey_retrieval_256k", label: "256k", numNoise: 10440, step: 180 },
];

/** TensorRT-LLM's accuracy suite registers levels 3 and 4 (PassKeyRetrieval64k, PassKeyRetrieval128k): the default. */
export const DEFAULT_PASSKEY_TASKS: readonly string[] = ["passkey_retrieval_64k", "passkey_retrieval_128k"];

/** `repeat_time`: rows (keys) per depth. */
export const KEYS_PER_DEPTH = 5;

/** `--random_seed`'s default, given to `random.seed` before the first key. */
export const PASSKEY_SEED = 0;

export function levelOfTask(task: string): PasskeyLevel | undefined {
  return PASSKEY_LEVELS.find((level) => level.task === task);
}
