// run.json read back: a damaged file says so and what to do; one from a later llm-bench names both versions.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { toolVersion } from "../core/tool-version.js";
import { ConfigError } from "../errors.js";
import { isNewerVersion, readRunManifest } from "./run-manifest.js";

function manifestFile(content: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "run-manifest-")), "run.json");
  writeFileSync(path, content);
  return path;
}

describe("readRunManifest", () => {
  it.each([
    ["empty", "", /run\.json is empty: the run directory is damaged .*start a new run/],
    ["not JSON", "status: completed", /run\.json is not valid JSON: the run directory is damaged/],
    ["of the wrong schema", '{"tool":{"name":"x"}}', /run\.json: field "tool\.version": .*start a new run/],
  ])("a run.json that is %s is refused with the fix", (_name, content, message) => {
    const read = () => readRunManifest(manifestFile(content));
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(message);
  });

  it("a run.json a later llm-bench wrote in a shape this one does not read names both versions and the upgrade", () => {
    const path = manifestFile(
      JSON.stringify({ tool: { name: "llm-benchmarker", version: "99.1.0" }, format: 2 }),
    );
    expect(() => readRunManifest(path)).toThrow(
      `written by llm-bench 99.1.0, newer than this one (${toolVersion().version}): upgrade llm-bench (npm install -g llm-benchmarker@99.1.0)`,
    );
  });
});

describe("isNewerVersion", () => {
  it("compares major, minor and patch as numbers", () => {
    expect(isNewerVersion("0.10.0", "0.9.9")).toBe(true);
    expect(isNewerVersion("1.0.0", "1.0.0")).toBe(false);
    expect(isNewerVersion("0.1.0", "0.2.0")).toBe(false);
    expect(isNewerVersion("2.0.0-rc.1", "1.9.0")).toBe(true);
    expect(isNewerVersion("unknown", "1.0.0")).toBe(false);
  });
});
