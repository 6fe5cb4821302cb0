// A SWE-bench repository's tree at its base commit, on the host, made without network inside any container: a bare
// mirror clone per repository cached under the cache directory (fetched again only when the commit is missing), and
// the commit's files checked out from it into a temporary directory the caller copies into the container.
//
// The files come from `read-tree` + `checkout-index` with a private index, not `git archive`: archive drops
// `export-ignore` paths and rewrites `export-subst` files (versioneer's `_version.py`, `.git_archival.txt`), and the
// blobs must be the commit's own so that `git apply --3way` finds a patch's pre-images by their ids.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repositoryUrl } from "./repository-url.js";
import { GitCommandError, runGit } from "./run-git.js";
import { SweHarnessError } from "./swe-harness-error.js";

export interface RepositoryTreeOptions {
  /** `owner/name`. */
  readonly repo: string;
  readonly commit: string;
  /** The URL template with `{repo}`. */
  readonly repoUrl: string;
  /** Mirrors are kept in `<cacheDirectory>/repositories/<owner>__<name>.git`. */
  readonly cacheDirectory: string;
  readonly signal?: AbortSignal;
}

/** One update of a mirror at a time in this process (samples of one repository run side by side). */
const mirrorQueues = new Map<string, Promise<unknown>>();

async function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const current = (mirrorQueues.get(key) ?? Promise.resolve()).catch(() => undefined).then(work);
  const tail = current.catch(() => undefined);
  mirrorQueues.set(key, tail);
  try {
    return await current;
  } finally {
    if (mirrorQueues.get(key) === tail) mirrorQueues.delete(key);
  }
}

/** The mirror's directory for `repo`. */
export function mirrorDirectory(cacheDirectory: string, repo: string): string {
  return join(cacheDirectory, "repositories", `${repo.replace("/", "__")}.git`);
}

async function hasCommit(mirror: string, commit: string, signal: AbortSignal | undefined): Promise<boolean> {
  try {
    await runGit(
      ["--git-dir", mirror, "cat-file", "-e", `${commit}^{commit}`],
      signal === undefined ? {} : { signal },
    );
    return true;
  } catch (error) {
    if (error instanceof GitCommandError) return false;
    throw error;
  }
}

function unreachable(url: string, what: string, error: unknown): SweHarnessError {
  const said = (error instanceof GitCommandError ? error.output : String(error)).replaceAll(/\s*\n\s*/g, " ");
  return new SweHarnessError(
    `${what} ${url} failed (${said.replace(/\.$/, "")}). Point the SWE-bench repository URL template (repoUrl, default ` +
      "https://github.com/{repo}.git) at a reachable copy, e.g. file:///srv/mirrors/{repo}.git for local mirrors.",
    { cause: error },
  );
}

/** Clones the mirror when absent and fetches when `commit` is missing; fails when the source lacks it. */
async function ensureCommit(mirror: string, url: string, options: RepositoryTreeOptions): Promise<void> {
  const gitOptions = options.signal === undefined ? {} : { signal: options.signal };
  if (!existsSync(join(mirror, "HEAD"))) {
    await mkdir(join(options.cacheDirectory, "repositories"), { recursive: true });
    // Cloned beside its place and renamed: another process never sees a half-made mirror.
    const partial = `${mirror}.partial-${process.pid}-${randomUUID().slice(0, 8)}`;
    try {
      await runGit(["clone", "--mirror", "--quiet", url, partial], gitOptions);
    } catch (error) {
      await rm(partial, { recursive: true, force: true });
      if (error instanceof GitCommandError) throw unreachable(url, "Cloning", error);
      throw error;
    }
    try {
      await rename(partial, mirror);
    } catch (error) {
      await rm(partial, { recursive: true, force: true });
      if (!existsSync(join(mirror, "HEAD"))) throw error;
    }
  }
  if (await hasCommit(mirror, options.commit, options.signal)) return;
  try {
    await runGit(["--git-dir", mirror, "fetch", "--quiet", url, "+refs/*:refs/*"], gitOptions);
  } catch (error) {
    if (error instanceof GitCommandError) throw unreachable(url, "Fetching", error);
    throw error;
  }
  if (await hasCommit(mirror, options.commit, options.signal)) return;
  // A commit no branch or tag reaches any more: GitHub still serves it when asked for by id.
  try {
    await runGit(["--git-dir", mirror, "fetch", "--quiet", url, options.commit], gitOptions);
  } catch (error) {
    if (!(error instanceof GitCommandError)) throw error;
  }
  if (await hasCommit(mirror, options.commit, options.signal)) return;
  throw new SweHarnessError(
    `Commit ${options.commit} of ${options.repo} is not in ${url} (cloned into ${mirror}); the instance's ` +
      "base_commit must be reachable there (check the repository URL template, repoUrl).",
  );
}

/** Makes the cached mirror hold `commit` (cloning or fetching as needed); returns the mirror's directory. */
export async function ensureRepository(options: RepositoryTreeOptions): Promise<string> {
  const url = repositoryUrl(options.repoUrl, options.repo);
  const mirror = mirrorDirectory(options.cacheDirectory, options.repo);
  await oneAtATime(mirror, () => ensureCommit(mirror, url, options));
  return mirror;
}

/**
 * Gives `use` a temporary directory holding `repo`'s files at `commit` (modes and symlinks as committed, no `.git`)
 * and removes it afterwards.
 */
export async function withRepositoryTree<T>(
  options: RepositoryTreeOptions,
  use: (directory: string) => Promise<T>,
): Promise<T> {
  const mirror = await ensureRepository(options);
  const scratch = await mkdtemp(join(tmpdir(), "llm-bench-swe-tree-"));
  try {
    const tree = join(scratch, "tree");
    await mkdir(tree);
    const gitOptions = {
      env: { GIT_INDEX_FILE: join(scratch, "index") },
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    };
    const base = [
      "--git-dir",
      mirror,
      "--work-tree",
      tree,
      "-c",
      "core.autocrlf=false",
      "-c",
      "core.symlinks=true",
    ];
    await runGit([...base, "read-tree", options.commit], gitOptions);
    await runGit([...base, "checkout-index", "--all", "--force"], gitOptions);
    return await use(tree);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
