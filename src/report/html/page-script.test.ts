// The page's script as the build makes it: every client module's exported functions inlined by their source, valid
// JavaScript on its own; and the guard that refuses a test transform's source (what vitest runs from src/).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import * as app from "./client/app.js";
import * as sampleFilter from "./client/sample-filter.js";
import { clientSource } from "./page-script.js";

const built = fileURLToPath(new URL("../../../dist/report/html/page-script.js", import.meta.url));

describe("the report page's script", () => {
  it("from the build: every client function inlined, and the whole compiles as a script", () => {
    expect(existsSync(built), `${built} is missing: run \`npm run build\` first (npm test does)`).toBe(true);
    // In a Node of its own: vitest would transform the built module too.
    const script = execFileSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { pageScript } from ${JSON.stringify(pathToFileURL(built).href)}; process.stdout.write(pageScript());`,
      ],
      { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    for (const name of [...Object.keys(app), ...Object.keys(sampleFilter)]) {
      expect(script).toContain(`function ${name}(`);
    }
    expect(script).toContain("async function decodeReportSamples(");
    expect(script.trimEnd().endsWith("startReport().catch((error) => console.error(error));")).toBe(true);
    // Compiling (not running) the text checks it is one valid script, names and all.
    expect(() => new Function(script)).not.toThrow();
  });

  it("refuses source a test transform rewrote (calls to imports become the transform's own names)", () => {
    expect(() => clientSource()).toThrow(/must come from the compiled build \(dist\/\)/);
  });
});
