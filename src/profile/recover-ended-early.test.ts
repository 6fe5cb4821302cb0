// A resumed profile whose last session ended early reads that session's requests back from profile_export.jsonl.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import type { SessionEntry } from "../results/run-manifest.js";
import type { EarlierSessions } from "../session/open-session.js";
import { recoverEndedEarly } from "./recover-ended-early.js";

/** An export line as profile-export-line.ts writes it (the times that matter here given). */
const line = (index: number, isWarmup: boolean, sentMs: number, e2eMs: number | null) =>
  JSON.stringify({
    index,
    item: 0,
    is_warmup: isWarmup,
    status: e2eMs === null ? "error" : "ok",
    error_class: e2eMs === null ? "http_503" : null,
    intended_at_ms: sentMs,
    sent_at_ms: sentMs,
    queue_ms: 0,
    send_lag_ms: 0,
    time_to_first_byte_ms: e2eMs,
    ttft_ms: e2eMs,
    time_to_first_output_token_ms: e2eMs,
    time_to_second_token_ms: null,
    itl_ms: null,
    tpot_ms: null,
    e2e_latency_ms: e2eMs,
    input_tokens: 8,
    output_tokens: e2eMs === null ? 0 : 1,
    output_tokens_counted: true,
    chunks: e2eMs === null ? 0 : 1,
  });

function earlierOf(sessions: SessionEntry[]): EarlierSessions {
  return { index: sessions.length, previous: new Map(), earlierSessions: sessions };
}

const ended: SessionEntry = {
  started_at: "2026-11-26T10:00:00.000Z",
  ended_at: "2026-11-26T10:01:00.000Z",
  status: "interrupted",
  requests_sent: 3,
  duration_s: 1,
};
const killed: SessionEntry = { started_at: "2026-11-26T10:02:00.000Z", ended_at: null, status: "running" };

describe("recoverEndedEarly", () => {
  it("leaves sessions that ended as they are", () => {
    const earlier = earlierOf([ended]);
    expect(recoverEndedEarly(mkdtempSync(join(tmpdir(), "recover-")), earlier)).toEqual({ earlier });
  });

  it("counts the killed session's lines after the earlier sessions' indices, passing over a torn last line", () => {
    const runDir = mkdtempSync(join(tmpdir(), "recover-"));
    const lines = [
      line(0, true, 0, 5),
      line(1, false, 5, 5),
      line(2, false, 6, 5),
      // The killed session: two warmup requests, then measured ones; index 5 was in flight at the kill.
      line(3, true, 100, 10),
      line(4, true, 101, 10),
      line(6, false, 120, 30),
      line(7, false, 125, null),
      `{"index":8,"item":3,"is_wa`,
    ];
    writeFileSync(join(runDir, "profile_export.jsonl"), lines.join("\n"));
    const { earlier, recovered } = recoverEndedEarly(runDir, earlierOf([ended, killed]));
    expect(recovered).toEqual({ session: 1, lines: 4, measured: 2 });
    expect(earlier.earlierSessions).toEqual([
      ended,
      { ...killed, requests_sent: 5, requests_measured: 2, duration_s: 0.05 },
    ]);
  });

  it("finds nothing for a session that failed before any request ended", () => {
    const { earlier, recovered } = recoverEndedEarly(
      mkdtempSync(join(tmpdir(), "recover-")),
      earlierOf([killed]),
    );
    expect(recovered).toEqual({ session: 0, lines: 0, measured: 0 });
    expect(earlier.earlierSessions[0]).toMatchObject({
      requests_sent: 0,
      requests_measured: 0,
      duration_s: 0,
    });
  });

  it("refuses an export damaged before its last line, naming the line", () => {
    const runDir = mkdtempSync(join(tmpdir(), "recover-"));
    writeFileSync(
      join(runDir, "profile_export.jsonl"),
      [line(0, false, 0, 5), "{not json", line(1, false, 1, 5)].join("\n"),
    );
    expect(() => recoverEndedEarly(runDir, earlierOf([killed]))).toThrow(
      new ConfigError(`${join(runDir, "profile_export.jsonl")}:2: not JSON.`),
    );
  });
});
