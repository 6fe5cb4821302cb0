// A profile session that did not reach its end — killed (-9, a crash, the machine) or failed (a full disk) — wrote no
// request count into run.json, but its requests are in profile_export.jsonl as far as they were flushed. A `--resume`
// reads them back from there, so it continues after them instead of sending the whole schedule again: the session's
// entry gets `requests_sent` (the span of indices it used, so new lines never reuse one), `requests_measured` (its
// measured lines) and `duration_s` (its first send to its last end), and is written into run.json with the new session.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { SessionEntry } from "../results/run-manifest.js";
import type { EarlierSessions } from "../session/open-session.js";
import { readProfileExport } from "./profile-export-record.js";

export interface RecoveredSession {
  readonly earlier: EarlierSessions;
  /** What was found for the session that ended early; undefined when every earlier session ended. */
  readonly recovered?: { readonly session: number; readonly lines: number; readonly measured: number };
}

/**
 * The earlier sessions, the last one's entry completed from the export when it ended early (a damaged line of the
 * export is a ConfigError naming it).
 */
export function recoverEndedEarly(runDir: string, earlier: EarlierSessions): RecoveredSession {
  const sessions = earlier.earlierSessions;
  const last = sessions.at(-1);
  if (last === undefined || last.requests_sent !== undefined) return { earlier };
  const base = sessions.slice(0, -1).reduce((sum, entry) => sum + (entry.requests_sent ?? 0), 0);
  const found = scanExport(join(runDir, "profile_export.jsonl"), base);
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

/** The export lines with an index from `base` on (the last session's). */
function scanExport(path: string, base: number) {
  const found = { lines: 0, measured: 0, maxIndex: -1, firstSentMs: Infinity, lastEndMs: -Infinity };
  if (!existsSync(path)) return found;
  for (const { record } of readProfileExport(path)) {
    if (record.index < base) continue;
    found.lines++;
    found.maxIndex = Math.max(found.maxIndex, record.index);
    if (!record.is_warmup) found.measured++;
    found.firstSentMs = Math.min(found.firstSentMs, record.sent_at_ms);
    found.lastEndMs = Math.max(found.lastEndMs, record.sent_at_ms + (record.e2e_latency_ms ?? 0));
  }
  if (found.firstSentMs === Infinity) return { ...found, firstSentMs: 0, lastEndMs: 0 };
  return found;
}
