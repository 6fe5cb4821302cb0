// End to end: TensorRT-LLM's passkey tasks through the CLI — an oracle run of the 64k task's first 20 rows gated per
// task against a `passkey_retrieval_64k.yaml` reference (σ 0: the threshold is the reference), and a run whose
// haystacks are cut to exactly N tokens with a tokenizer.json (`--context-tokens`, `--depths`, `--tokenizer`).
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { npmTokenizerDirectory } from "../../src/tokenizers/test-support/npm-tokenizer-json.js";
import { journalOf, runAgainstOracle, runCli, sharedData, startMockServerProcess } from "./support/cli.js";

const first64k = (accuracy: string): Promise<string> =>
  runAgainstOracle({
    benchmarks: ["passkey"],
    dataDir: sharedData,
    accuracy,
    serverArgs: ["--oracle-seed", "3"],
    runArgs: ["--tasks", "passkey_retrieval_64k", "--first", "20", "--concurrency", "8"],
  });

describe("passkey through the CLI", () => {
  let references: string;
  let perfect: string;
  let worse: string;

  beforeAll(async () => {
    perfect = await first64k("1");
    worse = await first64k("0.8");
    references = mkdtempSync(join(tmpdir(), "e2e-passkey-refs-"));
    writeFileSync(join(references, "passkey_retrieval_64k.yaml"), "mock-model:\n  - accuracy: 99\n");
  }, 120_000);

  it("gates the 64k task on its own reference file: 100% passes a reference of 99 with σ 0, 80% fails it", async () => {
    const pass = await runCli(["gate", perfect, "--references", references, "--json"]);
    expect(pass.stderr).toBe("");
    expect(pass.code).toBe(0);
    const rows = JSON.parse(pass.stdout) as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      benchmark: "passkey_retrieval_64k",
      model: "mock-model",
      measured: 100,
      num_samples: 20,
      threshold: 99,
      alpha: 0.5,
      sigma: 0,
      verdict: "PASS",
    });
    const fail = await runCli(["gate", worse, "--references", references, "--json"]);
    expect(fail.code).toBe(1);
    expect((JSON.parse(fail.stdout) as Record<string, unknown>[])[0]).toMatchObject({ verdict: "FAIL" });
  });

  it("journals each 235k-character prompt as its digest and reports depth per task", () => {
    const [record] = journalOf<{ prompt: Record<string, unknown>; facets: Record<string, string> }>(perfect);
    expect(record?.prompt).toMatchObject({ type: "digest", form: "completion", chars: 235_141 });
    expect(String(record?.prompt["tail"])).toMatch(/What is the pass key\?\n\nThe pass key is$/);
    expect(record?.facets).toEqual({ depth: "0", context_tokens: "64k" });
    const result = JSON.parse(readFileSync(join(perfect, "passkey.json"), "utf8")) as {
      breakdowns: Record<string, Record<string, { num_samples: number }>>;
    };
    expect(result.breakdowns["depth"]?.["0"]?.num_samples).toBe(5);
  });

  it("cuts haystacks to exactly --context-tokens with --tokenizer and records the tokenizer in run.json", async () => {
    const server = await startMockServerProcess([]);
    try {
      const outputDir = mkdtempSync(join(tmpdir(), "e2e-passkey-tokens-"));
      const tokenizer = npmTokenizerDirectory("gpt4o");
      const result = await runCli([
        "run",
        "passkey",
        "--base-url",
        server.url,
        "--context-tokens",
        "2048,4096",
        "--depths",
        "0,100",
        "--tokenizer",
        tokenizer,
        "--journal-prompts",
        "full",
        "--output-dir",
        outputDir,
      ]);
      expect(result.stderr).not.toMatch(/internal error/);
      expect(result.code).toBe(0);
      const runDir = join(outputDir, readdirSync(outputDir)[0] ?? "");
      const manifest = JSON.parse(readFileSync(join(runDir, "run.json"), "utf8")) as {
        tokenizer: { kind: string; source: string };
      };
      expect(manifest.tokenizer).toMatchObject({ kind: "file" });
      const records = journalOf<{ id: string; facets: Record<string, string>; prompt: { text: string } }>(
        runDir,
      );
      expect(records).toHaveLength(2 * 2 * 5);
      expect(
        new Set(records.map((record) => `${record.facets["depth"]}/${record.facets["context_tokens"]}`)),
      ).toEqual(new Set(["0/2048", "0/4096", "100/2048", "100/4096"]));
      // The prompts as sent (kept whole by --journal-prompts full): the needle first at depth 0, last at 100.
      const at = (depth: string, tokens: string) =>
        records.find(
          (record) => record.facets["depth"] === depth && record.facets["context_tokens"] === tokens,
        );
      const shallow = at("0", "4096")?.prompt.text ?? "";
      expect(shallow.indexOf("The pass key is")).toBeLessThan(400);
      const deep = at("100", "4096")?.prompt.text ?? "";
      expect(deep.length - deep.indexOf("The pass key is")).toBeLessThan(400);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
