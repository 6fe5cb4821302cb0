// Reads a `--responses` JSONL file for `llm-bench grade`: one object a line, errors naming file, line and field.
import { readFileSync } from "node:fs";
import type { z } from "zod";
import { ConfigError } from "../errors.js";

/** Each non-blank line parsed with `schema`; a bad line is a ConfigError "FILE line N: field "x": …" (exit 2). */
export function readResponsesFile<T>(file: string, schema: z.ZodType<T>): { line: number; value: T }[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const problem =
      code === "ENOENT"
        ? "no such file; check the path"
        : code === "EISDIR"
          ? "is a directory; give the JSONL file of responses in it"
          : `cannot read the file (${(error as Error).message}); give a readable JSONL file`;
    throw new ConfigError(`--responses ${file}: ${problem}.`, { cause: error });
  }
  const entries: { line: number; value: T }[] = [];
  const lines = text.split("\n");
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    if (raw.trim() === "") continue;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new ConfigError(`${file} line ${line}: not valid JSON.`);
    }
    const result = schema.safeParse(json);
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.join(".") ?? "";
      throw new ConfigError(
        `${file} line ${line}: ${field === "" ? "" : `field "${field}": `}${issue?.message ?? "invalid"}.`,
      );
    }
    entries.push({ line, value: result.data });
  }
  if (entries.length === 0) throw new ConfigError(`${file}: no responses (expected one JSON object a line).`);
  return entries;
}
