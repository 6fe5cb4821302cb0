// End to end: a lower-is-better task through `gate`. WikiText-2's first page (the shared data) scored by the tiny
// GGUF in-process (real log-probabilities, rolling windows of 128 tokens); the result's headline is its word
// perplexity, lower is better, and `gate` puts γ above the reference: a run at or below γ passes, one above fails
// with exit 1.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { hasSharedData, repoRoot, runCli, sharedData } from "./support/cli.js";

const modelPath = join(
  process.env["LLM_BENCH_SHARED_MODELS"] ?? join(repoRoot, "../shared/models"),
  "llama-2-tiny-random.gguf",
);
const canRun = hasSharedData && existsSync(modelPath);
if (!canRun) process.stdout.write("perplexity gate e2e: the shared data or models are absent\n");

/** A reference file for the tiny model: `reference`, σ 1000 (n = 1 page: θ-sized steps of about 3,500). */
function references(reference: number): string {
  const dir = mkdtempSync(join(tmpdir(), "e2e-ppl-refs-"));
  writeFileSync(
    join(dir, "wikitext.yaml"),
    `task_defaults:\n  sigma: 1000\nllama-2-tiny-random:\n  - accuracy: ${reference}\n`,
  );
  return dir;
}

describe.skipIf(!canRun)("gate on a lower-is-better score (wikitext word perplexity)", () => {
  let runDir: string;
  let measured: number;

  beforeAll(async () => {
    const outputDir = mkdtempSync(join(tmpdir(), "e2e-ppl-"));
    const result = await runCli([
      "run",
      "wikitext",
      "--model-path",
      modelPath,
      "--tokenizer",
      `gguf:${modelPath}`,
      "--data-dir",
      sharedData,
      "--first",
      "1",
      "--max-context-tokens",
      "128",
      "--output-dir",
      outputDir,
    ]);
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/score: word_perplexity \d+\.\d{4} over 1, .*\(lower is better\)/);
    runDir = join(outputDir, readdirSync(outputDir)[0] ?? "");
    const headline = (
      JSON.parse(readFileSync(join(runDir, "wikitext.json"), "utf8")) as {
        headline: { metric: string; higher_is_better: boolean; value: number; num_samples: number };
      }
    ).headline;
    expect(headline).toMatchObject({ metric: "word_perplexity", higher_is_better: false, num_samples: 1 });
    measured = headline.value;
    // A random-weight model: its perplexity is far above any real model's.
    expect(measured).toBeGreaterThan(1000);
  }, 120_000);

  it("passes when the run is at most γ = reference + 1.645·√(2·1000²) and fails above it, with exit 1", async () => {
    const offset = 1.6448536269514722 * Math.sqrt(2 * 1000 ** 2);
    const pass = await runCli(["gate", runDir, "--references", references(measured - 100), "--json"]);
    expect(pass.stderr).toBe("");
    expect(pass.code).toBe(0);
    const [row] = JSON.parse(pass.stdout) as Record<string, unknown>[];
    expect(row).toMatchObject({ metric: "word_perplexity", higher_is_better: false, verdict: "PASS" });
    expect(row?.["threshold"]).toBeCloseTo(measured - 100 + offset, 6);
    const fail = await runCli(["gate", runDir, "--references", references(measured - 5000)]);
    expect(fail.code).toBe(1);
    expect(fail.stdout).toMatch(/wikitext\s+word_perplexity \(lower is better\)\s+.*FAIL/);
    expect(fail.stdout).toMatch(/measured past γ/);
  });
});
