// swe_bench and swe_bench_pro on the staged real rows (../shared/data/swe_bench): all 500 SWE-bench Verified rows
// (the Hub schema, as JSON lines) load with MANIFEST.md's counts per repository and difficulty, every prompt builds
// and ends with what the oracle recognises, and the oracle's right answer reads back as the gold patch; the single
// example record equals its JSONL row; the 27 SWE-bench Pro rows of the third-party export load and their prompts build.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { promptTail } from "../../core/prompt.js";
import { createDatasetContext } from "../../datasets/create-dataset-context.js";
import { sweBenchPro } from "../swe_bench_pro/index.js";
import { printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import type { LoadedBenchmark, PromptOptions, Recipe } from "../types.js";
import { extractSwePatch } from "./extract-patch.js";
import { sweBench } from "./index.js";
import { sweBenchRowSchema, sweInstanceFromRow } from "./swe-bench-rows.js";
import type { SweBenchSample } from "./swe-instance.js";
import { sweOracle } from "./swe-oracle.js";

const VERIFIED = "swe_bench/swe_bench_verified_test.jsonl";
const PRO_EXPORT = "swe_bench/swe_bench_pro_suite_instances_thirdparty.json";
const EXAMPLE = "swe_bench/example_config_astropy__astropy-12907.json";

const shared = sharedDataDir(VERIFIED);
if (shared === undefined) printSkipReason("swe_bench real-data suite");
const suite = shared === undefined ? describe.skip : describe;

const scratch = mkdtempSync(path.join(tmpdir(), "swe-real-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * The staged files under the --data-dir layout, copied to a scratch directory outside the repository (a data dir's
 * listing takes regular files only, not links).
 */
function dataDir(): string {
  const base = shared ?? "";
  mkdirSync(path.join(scratch, "swe_bench", "data"), { recursive: true });
  copyFileSync(
    path.join(base, VERIFIED),
    path.join(scratch, "swe_bench", "data", "test-00000-of-00001.jsonl"),
  );
  mkdirSync(path.join(scratch, "swe_bench_pro"), { recursive: true });
  copyFileSync(path.join(base, PRO_EXPORT), path.join(scratch, "swe_bench_pro", "suite_instances.json"));
  return scratch;
}

const count = (values: readonly string[]): Record<string, number> =>
  values.reduce<Record<string, number>>((tally, value) => {
    tally[value] = (tally[value] ?? 0) + 1;
    return tally;
  }, {});

const CHAT: PromptOptions = { endpointType: "chat", nShots: 0, systemPrompt: undefined, cot: false };

/** Every prompt builds, ends with the oracle's suffix, and the oracle's right answer reads back as the gold patch. */
function checkPrompts(loaded: LoadedBenchmark<SweBenchSample>, recipe: Recipe): void {
  for (const sample of loaded.samples) {
    const tail = promptTail(loaded.buildPrompt(sample, CHAT));
    expect(tail).toContain(sample.instance.problemStatement);
    expect(tail.endsWith(sweOracle.promptSuffix(sample, recipe))).toBe(true);
    const answer = sweOracle.answer(sample, true, 0, recipe);
    expect(extractSwePatch(answer).replace(/^\n/, "")).toBe(
      sample.gold.endsWith("\n") ? sample.gold : `${sample.gold}\n`,
    );
  }
}

let directory: string | undefined;
const context = () => {
  directory ??= dataDir();
  return createDatasetContext({ dataDir: directory, env: {} });
};
const loadVerified = () => sweBench.load({ context: context(), nShots: 0 });
const loadPro = () => sweBenchPro.load({ context: context(), nShots: 0, tasks: ["swe_bench_pro"] });

suite("swe_bench on the 500 staged SWE-bench Verified rows", () => {
  it("loads every row with MANIFEST.md's counts per repository and difficulty", async () => {
    const { samples } = await loadVerified();
    expect(samples).toHaveLength(500);
    expect(count(samples.map((sample) => sample.instance.repo))).toEqual({
      "django/django": 231,
      "sympy/sympy": 75,
      "sphinx-doc/sphinx": 44,
      "matplotlib/matplotlib": 34,
      "scikit-learn/scikit-learn": 32,
      "astropy/astropy": 22,
      "pydata/xarray": 22,
      "pytest-dev/pytest": 19,
      "pylint-dev/pylint": 10,
      "psf/requests": 8,
      "mwaskom/seaborn": 2,
      "pallets/flask": 1,
    });
    expect(count(samples.map((sample) => sample.facets?.["difficulty"] ?? ""))).toEqual({
      "<15 min fix": 194,
      "15 min - 1 hour": 261,
      "1-4 hours": 42,
      ">4 hours": 3,
    });
    for (const sample of samples) {
      expect(sample.instance.failToPass.length).toBeGreaterThan(0);
      expect(sample.instance.baseCommit).toMatch(/^[0-9a-f]{40}$/);
    }
  });

  it("builds every prompt, recognised by the oracle, whose right answer is the gold patch", async () => {
    checkPrompts(await loadVerified(), sweBench.recipes[0]);
  });

  it("has the single example record equal to its JSONL row", async () => {
    const example = JSON.parse(readFileSync(path.join(shared ?? "", EXAMPLE), "utf8")) as Record<
      string,
      unknown
    >;
    const row = readFileSync(path.join(shared ?? "", VERIFIED), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((each) => each["instance_id"] === "astropy__astropy-12907");
    expect(row).toEqual(example);
    const { samples } = await loadVerified();
    const sample = samples.find((each) => each.id === "astropy__astropy-12907");
    expect(sample?.instance).toEqual(sweInstanceFromRow(sweBenchRowSchema.parse(example)));
  });
});

suite("swe_bench_pro on the 27 staged SWE-bench Pro rows (third-party export)", () => {
  it("loads them with their languages and images", async () => {
    const { samples } = await loadPro();
    expect(samples).toHaveLength(27);
    expect(count(samples.map((sample) => sample.instance.language))).toEqual({
      go: 10,
      python: 8,
      js: 7,
      ts: 2,
    });
    for (const sample of samples) {
      expect(sample.instance.image).toMatch(/^jefzda\/sweap-images:\S+$/);
      expect(sample.instance.failToPass.length).toBeGreaterThan(0);
      expect(sample.instance.requirements).not.toBe("");
    }
  });

  it("builds every prompt (issue, requirements, interface), recognised by the oracle", async () => {
    const loaded = await loadPro();
    for (const sample of loaded.samples) {
      expect(promptTail(loaded.buildPrompt(sample, CHAT))).toContain(
        `Requirements:\n${sample.instance.requirements}\n\nNew interfaces introduced:\n${sample.instance.interface}`,
      );
    }
    checkPrompts(loaded, sweBenchPro.recipes[0]);
  });
});
