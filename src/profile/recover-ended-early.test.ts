// A resumed profile whose last session ended early reads that session's requests back from profile_export.jsonl.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { SessionEntry } from "../results/run-manifest.js";
import type { EarlierSessions } from "../session/open-session.js";
import { recoverEndedEarly } from "./recover-ended-early.js";

const line = (index: number, isWarmup: boolean, sentMs: number, e2eMs: number | null) =>
  JSON.stringify({
    index,
    item: 0,
    is_warmup: isWarmup,
    status: "ok",
    sent_at_ms: sentMs,
    e2e_latency_ms: e2eMs,
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
  it("leaves sessions that ended as they are", async () => {
    const earlier = earlierOf([ended]);
    expect(await recoverEndedEarly(mkdtempSync(join(tmpdir(), "recover-")), earlier)).toEqual({ earlier });
  });

  it("counts the killed session's lines after the earlier sessions' indices, passing over a torn last line", async () => {
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
    const { earlier, recovered } = await recoverEndedEarly(runDir, earlierOf([ended, killed]));
    expect(recovered).toEqual({ session: 1, lines: 4, measured: 2 });
    expect(earlier.earlierSessions).toEqual([
      ended,
      { ...killed, requests_sent: 5, requests_measured: 2, duration_s: 0.05 },
    ]);
  });

  it("finds nothing for a session that failed before any request ended", async () => {
    const { earlier, recovered } = await recoverEndedEarly(
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
});
