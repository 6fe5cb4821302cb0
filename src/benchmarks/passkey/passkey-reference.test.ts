// passkey's task constants as TensorRT-LLM registers PassKeyRetrieval64k/128k (α 0.5, β 0.2, σ 0, 20 samples): the
// gate's threshold is the reference itself, here on TensorRT-LLM's own reference file for the 64k task.
import { describe, expect, it } from "vitest";
import { parseReferenceFile } from "../../references/load-reference-file.js";
import { taskDefaults } from "../../references/task-defaults.js";
import { gateAccuracy } from "../../stats/hypothesis-test.js";

// NVIDIA/TensorRT-LLM tests/integration/defs/accuracy/references/passkey_retrieval_64k.yaml
// @1100b26240b071b7ebdc0c5cb5f782fd97bc5d3f, as README.md gives it for references/passkey.yaml.
const TRTLLM_64K = `meta-llama/Llama-3.1-8B:
  - accuracy: 99
  - quant_algo: FP8_PER_CHANNEL_PER_TOKEN
    accuracy: 99
`;

describe("passkey task constants", () => {
  it("are TensorRT-LLM's: α 0.5, β 0.2, σ 0, NUM_SAMPLES 20", () => {
    expect(taskDefaults("passkey")).toEqual({ alpha: 0.5, beta: 0.2, sigma: 0, numSamples: 20 });
  });

  it("gate at the reference accuracy: 19 of 20 right fails a reference of 99, 20 of 20 passes", () => {
    const file = parseReferenceFile(TRTLLM_64K, "references/passkey.yaml", "passkey");
    const reference = file.models.get("meta-llama/Llama-3.1-8B")?.[1];
    expect(reference).toMatchObject({ accuracy: 99, spec: { quant_algo: "FP8_PER_CHANNEL_PER_TOKEN" } });
    const gate = (measured: number) =>
      gateAccuracy({ reference: reference?.accuracy ?? Number.NaN, measured, n: 20 }, file.params);
    expect(gate(95)).toMatchObject({ threshold: 99, theta: 0, isPassed: false });
    expect(gate(100)).toMatchObject({ threshold: 99, isPassed: true });
  });
});
