// The host side of the spec flow's repository: a mirror cached per repository, the tree at the base commit, a fetch
// only when the commit is missing, and a clear error for a source that cannot be cloned. Uses host git on local
// file:// repositories (no network). One fixture and one cache for the file: the cases run in order on them.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mirrorDirectory, withRepositoryTree } from "./repository-tree.js";
import { SweHarnessError } from "./swe-harness-error.js";
import { type CalcFixture, makeCalcFixture } from "./test-support/calc-fixture.js";

describe("withRepositoryTree", () => {
  let fixture: CalcFixture;
  let cacheDirectory: string;

  beforeAll(() => {
    fixture = makeCalcFixture();
    cacheDirectory = mkdtempSync(join(tmpdir(), "llm-bench-swe-cache-"));
  });
  afterAll(() => {
    fixture.remove();
    rmSync(cacheDirectory, { recursive: true, force: true });
  });

  const options = (commit: string) => ({
    repo: fixture.instance.repo,
    commit,
    repoUrl: fixture.repoUrl,
    cacheDirectory,
  });

  it("gives the files at the base commit, not the later one, and removes them afterwards", async () => {
    let seen = "";
    const readme = await withRepositoryTree(options(fixture.instance.baseCommit), async (tree) => {
      seen = tree;
      expect(existsSync(join(tree, ".git"))).toBe(false);
      expect(readFileSync(join(tree, "calc", "ops.py"), "utf8")).toContain("return low\n    return value");
      return readFileSync(join(tree, "README.md"), "utf8");
    });
    expect(readme).toBe("calc\n");
    expect(existsSync(seen)).toBe(false);
    expect(existsSync(join(mirrorDirectory(cacheDirectory, "llmbench/calc"), "HEAD"))).toBe(true);
  });

  it("reuses the cached mirror without the source while it has the commit", async () => {
    const source = join(fixture.root, "llmbench", "calc");
    renameSync(source, `${source}.away`);
    try {
      const readme = await withRepositoryTree(options(fixture.laterCommit), async (tree) =>
        readFileSync(join(tree, "README.md"), "utf8"),
      );
      expect(readme).toBe("calc: small arithmetic helpers\n");
    } finally {
      renameSync(`${source}.away`, source);
    }
  });

  it("fetches again when the commit is newer than the mirror", async () => {
    const source = join(fixture.root, "llmbench", "calc");
    writeFileSync(join(source, "NEWS"), "1.0\n");
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@localhost", ...args], {
        cwd: source,
        encoding: "utf8",
      });
    git("add", "NEWS");
    git("commit", "--quiet", "-m", "news");
    const newest = git("rev-parse", "HEAD").trim();
    const news = await withRepositoryTree(options(newest), async (tree) =>
      readFileSync(join(tree, "NEWS"), "utf8"),
    );
    expect(news).toBe("1.0\n");
  });

  it("says which URL failed and how to point repoUrl elsewhere", async () => {
    const emptyCache = mkdtempSync(join(tmpdir(), "llm-bench-swe-cache-"));
    try {
      const missing = {
        ...options(fixture.instance.baseCommit),
        repoUrl: `file://${fixture.root}/nowhere/{repo}`,
        cacheDirectory: emptyCache,
      };
      const attempt = withRepositoryTree(missing, async () => undefined);
      await expect(attempt).rejects.toThrow(SweHarnessError);
      await expect(attempt).rejects.toThrow(
        new RegExp(`Cloning file://${fixture.root}/nowhere/llmbench/calc failed \\(.*\\)\\. Point .*repoUrl`),
      );
      expect(existsSync(mirrorDirectory(emptyCache, "llmbench/calc"))).toBe(false);
    } finally {
      rmSync(emptyCache, { recursive: true, force: true });
    }
  });

  it("says when the source does not have the commit", async () => {
    const absent = "0123456789abcdef0123456789abcdef01234567";
    await expect(withRepositoryTree(options(absent), async () => undefined)).rejects.toThrow(
      new RegExp(`Commit ${absent} of llmbench/calc is not in file://`),
    );
  });
});
