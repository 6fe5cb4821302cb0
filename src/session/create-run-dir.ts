// Makes a new run directory `<outputDir>/<YYYYMMDD-HHMMSS>_<model>` (with a numeric suffix if taken).
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, toError } from "../errors.js";

export function createRunDir(outputDir: string, now: Date, model: string): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  const slug = model.replace(/[^A-Za-z0-9._-]+/g, "_").slice(-60);
  const base = join(outputDir, `${stamp}_${slug}`);
  let runDir = base;
  for (let suffix = 2; existsSync(runDir); suffix++) runDir = `${base}-${suffix}`;
  try {
    mkdirSync(runDir, { recursive: true });
  } catch (error) {
    throw new ConfigError(
      `Cannot create the run directory ${runDir} (${toError(error).message}). Choose a writable --output-dir.`,
      { cause: error },
    );
  }
  return runDir;
}
