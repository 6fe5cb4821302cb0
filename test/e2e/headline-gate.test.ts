// End to end: a recipe gated by a score other than accuracy. CNN/DailyMail (rouge1 × 100, higher is better) run
// against the oracle at all-right and all-wrong: `gate` reads the result's headline, passes the one and fails the
// other with exit 1, and says which score it judged.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot, runAgainstOracle, runCli } from "./support/cli.js";

const fixtures = join(repoRoot, "src/benchmarks/cnn_dailymail/fixtures");

describe("gate on a headline score (CNN/DailyMail's rouge1 × 100)", () => {
  let right: string;
  let wrong: string;
  let references: string;

  beforeAll(async () => {
    right = await runAgainstOracle({ benchmarks: ["cnn_dailymail"], dataDir: fixtures, accuracy: "1" });
    wrong = await runAgainstOracle({ benchmarks: ["cnn_dailymail"], dataDir: fixtures, accuracy: "0" });
    references = mkdtempSync(join(tmpdir(), "e2e-headline-refs-"));
    // σ 11.06, n 3, α 0.002: γ = 40 + Φ⁻¹(0.002)·√(2·11.06²/3) = 40 − 2.878·9.030 ≈ 14.01.
    writeFileSync(join(references, "cnn_dailymail.yaml"), "mock-model:\n  - accuracy: 40.0\n");
  }, 120_000);

  const headlineOf = (runDir: string) =>
    (
      JSON.parse(readFileSync(join(runDir, "cnn_dailymail.json"), "utf8")) as {
        headline: Record<string, unknown>;
      }
    ).headline;

  it("writes the headline: rouge1's mean × 100 over the graded samples, higher is better", () => {
    expect(headlineOf(right)).toMatchObject({
      metric: "rouge1",
      scale: 100,
      higher_is_better: true,
      value: 100,
    });
    const low = headlineOf(wrong);
    expect(low["num_samples"]).toBe(3);
    expect(low["value"]).toBeLessThan(20);
  });

  it("gate passes the right run and fails the wrong one with exit 1, judging rouge1 × 100", async () => {
    const pass = await runCli(["gate", right, "--references", references, "--json"]);
    expect(pass.stderr).toBe("");
    expect(pass.code).toBe(0);
    const [row] = JSON.parse(pass.stdout) as Record<string, unknown>[];
    expect(row).toMatchObject({ benchmark: "cnn_dailymail", metric: "rouge1 × 100", higher_is_better: true });
    expect(row?.["measured"]).toBe(100);
    expect(row?.["threshold"]).toBeCloseTo(40 - 2.878161739095479 * Math.sqrt((2 * 11.06 ** 2) / 3), 4);
    const fail = await runCli(["gate", wrong, "--references", references]);
    expect(fail.code).toBe(1);
    expect(fail.stdout).toMatch(/cnn_dailymail\s+rouge1 × 100\s+.*FAIL/);
  });

  it("compare pairs the headline on the shared samples: the wrong run is significantly worse", async () => {
    const result = await runCli(["compare", right, wrong, "--json"]);
    expect(result.code).toBe(0);
    const [cnn] = (
      JSON.parse(result.stdout) as { benchmarks: { paired_headline: Record<string, unknown>[] }[] }
    ).benchmarks;
    const [pair] = cnn?.paired_headline ?? [];
    expect(pair).toMatchObject({ metric: "rouge1 × 100", num_shared_samples: 3, baseline_value: 100 });
    expect(pair?.["difference"]).toBeCloseTo((headlineOf(wrong)["value"] as number) - 100, 10);
    expect(pair?.["is_significant"]).toBe(true);
    expect(pair?.["verdict"]).toMatch(/is significantly worse than/);
  });
});
