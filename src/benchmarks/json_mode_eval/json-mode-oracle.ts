// What the mock server answers a JSON-mode prompt with: the reference completion (right), or — wrong — JSON that is
// not the reference (the reference with one more key, which a strict schema also rejects) or text that is not JSON.
import type { OracleAnswer } from "../../byob/benchmark-config.js";

export const jsonModeOracle: OracleAnswer = (sample, isCorrect, variant) => {
  const completion = String(sample.metadata["completion"] ?? "");
  if (isCorrect) return variant % 2 === 0 ? completion : JSON.stringify(JSON.parse(completion), null, 2);
  if (variant % 2 === 1) return "Sure! Here is the JSON you asked for.";
  const reference = JSON.parse(completion) as unknown;
  const changed =
    typeof reference === "object" && reference !== null && !Array.isArray(reference)
      ? { ...reference, __oracle_extra_key__: true }
      : { value: reference };
  return JSON.stringify(changed);
};
