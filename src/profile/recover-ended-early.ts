// A profile session that did not reach its end — killed (-9, a crash, the machine) or failed (a full disk) — wrote no
// request count into run.json, but its requests are in profile_export.jsonl as far as they were flushed. A `--resume`
// reads them back from there, so it continues after them instead of sending the whole schedule again: the session's
// entry gets `requests_sent` (the span of indices it used, so new lines never reuse one), `requests_measured` (its
// measured lines) and `duration_s` (its first send to its last end), and is written into run.json with the new session.
import { createReadStream, existsSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { SessionEntry } from "../results/run-manifest.js";
import type { EarlierSessions } from "../session/open-session.js";

export interface RecoveredSession {
  readonly earlier: EarlierSessions;
  /** What was found for the session that ended early; undefined when every earlier session ended. */
  readonly recovered?: { readonly session: number; readonly lines: number; readonly measured: number };
}

interface ExportLineFields {
  index?: unknown;
  is_warmup?: unknown;
  sent_at_ms?: unknown;
  e2e_latency_ms?: unknown;
}

/** The earlier sessions, the last one's entry completed from the export when it ended early. */
export async function recoverEndedEarly(runDir: string, earlier: EarlierSessions): Promise<RecoveredSession> {
  const sessions = earlier.earlierSessions;
  const last = sessions.at(-1);
  if (last === undefined || last.requests_sent !== undefined) return { earlier };
  const base = sessions.slice(0, -1).reduce((sum, entry) => sum + (entry.requests_sent ?? 0), 0);
  const found = await scanExport(join(runDir, "profile_export.jsonl"), base);
  const entry: SessionEntry = {
    ...last,
    requests_sent: found.lines === 0 ? 0 : found.maxIndex + 1 - base,
    requests_measured: found.measured,
    duration_s: found.lines === 0 ? 0 : Math.max(0, found.lastEndMs - found.firstSentMs) / 1000,
  };
  return {
    earlier: { ...earlier, earlierSessions: [...sessions.slice(0, -1), entry] },
    recovered: { session: sessions.length - 1, lines: found.lines, measured: found.measured },
  };
}

/** The export lines with an index from `base` on (the last session's); a torn or foreign line is passed over. */
async function scanExport(path: string, base: number) {
  const found = { lines: 0, measured: 0, maxIndex: -1, firstSentMs: Infinity, lastEndMs: -Infinity };
  if (!existsSync(path)) return found;
  const lines = createInterface({ input: createReadStream(path, "utf8"), crlfDelay: Infinity });
  for await (const line of lines) {
    let fields: ExportLineFields;
    try {
      fields = JSON.parse(line) as ExportLineFields;
    } catch {
      continue; // the torn last line of a killed write
    }
    const { index } = fields;
    if (typeof index !== "number" || index < base) continue;
    found.lines++;
    found.maxIndex = Math.max(found.maxIndex, index);
    if (fields.is_warmup === false) found.measured++;
    if (typeof fields.sent_at_ms === "number") {
      found.firstSentMs = Math.min(found.firstSentMs, fields.sent_at_ms);
      const e2e = typeof fields.e2e_latency_ms === "number" ? fields.e2e_latency_ms : 0;
      found.lastEndMs = Math.max(found.lastEndMs, fields.sent_at_ms + e2e);
    }
  }
  if (found.firstSentMs === Infinity) return { ...found, firstSentMs: 0, lastEndMs: 0 };
  return found;
}
