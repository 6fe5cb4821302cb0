// Reads a run's journal (`samples.jsonl`) for the report: each line checked with the journal's schema, the last
// record of a sample kept (a resumed sample's new record supersedes the old one).
import { existsSync, readFileSync } from "node:fs";
import { recordKey, type SampleRecord, sampleRecordSchema } from "../../core/sample-record.js";
import { ConfigError } from "../../errors.js";

/** The journal's records, one per sample in the order samples first appear; none when there is no journal. */
export function readJournal(path: string): SampleRecord[] {
  if (!existsSync(path)) return [];
  const text = readFileSync(path, "utf8");
  const lines = text.split("\n");
  const records = new Map<string, SampleRecord>();
  for (const [index, line] of lines.entries()) {
    if (line.trim() === "") continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (error) {
      // A last line without its newline is a write cut short by a kill: the sample is not journalled.
      if (index === lines.length - 1) break;
      throw new ConfigError(`${path}:${index + 1}: not JSON.`, { cause: error });
    }
    const parsed = sampleRecordSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ConfigError(
        `${path}:${index + 1}: field "${issue?.path.join(".") ?? ""}": ${issue?.message ?? "invalid"}.`,
      );
    }
    records.set(recordKey(parsed.data), parsed.data);
  }
  return [...records.values()];
}
