// pythainlp's crfcut CRF (a CRFsuite first-order model): state weights by attribute name, read at first use.
import { gunzipSync } from "node:zlib";
import {
  CRFCUT_ATTRIBUTES_GZIP_BASE64,
  CRFCUT_TRANSITIONS,
  CRFCUT_WEIGHTS_GZIP_BASE64,
} from "./crfcut-model-data.js";

/** A CRFsuite model with two labels, 0 = `I` and 1 = `E`. */
export interface CrfcutModel {
  /** The state weights `[I, E]` of each attribute the model knows. */
  readonly stateWeights: ReadonlyMap<string, readonly [number, number]>;
  /** `transitions[from][to]`. */
  readonly transitions: readonly (readonly [number, number])[];
}

function gunzipBase64(chunks: readonly string[]): Buffer {
  return gunzipSync(Buffer.from(chunks.join(""), "base64"));
}

function readModel(): CrfcutModel {
  const names = gunzipBase64(CRFCUT_ATTRIBUTES_GZIP_BASE64).toString("utf8").split("\n");
  const weights = gunzipBase64(CRFCUT_WEIGHTS_GZIP_BASE64);
  const stateWeights = new Map<string, readonly [number, number]>();
  for (const [id, escaped] of names.entries()) {
    const name = JSON.parse(`"${escaped}"`) as string;
    stateWeights.set(name, [weights.readDoubleLE(16 * id), weights.readDoubleLE(16 * id + 8)]);
  }
  return { stateWeights, transitions: CRFCUT_TRANSITIONS };
}

let model: CrfcutModel | undefined;

/** The model of pythainlp 5.0.4's `sentenceseg_crfcut.model` (36,428 attributes), built once on first use. */
export function crfcutModel(): CrfcutModel {
  model ??= readModel();
  return model;
}
