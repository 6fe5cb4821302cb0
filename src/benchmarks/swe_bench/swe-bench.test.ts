// swe_bench on rows written in SWE-bench Verified's published schema: the samples and their instances, the test
// lists (JSON-encoded strings) and their errors, the Hub loader (the parquet file at the pinned revision through the
// local Hub-layout server), the prompt's bytes, and `--tasks`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { caughtDatasetError } from "../../datasets/test-support/caught-dataset-error.js";
import { ConfigError } from "../../errors.js";
import { loadFromFakeHub } from "../test-support/load-from-fake-hub.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { fixturesDir } from "../test-support/shared-data-dir.js";
import type { LoadOptions, PromptOptions } from "../types.js";
import { sweBench } from "./index.js";
import { SWE_BENCH_VERIFIED_FILE } from "./read-swe-instances.js";
import type { SweBenchSample, SweInstance } from "./swe-instance.js";
import { sweIssueText, swePromptText } from "./swe-prompt.js";
import { jsonTestListSchema, pythonTestListSchema } from "./swe-test-list.js";
import { readJsonlRows, SWE_BENCH_COLUMNS, writeStringParquet } from "./test-support/write-string-parquet.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = (prefix: string): string => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

const FIXTURES = fixturesDir("swe_bench");
const FIXTURE_FILE = path.join(FIXTURES, "swe_bench", "data", "test-00000-of-00001.jsonl");
const FIXTURE_ROWS = readJsonlRows(FIXTURE_FILE);
const local = (dataDir = FIXTURES): LoadOptions => ({
  context: createLocalDatasetContext(dataDir),
  nShots: 0,
});

