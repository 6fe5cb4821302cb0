// swe_bench_pro on rows written in the published schemas: its two tasks (SWE-bench's full test set, SWE-bench Pro),
// the Pro rows' Python-literal test lists, languages and images, both files from the local Hub-layout server at
// their pinned revisions, the third-party Pro export as the alternative --data-dir layout, and `--tasks`.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDatasetContext } from "../../datasets/create-dataset-context.js";
import { caughtDatasetError } from "../../datasets/test-support/caught-dataset-error.js";
import { startFakeHub } from "../../datasets/test-support/fake-hub-server.js";
import {
  SWE_BENCH_FULL_FILE,
  SWE_BENCH_PRO_FILE,
  THIRD_PARTY_PRO_FILE,
} from "../swe_bench/read-swe-instances.js";
import type { SweBenchSample } from "../swe_bench/swe-instance.js";
import {
  readJsonlRows,
  SWE_BENCH_COLUMNS,
  SWE_BENCH_PRO_COLUMNS,
  writeStringParquet,
} from "../swe_bench/test-support/write-string-parquet.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { fixturesDir } from "../test-support/shared-data-dir.js";
import type { LoadOptions } from "../types.js";
import { sweBenchPro } from "./index.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = (prefix: string): string => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

const FIXTURES = fixturesDir("swe_bench_pro");
const DATA_FILE = path.join("data", "test-00000-of-00001.jsonl");
const FULL_ROWS = readJsonlRows(path.join(FIXTURES, "swe_bench_full", DATA_FILE));
const PRO_ROWS = readJsonlRows(path.join(FIXTURES, "swe_bench_pro", DATA_FILE));
const local = (dataDir = FIXTURES, tasks?: string[]): LoadOptions => ({
  context: createLocalDatasetContext(dataDir),
  nShots: 0,
  ...(tasks === undefined ? {} : { tasks }),
});

/** A copy of the fixtures with `swe_bench_pro/` replaced by the third-party export of `instances`. */
function thirdPartyDir(instances: readonly unknown[]): string {
  const dir = tempDir("swe-pro-export-");
  cpSync(path.join(FIXTURES, "swe_bench_full"), path.join(dir, "swe_bench_full"), { recursive: true });
  mkdirSync(path.join(dir, "swe_bench_pro"));
  writeFileSync(
    path.join(dir, "swe_bench_pro", THIRD_PARTY_PRO_FILE),
    JSON.stringify({ _meta: { name: "suite", instance_count: instances.length }, instances }),
  );
  return dir;
}

/** A Pro row as the third-party export writes it (renamed fields, lists, the full image reference). */
function asThirdParty(row: Record<string, unknown>): Record<string, unknown> {
  return {
    instance_id: row["instance_id"],
    repo: row["repo"],
    base_commit: row["base_commit"],
    problem_statement: row["problem_statement"],
    requirements: row["requirements"],
    interface: row["interface"],
    fail_to_pass: ["TestTrimTabs"],
    pass_to_pass: [],
    test_patch: row["test_patch"],
    gold_patch: row["patch"],
    docker_image: `jefzda/sweap-images:${row["dockerhub_tag"]}`,
    language_family: row["repo_language"],
    task_type: "bug",
    repo_directory: "/testbed",
  };
}

