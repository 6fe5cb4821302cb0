// The folder import rules of docs/ARCHITECTURE.md, checked: each folder's imports — values and types alike — stay
// within its row's "may import" column, so an interface cannot sit above its implementations.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const srcDir = dirname(fileURLToPath(import.meta.url));
const architecture = readFileSync(resolve(srcDir, "../docs/ARCHITECTURE.md"), "utf8");

/** Folder → the folders it may import, from the table rows "| `src/x/` | job | may import |". */
function readRules(): Map<string, Set<string>> {
  const rows = [...architecture.matchAll(/^\|\s*`src\/([a-z-]+)\/[^`]*`\s*\|[^|]*\|([^|]*)\|/gm)];
  const folders = rows.map((row) => row[1] ?? "");
  const rules = new Map<string, Set<string>>();
  for (const row of rows) {
    const folder = row[1] ?? "";
    const column = row[2] ?? "";
    let allowed: string[];
    if (/everything below except/.test(column)) {
      const excluded = [...column.matchAll(/`?([a-z-]+)\/`?/g)].map((match) => match[1]);
      allowed = folders.filter((name) => !excluded.includes(name));
    } else if (/everything/.test(column)) {
      allowed = folders;
    } else {
      allowed = [...column.matchAll(/[a-z-]+/g)]
        .map((match) => match[0])
        .filter((name) => folders.includes(name));
    }
    rules.set(folder, new Set([...allowed, folder, "core"]));
  }
  return rules;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "test-support" ? [] : sourceFiles(path);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.endsWith(".test-d.ts") ? [path] : [];
  });
}

/** Relative import specifiers of imports and re-exports, type-only ones included. */
function importSpecifiers(text: string): string[] {
  const specifiers: string[] = [];
  for (const match of text.matchAll(
    /^\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+["'](\.[^"']+)["']/gms,
  )) {
    specifiers.push(match[4] ?? "");
  }
  for (const match of text.matchAll(/import\(\s*["'](\.[^"']+)["']\s*\)/g)) specifiers.push(match[1] ?? "");
  return specifiers;
}

const topFolder = (path: string): string => relative(srcDir, path).split("/")[0] ?? "";

describe("architecture", () => {
  const rules = readRules();

  it("documents every folder of src/ in docs/ARCHITECTURE.md", () => {
    const folders = readdirSync(srcDir).filter((name) => statSync(join(srcDir, name)).isDirectory());
    const undocumented = folders.filter((folder) => !rules.has(folder));
    expect(undocumented, "add a row for each to docs/ARCHITECTURE.md's folder table").toEqual([]);
  });

  it("keeps every import inside its folder's allowed list", () => {
    const violations: string[] = [];
    for (const file of sourceFiles(srcDir)) {
      const from = topFolder(file);
      if (!rules.has(from)) continue;
      for (const specifier of importSpecifiers(readFileSync(file, "utf8"))) {
        const target = resolve(dirname(file), specifier);
        const to = topFolder(target);
        if (to.endsWith(".js") || to === from) continue; // errors.ts and the like at the root of src/
        if (!rules.get(from)?.has(to))
          violations.push(`${relative(srcDir, file)} imports ${to}/ (${specifier})`);
      }
    }
    expect(violations).toEqual([]);
  });

  it("lets nothing but the executable import cli/", () => {
    const offenders = sourceFiles(srcDir)
      .filter((file) => topFolder(file) !== "cli")
      .filter((file) => /from\s+["'](\.\.\/)+cli\//.test(readFileSync(file, "utf8")));
    expect(offenders.map((file) => relative(srcDir, file))).toEqual([]);
  });
});
