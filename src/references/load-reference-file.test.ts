import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { findReference } from "./find-reference.js";
import { loadReferenceFile, parseReferenceFile } from "./load-reference-file.js";

const GSM8K = `# GSM8K references
task_defaults:
  sigma: 40
meta-llama/Llama-3.1-8B-Instruct:
  - accuracy: 74.5
  - quant_algo: FP8
    accuracy: 74.1
  - quant_algo: FP8
    kv_cache_quant_algo: FP8
    tp_size: 2
    accuracy: 73.9
`;

const errorOf = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
};

describe("parseReferenceFile", () => {
  it("reads models, specs with their lines, and task parameters over the built-in defaults", () => {
    const file = parseReferenceFile(GSM8K, "references/gsm8k.yaml", "gsm8k");
    expect(file.params).toEqual({ alpha: 0.05, beta: 0.2, sigma: 40, numSamples: 1319 });
    const entries = file.models.get("meta-llama/Llama-3.1-8B-Instruct");
    expect(entries?.map((entry) => [entry.accuracy, entry.line])).toEqual([
      [74.5, 5],
      [74.1, 6],
      [73.9, 8],
    ]);
    expect(entries?.[2]?.spec).toEqual({ quant_algo: "FP8", kv_cache_quant_algo: "FP8", tp_size: "2" });
  });

  it("takes sigma 0 (a task that does not vary, as TensorRT-LLM's passkey) and refuses a negative one", () => {
    const zero = parseReferenceFile(
      "task_defaults:\n  sigma: 0\nm:\n  - accuracy: 99\n",
      "references/p.yaml",
      "p",
    );
    expect(zero.params.sigma).toBe(0);
    expect(
      errorOf(() =>
        parseReferenceFile("task_defaults:\n  sigma: -1\nm:\n  - accuracy: 99\n", "references/p.yaml", "p"),
      ),
    ).toContain("sigma");
  });

  it("reads higher_is_better: false (a perplexity task) into the task parameters", () => {
    const file = parseReferenceFile(
      "task_defaults:\n  higher_is_better: false\n  sigma: 4.48\nm:\n  - accuracy: 5.0\n",
      "references/slimpajama.yaml",
      "slimpajama",
    );
    expect(file.params).toMatchObject({ sigma: 4.48, higherIsBetter: false });
    expect(parseReferenceFile("m:\n  - accuracy: 70\n", "references/x.yaml", "x").params).not.toHaveProperty(
      "higherIsBetter",
    );
  });

  it("reports a bad accuracy with the file and line", () => {
    const text = "my-model:\n  - accuracy: 74.5\n  - dtype: float16\n    accuracy: 174\n";
    expect(errorOf(() => parseReferenceFile(text, "refs/mmlu.yaml", "mmlu"))).toMatch(
      /^refs\/mmlu\.yaml:4: .*100.*\(my-model\.1\.accuracy\)/,
    );
  });

  it("reports a missing accuracy, a model that is not a list and an unknown task parameter", () => {
    expect(errorOf(() => parseReferenceFile("m:\n  - dtype: bf16\n", "f.yaml", "mmlu"))).toMatch(
      /^f\.yaml:2: .*\(m\.0\.accuracy\)/,
    );
    expect(errorOf(() => parseReferenceFile("a:\n  - accuracy: 1\nb: 70\n", "f.yaml", "mmlu"))).toMatch(
      /^f\.yaml:3: .*\(b\)/,
    );
    expect(errorOf(() => parseReferenceFile("task_defaults:\n  alpah: 0.1\n", "f.yaml", "mmlu"))).toMatch(
      /^f\.yaml:2: .*alpah/,
    );
  });

  it("reports YAML syntax errors with the line", () => {
    expect(errorOf(() => parseReferenceFile("m:\n  - accuracy: 1\n  bad: [\n", "f.yaml", "mmlu"))).toMatch(
      /^f\.yaml:\d+: /,
    );
    expect(
      errorOf(() => parseReferenceFile("m:\n  - accuracy: 1\nm:\n  - accuracy: 2\n", "f.yaml", "mmlu")),
    ).toMatch(/^f\.yaml:3: .*unique/i);
  });
});

describe("findReference", () => {
  const file = parseReferenceFile(GSM8K, "references/gsm8k.yaml", "gsm8k");
  const model = "meta-llama/Llama-3.1-8B-Instruct";

  it("picks the default for no spec and the exact spec match otherwise", () => {
    expect(findReference(file, model, {}).accuracy).toBe(74.5);
    expect(findReference(file, model, { quant_algo: "FP8" }).accuracy).toBe(74.1);
    expect(
      findReference(file, model, { quant_algo: "FP8", kv_cache_quant_algo: "FP8", tp_size: "2" }).accuracy,
    ).toBe(73.9);
  });

  it("names task, model and spec when nothing matches", () => {
    expect(errorOf(() => findReference(file, model, { quant_algo: "NVFP4" }))).toMatch(
      /task gsm8k, model meta-llama\/Llama-3\.1-8B-Instruct, spec quant_algo=NVFP4 .*Registered specs: \(default\) \(line 5\)/,
    );
    expect(errorOf(() => findReference(file, "other", {}))).toMatch(
      /task gsm8k, model other, spec \(default\)/,
    );
  });

  it("names the missing file", () => {
    const directory = mkdtempSync(join(tmpdir(), "refs-"));
    expect(errorOf(() => loadReferenceFile(directory, "mmlu"))).toContain(join(directory, "mmlu.yaml"));
    writeFileSync(join(directory, "mmlu.yaml"), "m:\n  - accuracy: 66.6\n");
    expect(loadReferenceFile(directory, "mmlu").params.numSamples).toBe(4096);
  });
});
