// evaluateSwePatch against the real engine (Podman's Docker API service from scripts/setup-container-engine.sh), no
// network anywhere: the calc fixture (a local git repository with a real bug) through the spec flow — the gold patch
// resolves it, a wrong patch applies and leaves FAIL_TO_PASS failing, a patch that does not apply is refused with
// that reason — and through the official flow, on a stand-in for SWE-bench's per-instance image built locally
// (/testbed at the base commit, a no-op conda) under the official image name.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openContainerEngine } from "../../containers/open-container-engine.js";
import type { ContainerEngine } from "../../containers/types.js";
import { officialImage } from "./official-image.js";
import { evaluateSwePatch, type SweHarnessOptions } from "./swe-harness.js";
import { SweHarnessError } from "./swe-harness-error.js";
import type { SweInstance } from "./swe-instance.js";
import { type CalcFixture, makeCalcFixture } from "./test-support/calc-fixture.js";

const REPO_ROOT = join(import.meta.dirname, "..", "..", "..");
const PYTHON_IMAGE = "localhost/llm-bench-python:1";

/** Starts (or finds) the engine; its DOCKER_HOST is the script's last line. */
function engineEnv(): NodeJS.ProcessEnv {
  const output = execFileSync("bash", [join(REPO_ROOT, "scripts", "setup-container-engine.sh")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const host = /DOCKER_HOST=(\S+)\s*$/.exec(output)?.[1];
  if (host === undefined) throw new Error(`setup-container-engine.sh printed no DOCKER_HOST:\n${output}`);
  return { ...process.env, DOCKER_HOST: host };
}

describe("evaluateSwePatch in a real container", () => {
  let fixture: CalcFixture;
  let cacheDirectory: string;
  let engine: ContainerEngine;
  let options: SweHarnessOptions;

  beforeAll(async () => {
    fixture = makeCalcFixture();
    cacheDirectory = mkdtempSync(join(tmpdir(), "llm-bench-swe-cache-"));
    engine = await openContainerEngine({ env: engineEnv(), imageMap: [`python:3.11=${PYTHON_IMAGE}`] });
    options = { images: "spec", repoUrl: fixture.repoUrl, cacheDirectory };
  });
  afterAll(async () => {
    await engine?.close();
    fixture?.remove();
    if (cacheDirectory !== undefined) rmSync(cacheDirectory, { recursive: true, force: true });
  });

  it("spec flow: the gold patch resolves the instance (also with its final newline trimmed, as runs record answers)", async () => {
    const result = await evaluateSwePatch(fixture.instance, fixture.goldPatch.trimEnd(), engine, options);
    expect(result.reason).toBe("resolved: FAIL_TO_PASS 1/1 pass, PASS_TO_PASS 3/3 pass");
    expect(result.correct).toBe(true);
    expect(result.details["failToPass"]).toEqual({ "tests/test_ops.py::test_clamp_high": "PASSED" });
    expect(result.details["passToPass"]).toEqual({
      "tests/test_ops.py::test_add": "PASSED",
      "tests/test_ops.py::test_clamp_low": "PASSED",
      "tests/test_ops.py::test_clamp_inside": "PASSED",
    });
    expect(result.details["patch"]).toMatchObject({ isApplied: true, appliedBy: "git apply --verbose" });
    expect(result.details["image"]).toMatch(/^llm-bench\/swe-bench-spec:/);
  });

  it("spec flow: a wrong patch applies and leaves the failing test named", async () => {
    const result = await evaluateSwePatch(fixture.instance, fixture.wrongPatch, engine, options);
    expect(result.correct).toBe(false);
    expect(result.reason).toBe(
      "not resolved: FAIL_TO_PASS failing: tests/test_ops.py::test_clamp_high (FAILED) " +
        "(FAIL_TO_PASS 0/1 pass, PASS_TO_PASS 3/3 pass)",
    );
    expect(result.details["patch"]).toMatchObject({ isApplied: true });
    const runs = result.details["testRuns"] as { outputTail: string }[];
    expect(runs[0]?.outputTail).toContain("assert 11 == 10");
  });

  it("spec flow: a patch that does not apply is incorrect with that reason and every attempt's output", async () => {
    const result = await evaluateSwePatch(fixture.instance, fixture.brokenPatch, engine, options);
    expect(result.correct).toBe(false);
    expect(result.reason).toMatch(
      /^patch did not apply \(git apply --verbose, git apply --verbose --3way, .*\): /,
    );
    const patch = result.details["patch"] as {
      isApplied: boolean;
      attempts: { command: string; output: string }[];
    };
    expect(patch.isApplied).toBe(false);
    expect(patch.attempts.map((attempt) => attempt.command)).toEqual([
      "git apply --verbose",
      "git apply --verbose --3way",
      "git apply --verbose --reject",
      "patch --batch --forward --fuzz=5 -p1 -i",
    ]);
    expect(patch.attempts[0]?.output).toContain("patch does not apply");
    expect(result.details["failToPass"]).toBeUndefined();
  });

  it("spec flow: a test patch that does not apply is an evaluation error, not a wrong answer", async () => {
    const instance: SweInstance = {
      ...fixture.instance,
      testPatch: fixture.brokenPatch.replaceAll("calc/ops.py", "tests/test_ops.py"),
    };
    const attempt = evaluateSwePatch(instance, fixture.goldPatch, engine, options);
    await expect(attempt).rejects.toThrow(SweHarnessError);
    await expect(attempt).rejects.toThrow(
      /^Evaluation error \(not the model's fault\): the test patch of llmbench__calc-1/,
    );
  });

  it("official flow: SWE-bench's test command and parser in the instance's image", async () => {
    // A stand-in for swebench/sweb.eval.x86_64.<id>: the repository at the base commit in /testbed, a no-op conda.
    const instance: SweInstance = {
      ...fixture.instance,
      instanceId: "pallets__flask-90001",
      repo: "pallets/flask",
      version: "2.3",
    };
    const context = mkdtempSync(join(tmpdir(), "llm-bench-swe-official-"));
    try {
      const source = join(fixture.root, "llmbench", "calc");
      execFileSync("git", ["clone", "--quiet", source, join(context, "testbed")]);
      execFileSync("git", ["-C", join(context, "testbed"), "checkout", "--quiet", instance.baseCommit]);
      mkdirSync(join(context, "conda"));
      writeFileSync(join(context, "conda", "activate"), "conda() { :; }\n");
      writeFileSync(
        join(context, "Dockerfile"),
        "FROM python:3.11\nCOPY testbed /testbed\nCOPY conda/activate /opt/miniconda3/bin/activate\n",
      );
      const tag = await engine.buildImage({
        contextDirectory: context,
        repository: "llm-bench/swe-official-stand-in",
      });
      const mapped = await openContainerEngine({
        env: engineEnv(),
        imageMap: [`${officialImage(instance)}=${tag}`],
      });
      try {
        const gold = await evaluateSwePatch(instance, fixture.goldPatch, mapped, {
          ...options,
          images: "official",
        });
        expect(gold.reason).toBe("resolved: FAIL_TO_PASS 1/1 pass, PASS_TO_PASS 3/3 pass");
        expect(gold.details["image"]).toBe(tag);
        const runs = gold.details["testRuns"] as { command: string }[];
        expect(runs.map((run) => run.command)).toEqual(["pytest -rA tests/test_ops.py"]);
        const wrong = await evaluateSwePatch(instance, fixture.wrongPatch, mapped, {
          ...options,
          images: "official",
        });
        expect(wrong.correct).toBe(false);
        expect(wrong.details["failToPass"]).toEqual({ "tests/test_ops.py::test_clamp_high": "FAILED" });
      } finally {
        await mapped.close();
      }
    } finally {
      rmSync(context, { recursive: true, force: true });
    }
  });
});
