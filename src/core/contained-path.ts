// A path made of names that came from a URI, a dataset, a flag or a server (a Hub repo, a revision, a file in a
// repository, a split) joined under a root directory (the cache, --data-dir) — refused when it would leave it.
import path from "node:path";
import { DatasetError } from "../errors.js";

/** Why `name` cannot be part of a path under a root, or undefined when it can. */
export function unsafePathReason(name: string): string | undefined {
  if (name.includes("\0")) return "it holds a NUL character";
  if (path.isAbsolute(name) || /^[a-z]:/i.test(name) || name.startsWith("\\"))
    return "it is an absolute path";
  let decoded = name;
  for (let round = 0; round < 3; round++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      break;
    }
  }
  const segments = [name, decoded].flatMap((text) => text.split(/[/\\]/));
  if (segments.some((segment) => segment === "..")) return 'it has a ".." segment';
  return undefined;
}

/**
 * `root` joined with `names` (each may hold `/`), refused with a DatasetError (exit 2) naming `what` when a name is
 * absolute, has a `..` segment — also once percent-decoded (`%2e%2e%2f`) — or the result is not inside `root`.
 */
export function containedPath(root: string, names: readonly string[], what: string): string {
  for (const name of names) {
    const reason = unsafePathReason(name);
    if (reason !== undefined)
      throw new DatasetError(
        `${what}: "${name}" cannot be used as a path (${reason}): it would reach outside ${root}. Name a file inside it.`,
        { code: "E_PATH_ESCAPE" },
      );
  }
  const joined = path.resolve(root, ...names);
  const relative = path.relative(path.resolve(root), joined);
  if (relative === ".." || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative))
    throw new DatasetError(`${what}: ${joined} is outside ${root}.`, { code: "E_PATH_ESCAPE" });
  return joined;
}