/** A data dir holding `rows` as swe_bench's local copy. */
function dataDirWith(rows: readonly Record<string, unknown>[]): string {
  const dir = tempDir("swe-rows-");
  const file = path.join(dir, "swe_bench", "data", "test-00000-of-00001.jsonl");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${rows.map((row) => JSON.stringify(row)).join("\n")}\n`);
  return dir;
}

describe("test lists", () => {
  it("reads SWE-bench's JSON-encoded lists and Pro's Python literals (quotes and escapes as Python reads them)", () => {
    expect(jsonTestListSchema.parse('["a.py::t[x]", "b.py::u"]')).toEqual(["a.py::t[x]", "b.py::u"]);
    expect(jsonTestListSchema.parse("[]")).toEqual([]);
    expect(jsonTestListSchema.parse(["given", "as a list"])).toEqual(["given", "as a list"]);
    expect(pythonTestListSchema.parse("['a', \"it's\", 'say \\'hi\\'']")).toEqual(["a", "it's", "say 'hi'"]);
    expect(pythonTestListSchema.parse('["json", "form"]')).toEqual(["json", "form"]);
  });

  it("refuses what is not a list of names, saying what was expected", () => {
    for (const bad of ["['single quotes are not JSON']", '"a string"', "[1, 2]", "[", ""]) {
      expect(jsonTestListSchema.safeParse(bad).error?.issues[0]?.message).toMatch(
        /expected a JSON-encoded list of test names/,
      );
    }
    for (const bad of ["[1]", "['a', b]", "{'a': 1}", "['a'"]) {
      expect(pythonTestListSchema.safeParse(bad).error?.issues[0]?.message).toMatch(
        /expected a Python list literal of test names/,
      );
    }
  });
});

describe("swe_bench samples", () => {
  it("are the rows in file order: id the instance_id, gold the patch, facets repository and difficulty", async () => {
    const { samples } = await sweBench.load(local());
    expect(samples.map((sample) => [sample.id, sample.task, sample.facets])).toEqual(
      FIXTURE_ROWS.map((row) => [
        row["instance_id"],
        "swe_bench",
        { repo: row["repo"], difficulty: row["difficulty"] },
      ]),
    );
    const [row] = FIXTURE_ROWS;
    const first = samples[0];
    expect(first?.gold).toBe(row?.["patch"]);
    expect(first?.instance).toEqual({
      instanceId: row?.["instance_id"],
      repo: row?.["repo"],
      baseCommit: row?.["base_commit"],
      patch: row?.["patch"],
      testPatch: row?.["test_patch"],
      problemStatement: row?.["problem_statement"],
      hintsText: row?.["hints_text"],
      version: row?.["version"],
      environmentSetupCommit: row?.["environment_setup_commit"],
      failToPass: JSON.parse(String(row?.["FAIL_TO_PASS"])),
      passToPass: JSON.parse(String(row?.["PASS_TO_PASS"])),
      language: "python",
    });
  });

  it("reads null hints, version and environment commit as empty text", async () => {
    const [row] = FIXTURE_ROWS;
    if (row === undefined) throw new Error("no fixture rows");
    const dir = dataDirWith([{ ...row, hints_text: null, version: null, environment_setup_commit: null }]);
    const [sample] = (await sweBench.load(local(dir))).samples;
    expect(sample?.instance).toMatchObject({ hintsText: "", version: "", environmentSetupCommit: "" });
  });

  it("refuses a bad FAIL_TO_PASS naming the file, row and field", async () => {
    const rows = FIXTURE_ROWS.map((row, index) =>
      index === 1 ? { ...row, FAIL_TO_PASS: "['tests/test_utils.py::test_header_tabs']" } : row,
    );
    const error = await caughtDatasetError(sweBench.load(local(dataDirWith(rows))));
    expect(error.message).toMatch(
      /^swe_bench\/data\/test-00000-of-00001\.jsonl row 2: field "FAIL_TO_PASS": expected a JSON-encoded list of test names/,
    );
  });

  it("refuses a row without its patch or repository, and an instance_id seen twice", async () => {
    const [first, second] = FIXTURE_ROWS;
    if (first === undefined || second === undefined) throw new Error("fixture rows missing");
    const noPatch = await caughtDatasetError(sweBench.load(local(dataDirWith([{ ...first, patch: "" }]))));
    expect(noPatch.message).toMatch(/row 1: field "patch": expected the gold patch/);
    const badRepo = await caughtDatasetError(
      sweBench.load(local(dataDirWith([{ ...first, repo: "flask" }]))),
    );
    expect(badRepo.message).toMatch(/row 1: field "repo": expected a GitHub repository as "owner\/name"/);
    const twice = await caughtDatasetError(
      sweBench.load(local(dataDirWith([first, { ...second, instance_id: first?.["instance_id"] }]))),
    );
    expect(twice.message).toBe(
      `swe_bench/data/test-00000-of-00001.jsonl row 2: instance_id ${first?.["instance_id"]} is also swe_bench/data/test-00000-of-00001.jsonl row 1.`,
    );
  });

  it("names the file to put under --data-dir when it is missing", async () => {
    const error = await caughtDatasetError(sweBench.load(local(tempDir("swe-empty-"))));
    expect(error.message).toMatch(
      /^SWE-bench\/SWE-bench_Verified: no folder \/.*\/swe_bench\/data\. Put the file data\/test-00000-of-00001\.parquet of SWE-bench\/SWE-bench_Verified there/,
    );
  });

  it("gives each sample the run's --swe-images and --swe-repo-url, else the spec's images and GitHub", async () => {
    const [plain] = (await sweBench.load(local())).samples;
    expect(plain?.harness).toMatchObject({ images: "spec", repoUrl: "https://github.com/{repo}.git" });
    expect(plain?.harness.cacheDirectory).toMatch(/[/\\]swe-bench$/);
    const [flagged] = (
      await sweBench.load({
        ...local(),
        containerTier: { sweImages: "official", sweRepoUrl: "file:///srv/git/{repo}" },
      })
    ).samples;
    expect(flagged?.harness).toMatchObject({ images: "official", repoUrl: "file:///srv/git/{repo}" });
  });

  it("has no subtasks and one zero-shot form", async () => {
    await expect(sweBench.load({ ...local(), tasks: ["django/django"] })).rejects.toThrow(ConfigError);
    await expect(sweBench.load({ ...local(), tasks: ["django/django"] })).rejects.toThrow(
      /swe_bench has no subtasks; --tasks django\/django does not apply/,
    );
    await expect(sweBench.load({ ...local(), nShots: 1 })).rejects.toThrow(/n-shots/);
  });
});

/** A sample without its evaluation settings (which name the run's cache directory). */
const withoutHarness = ({ harness: _harness, ...rest }: SweBenchSample) => rest;

describe("swe_bench from the Hub", () => {
  it("downloads data/test-00000-of-00001.parquet at the pinned revision and reads it as the local copy", async () => {
    const dir = tempDir("swe-hub-");
    const parquet = path.join(dir, "repo", SWE_BENCH_VERIFIED_FILE.path);
    writeStringParquet(parquet, SWE_BENCH_COLUMNS, FIXTURE_ROWS);
    const fromHub = await loadFromFakeHub(
      dir,
      SWE_BENCH_VERIFIED_FILE.repo,
      { [`${SWE_BENCH_VERIFIED_FILE.revision}/${SWE_BENCH_VERIFIED_FILE.path}`]: parquet },
      (options) => sweBench.load(options),
    );
    const fromLocal = await sweBench.load(local());
    expect(fromHub.samples.length).toBe(FIXTURE_ROWS.length);
    expect(fromHub.samples.map(withoutHarness)).toEqual(fromLocal.samples.map(withoutHarness));
    // Repository clones are cached beside the datasets, under the run's cache directory.
    expect(fromHub.samples[0]?.harness.cacheDirectory).toBe(path.join(dir, "cache", "swe-bench"));
  });
});

describe("swe_bench prompt", () => {
  const CHAT: PromptOptions = { endpointType: "chat", nShots: 0, systemPrompt: undefined, cot: false };
  const instance = {
    instanceId: "o__r-1",
    repo: "o/r",
    baseCommit: "0123abc",
    patch: "p",
    testPatch: "t",
    problemStatement: "It breaks.\n",
    hintsText: "",
    version: "",
    environmentSetupCommit: "",
    failToPass: [],
    passToPass: [],
    language: "python",
  } satisfies SweInstance;

  it("asks for a unified diff in a ```diff fence, the issue between <issue> tags", () => {
    expect(swePromptText(instance)).toBe(
      "Resolve the issue below in the repository o/r, checked out at commit 0123abc.\n\n<issue>\nIt breaks.\n\n</issue>\n\n" +
        "Answer with a single patch in unified diff format, as `git diff` writes it (paths relative to the repository " +
        "root, prefixed a/ and b/), that `git apply` can apply at that commit. Put the patch in one ```diff fenced code block.",
    );
  });

  it("gives SWE-bench Pro's issue as its create_problem_statement composes it", () => {
    expect(sweIssueText({ ...instance, requirements: "- R1", interface: "No new interfaces" })).toBe(
      "It breaks.\n\n\nRequirements:\n- R1\n\nNew interfaces introduced:\nNo new interfaces",
    );
  });

  it("is one user message in chat (the system prompt first when given), the text itself for completions", async () => {
    const loaded = await sweBench.load(local());
    const [sample] = loaded.samples;
    if (sample === undefined) throw new Error("no fixture rows");
    const text = swePromptText(sample.instance);
    expect(loaded.buildPrompt(sample, CHAT)).toEqual({
      type: "chat",
      messages: [{ role: "user", content: text }],
    });
    expect(loaded.buildPrompt(sample, { ...CHAT, systemPrompt: "Be brief." })).toEqual({
      type: "chat",
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: text },
      ],
    });
    expect(loaded.buildPrompt(sample, { ...CHAT, endpointType: "completions" })).toEqual({
      type: "completion",
      text,
    });
  });
});
