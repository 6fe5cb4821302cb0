// The first failed request's message in a profile's profile_export.jsonl: the example a failure summary shows.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export function firstProfileError(runDir: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(join(runDir, "profile_export.jsonl"), "utf8");
  } catch {
    return undefined;
  }
  for (const line of text.split("\n")) {
    if (!line.includes('"error"')) continue;
    try {
      const record = JSON.parse(line) as { status?: unknown; error?: unknown };
      if (record.status === "error" && typeof record.error === "string") return record.error;
    } catch {
      // A torn last line: the records before it are what there is.
    }
  }
  return undefined;
}
