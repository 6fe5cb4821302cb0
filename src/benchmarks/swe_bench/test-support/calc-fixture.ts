// A small SWE-bench-shaped task for tests, built in a temporary directory with host git (no network): the package
// `calc` whose `clamp` returns the lower bound for a value above the upper one (the bug), its tests (PASS_TO_PASS), a
// test patch adding `test_clamp_high` (FAIL_TO_PASS), the gold patch, a wrong patch that applies but does not fix
// the bug, and a patch that does not apply. The base commit has a later commit on top, as real instances do.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { SweInstance } from "../swe-instance.js";

const OPS_BUGGY = `"""Small arithmetic helpers."""


def add(a, b):
    return a + b


def clamp(value, low, high):
    """Limit value to the range [low, high]."""
    if value < low:
        return low
    if value > high:
        return low
    return value
`;

const TESTS = `from calc.ops import add, clamp


def test_add():
    assert add(2, 3) == 5


def test_clamp_low():
    assert clamp(-1, 0, 10) == 0


def test_clamp_inside():
    assert clamp(5, 0, 10) == 5
`;

const TEST_ADDED = `

def test_clamp_high():
    assert clamp(11, 0, 10) == 10
`;

export interface CalcFixture {
  /** The directory holding `llmbench/calc` (a non-bare repository), for a `file://<root>/{repo}` template. */
  readonly root: string;
  readonly repoUrl: string;
  readonly instance: SweInstance;
  readonly goldPatch: string;
  /** Applies, does not fix the bug (`clamp` returns the value itself above the range). */
  readonly wrongPatch: string;
  /** Removes a line the file does not have: no apply command takes it, not even `patch --fuzz=5`. */
  readonly brokenPatch: string;
  /** A commit made after the base (README only). */
  readonly laterCommit: string;
  /** Removes the temporary directory. */
  remove(): void;
}

/**
 * Who commits and when, fixed so that every build of the fixture has the same commit ids (a stand-in image that
 * commits the same tree the same way gets the same base commit).
 */
export const CALC_COMMIT_IDENTITY = {
  args: ["-c", "user.name=t", "-c", "user.email=t@localhost"],
  env: { GIT_AUTHOR_DATE: "@1704067200 +0000", GIT_COMMITTER_DATE: "@1704067200 +0000" },
  baseMessage: "calc with clamp",
} as const;

function git(directory: string, ...args: string[]): string {
  return execFileSync("git", [...CALC_COMMIT_IDENTITY.args, ...args], {
    cwd: directory,
    encoding: "utf8",
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1", HOME: directory, ...CALC_COMMIT_IDENTITY.env },
  });
}

function write(directory: string, path: string, content: string): void {
  mkdirSync(dirname(join(directory, path)), { recursive: true });
  writeFileSync(join(directory, path), content);
}

/** The diff of one file changed from `before` to `after`, made by git in the fixture's repository. */
function diffOf(repository: string, path: string, after: string, before: string): string {
  write(repository, path, after);
  const diff = git(repository, "diff", "--", path);
  write(repository, path, before);
  return diff;
}

export function makeCalcFixture(): CalcFixture {
  const root = mkdtempSync(join(tmpdir(), "llm-bench-swe-fixture-"));
  const repository = join(root, "llmbench", "calc");
  mkdirSync(repository, { recursive: true });
  git(repository, "init", "--quiet", "--initial-branch=main");
  write(repository, "calc/__init__.py", "");
  write(repository, "calc/ops.py", OPS_BUGGY);
  write(repository, "tests/__init__.py", "");
  write(repository, "tests/test_ops.py", TESTS);
  write(repository, "README.md", "calc\n");
  git(repository, "add", "--all");
  git(repository, "commit", "--quiet", "-m", CALC_COMMIT_IDENTITY.baseMessage);
  const baseCommit = git(repository, "rev-parse", "HEAD").trim();

  const goldPatch = diffOf(
    repository,
    "calc/ops.py",
    OPS_BUGGY.replace(/return low\n {4}return value/, "return high\n    return value"),
    OPS_BUGGY,
  );
  const wrongPatch = diffOf(
    repository,
    "calc/ops.py",
    OPS_BUGGY.replace(/return low\n {4}return value/, "return value\n    return value"),
    OPS_BUGGY,
  );
  const testPatch = diffOf(repository, "tests/test_ops.py", `${TESTS}${TEST_ADDED}`, TESTS);
  const brokenPatch = [
    "diff --git a/calc/ops.py b/calc/ops.py",
    "--- a/calc/ops.py",
    "+++ b/calc/ops.py",
    "@@ -20,3 +20,3 @@ def power(a, b):",
    " def power(a, b):",
    "-    return a ** b",
    "+    return pow(a, b)",
    " ",
    "",
  ].join("\n");

  write(repository, "README.md", "calc: small arithmetic helpers\n");
  git(repository, "commit", "--quiet", "--all", "-m", "README");
  const laterCommit = git(repository, "rev-parse", "HEAD").trim();

  const instance: SweInstance = {
    instanceId: "llmbench__calc-1",
    repo: "llmbench/calc",
    baseCommit,
    patch: goldPatch,
    testPatch,
    problemStatement: "clamp(11, 0, 10) returns 0; it should return 10.",
    hintsText: "",
    version: "0.1",
    environmentSetupCommit: baseCommit,
    failToPass: ["tests/test_ops.py::test_clamp_high"],
    passToPass: [
      "tests/test_ops.py::test_add",
      "tests/test_ops.py::test_clamp_low",
      "tests/test_ops.py::test_clamp_inside",
    ],
    language: "python",
  };
  return {
    root,
    repoUrl: `file://${root}/{repo}`,
    instance,
    goldPatch,
    wrongPatch,
    brokenPatch,
    laterCommit,
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/**
 * Writes `instance` as SWE-bench Verified's published row (the test lists JSON-encoded) where `--data-dir D` reads
 * it: `D/swe_bench/data/test-00000-of-00001.jsonl`.
 */
export function writeVerifiedDataDir(instance: SweInstance, dataDir: string): void {
  const row = {
    repo: instance.repo,
    instance_id: instance.instanceId,
    base_commit: instance.baseCommit,
    patch: instance.patch,
    test_patch: instance.testPatch,
    problem_statement: instance.problemStatement,
    hints_text: instance.hintsText,
    created_at: "2024-01-01T00:00:00Z",
    version: instance.version,
    FAIL_TO_PASS: JSON.stringify(instance.failToPass),
    PASS_TO_PASS: JSON.stringify(instance.passToPass),
    environment_setup_commit: instance.environmentSetupCommit,
    difficulty: "<15 min fix",
  };
  mkdirSync(join(dataDir, "swe_bench", "data"), { recursive: true });
  writeFileSync(join(dataDir, "swe_bench", "data", "test-00000-of-00001.jsonl"), `${JSON.stringify(row)}\n`);
}
