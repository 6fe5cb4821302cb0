// Names that come from an hf:// URI, a Hub file reference, a flag or --data-dir lookups cannot reach outside the
// cache or the data directory: `../`, absolute paths and percent-encoded `..` (`%2e%2e%2f`) are refused before any
// file is read, written or requested — against the local Hub-layout server. A path the user wrote in a definition
// (a local dataset file, a template) stays theirs: it is resolved from the definition's folder as written.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { downloadHubModel } from "../../src/backends/local-llama/download-hub-model.js";
import { parseDatasetSource } from "../../src/byob/datasets/dataset-source.js";
import { containedPath } from "../../src/core/contained-path.js";
import { createDatasetContext } from "../../src/datasets/create-dataset-context.js";
import { type FakeHub, startFakeHub } from "../../src/datasets/test-support/fake-hub-server.js";
import { ConfigError, DatasetError } from "../../src/errors.js";

const scratch = mkdtempSync(path.join(tmpdir(), "hostile-paths-"));
const cacheDir = path.join(scratch, "cache");
const dataDir = path.join(scratch, "data");
/** A file beside the cache and data dir that nothing may read or overwrite. */
const outside = path.join(scratch, "outside.jsonl");
const rowFile = path.join(scratch, "row.jsonl");

let hub: FakeHub;
beforeAll(async () => {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(outside, '{"secret": "outside"}\n');
  writeFileSync(rowFile, '{"q": "1"}\n');
  writeFileSync(path.join(dataDir, "ok.jsonl"), '{"q": "inside"}\n');
  hub = await startFakeHub({
    datasets: {},
    files: { "org/data": { "main/test.jsonl": rowFile, "main/../../outside.jsonl": rowFile } },
  });
});
afterEach(() => {
  hub.requests.length = 0;
});
afterAll(async () => {
  await hub.close();
  rmSync(scratch, { recursive: true, force: true });
});

const context = () =>
  createDatasetContext({ cacheDir, dataDir, env: { HF_ENDPOINT: hub.endpoint }, sleep: async () => {} });

/** Names that try to leave a directory. */
const HOSTILE = [
  "../outside.jsonl",
  "../../outside.jsonl",
  "sub/../../outside.jsonl",
  "%2e%2e/outside.jsonl",
  "%2e%2e%2foutside.jsonl",
  "%252e%252e%252foutside.jsonl",
  "..\\outside.jsonl",
  "/etc/passwd",
  outside,
];

describe("hostile names are refused", () => {
  it.each(HOSTILE)("containedPath refuses %s", (name) => {
    expect(() => containedPath(dataDir, [name], "test")).toThrow(/cannot be used as a path|is outside/);
  });

  it("containedPath keeps names inside the root, dots in names included", () => {
    expect(containedPath(dataDir, ["a/b..c/d.jsonl"], "test")).toBe(path.join(dataDir, "a/b..c/d.jsonl"));
    expect(containedPath(dataDir, ["org/name", "main", "x.jsonl"], "test")).toBe(
      path.join(dataDir, "org/name/main/x.jsonl"),
    );
  });

  it.each([
    "hf://../../etc?split=test",
    "hf://org/..?split=test",
    "hf://org/name?data_files=../../outside.jsonl",
    "hf://org/name?data_files=ok.jsonl,%2e%2e%2foutside.jsonl",
    "hf://org/name?data_files=%252e%252e%252foutside.jsonl",
    "hf://org/name?data_files=/etc/passwd.jsonl",
    "hf://org/name?split=../../outside",
    "hf://org/name/default/..",
    "hf://org/name?revision=..&data_files=test.jsonl",
    "hf://org/na%2Fme?split=test",
  ])("an hf:// URI: %s", (uri) => {
    expect(() => parseDatasetSource(uri, scratch, "dataset")).toThrow(ConfigError);
  });

  it("hf:// URIs with ordinary names still parse", () => {
    expect(
      parseDatasetSource("hf://org/name.v2?split=test&data_files=data/test-0.jsonl", scratch, "dataset"),
    ).toMatchObject({
      kind: "hub",
      repo: "org/name.v2",
      dataFiles: "data/test-0.jsonl",
    });
  });

  it.each([
    { repo: "org/data", revision: "main", path: "../../outside.jsonl" },
    { repo: "org/data", revision: "main", path: "%2e%2e/%2e%2e/outside.jsonl" },
    { repo: "org/data", revision: "..", path: "../outside.jsonl" },
    { repo: "../..", revision: "main", path: "outside.jsonl" },
    { repo: "org/data", revision: "main", path: outside },
  ])(
    "a Hub file reference $repo@$revision/$path: refused before any request, nothing written",
    async (ref) => {
      const error = await context()
        .hub.readRepoFile?.(ref)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DatasetError);
      expect((error as DatasetError).code).toBe("E_PATH_ESCAPE");
      expect(hub.requests).toEqual([]);
      expect(readdirSync(scratch).sort()).toEqual(["data", "outside.jsonl", "row.jsonl"]);
    },
  );

  it("an ordinary Hub file is downloaded into the cache", async () => {
    const file = await context().hub.readRepoFile?.({
      repo: "org/data",
      revision: "main",
      path: "test.jsonl",
    });
    expect(file).toBe(path.join(cacheDir, "hub-files/org/data/main/test.jsonl"));
  });

  it.each(HOSTILE)("a --data-dir lookup of %s: refused though the file exists", async (name) => {
    const error = await context()
      .local.readFile(name, { format: "jsonl" })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatasetError);
    expect((error as DatasetError).code).toBe("E_PATH_ESCAPE");
    await expect(context().local.listFiles(name, /./)).rejects.toThrow(/cannot be used as a path|is outside/);
  });

  it("a --data-dir file inside is read", async () => {
    expect(await context().local.readFile("ok.jsonl", { format: "jsonl" })).toEqual([{ q: "inside" }]);
  });

  it("a Hub model whose revision or file climbs out of the cache is refused before any request", async () => {
    for (const ref of [
      { repo: "org/model", revision: "../../../outside", file: "m.gguf" },
      { repo: "org/model", revision: "main", file: "../../../../m.gguf" },
    ]) {
      const error = await downloadHubModel({
        ref,
        spec: "hf:org/model/m.gguf",
        cacheDir,
        env: { HF_ENDPOINT: hub.endpoint },
      }).catch((caught: unknown) => caught);
      expect((error as DatasetError).code).toBe("E_PATH_ESCAPE");
    }
    expect(hub.requests).toEqual([]);
    expect(existsSync(path.join(scratch, "outside"))).toBe(false);
  });
});