describe("swe_bench_pro samples", () => {
  it("are the full set's rows, then SWE-bench Pro's, each task named and faceted by repository", async () => {
    const { samples } = await sweBenchPro.load(local());
    expect(samples.map((sample) => [sample.id, sample.task, sample.facets])).toEqual([
      ...FULL_ROWS.map((row) => [row["instance_id"], "swe_bench_full", { repo: row["repo"] }]),
      ...PRO_ROWS.map((row) => [
        row["instance_id"],
        "swe_bench_pro",
        { repo: row["repo"], language: row["repo_language"] },
      ]),
    ]);
  });

  it("reads a Pro row's Python-literal test lists, language, image and set-up", async () => {
    const { samples } = await sweBenchPro.load(local(FIXTURES, ["swe_bench_pro"]));
    const [row] = PRO_ROWS;
    expect(samples[0]?.instance).toEqual({
      instanceId: row?.["instance_id"],
      repo: "navidrome/navidrome",
      baseCommit: row?.["base_commit"],
      patch: row?.["patch"],
      testPatch: row?.["test_patch"],
      problemStatement: row?.["problem_statement"],
      hintsText: "",
      version: "",
      environmentSetupCommit: "",
      failToPass: ["TestTrimTabs"],
      passToPass: ["TestTrim", "TestTrim/it's_fine"],
      language: "go",
      image: `jefzda/sweap-images:${row?.["dockerhub_tag"]}`,
      requirements: row?.["requirements"],
      interface: "No new interfaces are introduced",
      beforeRepoSetCmd: row?.["before_repo_set_cmd"],
      selectedTestFiles: ["utils/str_test.go"],
    });
    // A row without set-up commands carries none.
    expect(samples[1]?.instance.beforeRepoSetCmd).toBeUndefined();
    expect(samples[1]?.instance.failToPass).toEqual(["openlibrary/tests/test_isbn.py::test_spaces"]);
  });

  it("reads only the tasks named, and refuses an unknown one with the list", async () => {
    const full = await sweBenchPro.load(local(FIXTURES, ["swe_bench_full"]));
    expect(new Set(full.samples.map((sample) => sample.task))).toEqual(new Set(["swe_bench_full"]));
    await expect(sweBenchPro.load(local(FIXTURES, ["pro"]))).rejects.toThrow(
      'swe_bench_pro has no task "pro"; its tasks: swe_bench_full, swe_bench_pro.',
    );
  });

  it("refuses --swe-images official for SWE-bench Pro's rows before anything is sent, not for the full set's", async () => {
    const official = { containerTier: { sweImages: "official" as const } };
    await expect(sweBenchPro.load({ ...local(FIXTURES), ...official })).rejects.toThrow(
      /--swe-images official: SWE-bench Pro's rows have no official evaluation here .*--tasks swe_bench_full/s,
    );
    const full = await sweBenchPro.load({ ...local(FIXTURES, ["swe_bench_full"]), ...official });
    expect(full.samples.length).toBeGreaterThan(0);
    expect(full.samples.every((sample) => sample.harness.images === "official")).toBe(true);
  });

  it("reads the third-party export as SWE-bench Pro's rows", async () => {
    const fromExport = await sweBenchPro.load(
      local(thirdPartyDir(PRO_ROWS.map(asThirdParty)), ["swe_bench_pro"]),
    );
    const fromHubLayout = await sweBenchPro.load(local(FIXTURES, ["swe_bench_pro"]));
    expect(fromExport.samples.map((sample) => sample.id)).toEqual(
      fromHubLayout.samples.map((sample) => sample.id),
    );
    const [exported] = fromExport.samples;
    const [published] = fromHubLayout.samples;
    // The export has no set-up commands or selected files; its test lists here are the first row's fail_to_pass.
    const { beforeRepoSetCmd, selectedTestFiles, ...shared } = published?.instance ?? {};
    expect(beforeRepoSetCmd).toBeDefined();
    expect(selectedTestFiles).toBeDefined();
    expect(exported?.instance).toEqual({ ...shared, passToPass: [] });
    expect(exported?.facets).toEqual(published?.facets);
  });

  it("refuses an export that is not {_meta, instances}, a bad instance, and both layouts at once", async () => {
    const dir = thirdPartyDir([]);
    const empty = await caughtDatasetError(sweBenchPro.load(local(dir, ["swe_bench_pro"])));
    expect(empty.message).toMatch(
      /swe_bench_pro\/suite_instances\.json: expected the SWE-bench Pro suite export/,
    );
    const bad = thirdPartyDir([{ ...asThirdParty(PRO_ROWS[0] ?? {}), fail_to_pass: "['a']" }]);
    const badError = await caughtDatasetError(sweBenchPro.load(local(bad, ["swe_bench_pro"])));
    expect(badError.message).toMatch(/suite_instances\.json instances row 1: field "fail_to_pass"/);
    const both = thirdPartyDir(PRO_ROWS.map(asThirdParty));
    cpSync(path.join(FIXTURES, "swe_bench_pro", "data"), path.join(both, "swe_bench_pro", "data"), {
      recursive: true,
    });
    const bothError = await caughtDatasetError(sweBenchPro.load(local(both, ["swe_bench_pro"])));
    expect(bothError.message).toMatch(
      /holds both suite_instances\.json and data\/test-00000-of-00001\.jsonl/,
    );
  });

  it("refuses a bad Python-literal test list naming the file, row and field", async () => {
    const dir = tempDir("swe-pro-bad-");
    mkdirSync(path.join(dir, "swe_bench_pro", "data"), { recursive: true });
    const rows = PRO_ROWS.map((row) => ({ ...row, pass_to_pass: "['unclosed" }));
    writeFileSync(
      path.join(dir, "swe_bench_pro", DATA_FILE),
      rows.map((row) => JSON.stringify(row)).join("\n"),
    );
    const error = await caughtDatasetError(sweBenchPro.load(local(dir, ["swe_bench_pro"])));
    expect(error.message).toMatch(
      /^swe_bench_pro\/data\/test-00000-of-00001\.jsonl row 1: field "pass_to_pass": expected a Python list literal of test names/,
    );
  });

  it("names both Pro layouts when its folder is missing", async () => {
    const error = await caughtDatasetError(
      sweBenchPro.load(local(tempDir("swe-pro-none-"), ["swe_bench_pro"])),
    );
    expect(error.message).toMatch(
      /^SWE-bench Pro: no folder .*swe_bench_pro\. Put the Hub file data\/test-00000-of-00001\.parquet of ScaleAI\/SWE-bench_Pro there .* or the third-party export as swe_bench_pro\/suite_instances\.json\.$/,
    );
  });
});

