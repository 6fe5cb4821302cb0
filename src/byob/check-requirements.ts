// `requirements`: the npm packages a definition's scorer needs, checked when it loads — each must resolve from the
// definition file's folder, else a ConfigError saying how to install it. NeMo lists pip packages; ours are npm's.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { ConfigError } from "../errors.js";

/** `lodash`, `@scope/pkg`, `zod@^3` → the package name (a version range is npm's business, not checked here). */
function packageName(specifier: string): string {
  const trimmed = specifier.trim();
  const at = trimmed.startsWith("@") ? trimmed.indexOf("@", 1) : trimmed.indexOf("@");
  return at === -1 ? trimmed : trimmed.slice(0, at);
}

/** A list as it is, or a file with one package per line (`#` comments and blank lines skipped). */
export function readRequirements(
  requirements: readonly string[] | string | undefined,
  definitionDir: string,
  origin: string,
): string[] {
  if (requirements === undefined) return [];
  if (typeof requirements !== "string") return [...requirements];
  const file = path.resolve(definitionDir, requirements);
  if (!existsSync(file)) {
    throw new ConfigError(
      `${origin}: "requirements": no file ${file} (a path is relative to the definition file).`,
    );
  }
  return readFileSync(file, "utf8")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

/** Throws a ConfigError naming every package that does not resolve, with the command that installs them. */
export function checkRequirements(packages: readonly string[], definitionDir: string, origin: string): void {
  if (packages.length === 0) return;
  const require = createRequire(path.join(definitionDir, "noop.js"));
  const missing = packages.filter((specifier) => {
    const name = packageName(specifier);
    try {
      require.resolve(`${name}/package.json`);
      return false;
    } catch {
      try {
        require.resolve(name);
        return false;
      } catch {
        return true;
      }
    }
  });
  if (missing.length === 0) return;
  throw new ConfigError(
    `${origin} needs npm package${missing.length > 1 ? "s" : ""} ${missing.join(", ")}, not installed where it can ` +
      `find ${missing.length > 1 ? "them" : "it"}: run \`npm install ${missing.join(" ")}\` in ${definitionDir} (or a folder above it).`,
  );
}
