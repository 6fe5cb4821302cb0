// The generator's keys: after `random.seed(0)`, each key is five `str(random.randint(0, 9))` joined.
import { PythonRandom } from "../../stats/python-random.js";
import { KEYS_PER_DEPTH, PASSKEY_SEED, type PasskeyLevel } from "./passkey-levels.js";

/** One row as `build_passkey` writes it, without its context: the needle's line, the key and the `len` field. */
export interface PasskeyRow {
  /** `j`: noise lines before the needle. */
  readonly noiseBefore: number;
  readonly key: string;
  /** `26 * (num_noise - j)`, as the generator writes it. */
  readonly len: number;
}

/** The next key of `random`'s stream. */
export function drawPasskey(random: PythonRandom): string {
  let key = "";
  for (let digit = 0; digit < 5; digit++) key += String(random.randint(0, 9));
  return key;
}

/** `range(0, num_noise + 1, step)`: the generator's needle positions for a level. */
export function levelDepthLines(level: PasskeyLevel): number[] {
  const lines: number[] = [];
  for (let line = 0; line <= level.numNoise; line += level.step) lines.push(line);
  return lines;
}

/**
 * One run of `construct_synthetic_dataset.py --test_level L` (seed 0: a fresh stream per level, as each level is
 * its own run): five rows per needle position, each with the next key. `depthLines` replaces the level's positions.
 */
export function generatePasskeyRows(
  level: PasskeyLevel,
  depthLines: readonly number[] = levelDepthLines(level),
): PasskeyRow[] {
  const random = new PythonRandom(PASSKEY_SEED);
  const rows: PasskeyRow[] = [];
  for (const noiseBefore of depthLines) {
    for (let repeat = 0; repeat < KEYS_PER_DEPTH; repeat++) {
      rows.push({ noiseBefore, key: drawPasskey(random), len: 26 * (level.numNoise - noiseBefore) });
    }
  }
  return rows;
}