describe("swe_bench_pro from the Hub", () => {
  it("downloads both test files at their pinned revisions and reads them as the local copies", async () => {
    const dir = tempDir("swe-pro-hub-");
    const fullParquet = path.join(dir, "full", SWE_BENCH_FULL_FILE.path);
    const proParquet = path.join(dir, "pro", SWE_BENCH_PRO_FILE.path);
    writeStringParquet(fullParquet, SWE_BENCH_COLUMNS.slice(0, -1), FULL_ROWS);
    writeStringParquet(proParquet, SWE_BENCH_PRO_COLUMNS, PRO_ROWS);
    const hub = await startFakeHub({
      datasets: {},
      files: {
        [SWE_BENCH_FULL_FILE.repo]: {
          [`${SWE_BENCH_FULL_FILE.revision}/${SWE_BENCH_FULL_FILE.path}`]: fullParquet,
        },
        [SWE_BENCH_PRO_FILE.repo]: {
          [`${SWE_BENCH_PRO_FILE.revision}/${SWE_BENCH_PRO_FILE.path}`]: proParquet,
        },
      },
    });
    try {
      const context = createDatasetContext({
        cacheDir: path.join(dir, "cache"),
        env: { HF_ENDPOINT: hub.endpoint },
      });
      const fromHub = await sweBenchPro.load({ context, nShots: 0 });
      const fromLocal = await sweBenchPro.load(local());
      expect(fromHub.samples.length).toBe(FULL_ROWS.length + PRO_ROWS.length);
      const withoutHarness = ({ harness: _harness, ...rest }: SweBenchSample) => rest;
      expect(fromHub.samples.map(withoutHarness)).toEqual(fromLocal.samples.map(withoutHarness));
    } finally {
      await hub.close();
    }
  });
});
