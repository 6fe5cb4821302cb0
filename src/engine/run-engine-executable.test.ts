// runEngine with items that execute themselves: closed-loop concurrency, aborted items, and fatal errors.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import type { Backend } from "../core/generation.js";
import type { SampleRecord } from "../core/sample-record.js";
import { openJournal, readJournal } from "./journal.js";
import { type ExecutableWorkItem, runEngine } from "./run-engine.js";

const backend: Backend = {
  name: "unused",
  generate: () => Promise.reject(new Error("not called")),
  listModels: async () => [],
  close: async () => {},
};

function record(index: number): SampleRecord {
  return {
    benchmark: "b",
    id: String(index),
    task: "b",
    status: "ok",
    prompt: { type: "completion", text: `q${index}` },
    response: "",
    reasoning: "",
    extracted: null,
    gold: "A",
    correct: index % 3 === 0,
    score: index % 3 === 0 ? 1 : 0,
    unparsed: false,
    truncated: false,
    grade_reason: "test",
    finish_reason: "other",
    usage: { prompt_tokens: null, completion_tokens: null },
    timings: { sent_at_ms: 0, ttfb_ms: null, ttft_ms: null, e2e_ms: 1, itl_ms: null, chunks: 0 },
    attempts: 1,
    session: 0,
    error: null,
    correct_norm: index % 2 === 0,
  };
}

/** Items that each make `steps` sequential "requests" of `stepMs`, tracking how many items run at once. */
function items(
  count: number,
  stats: { running: number; maxRunning: number; started: number },
  fail?: number,
) {
  return Array.from(
    { length: count },
    (_, index): ExecutableWorkItem => ({
      key: `b\u0000${index}`,
      async execute(_backend, signal) {
        stats.started++;
        stats.running++;
        stats.maxRunning = Math.max(stats.maxRunning, stats.running);
        try {
          for (let step = 0; step < 3; step++) {
            await sleep(2, undefined, { signal });
            if (index === fail) throw new Error("fatal: the server cannot score");
          }
        } catch (error) {
          if (signal.aborted) return undefined;
          throw error;
        } finally {
          stats.running--;
        }
        return record(index);
      },
    }),
  );
}

const journalPath = () => join(mkdtempSync(join(tmpdir(), "engine-exec-")), "samples.jsonl");

describe("runEngine with executable items", () => {
  it("keeps `concurrency` items in flight and journals each record", async () => {
    const stats = { running: 0, maxRunning: 0, started: 0 };
    const path = journalPath();
    const journal = openJournal(path);
    const outcome = await runEngine(items(40, stats), { backend, concurrency: 6, journal });
    journal.close();
    expect(outcome.records).toHaveLength(40);
    expect(stats.maxRunning).toBe(6);
    const journalled = readJournal(path).records;
    expect(journalled.size).toBe(40);
    expect(journalled.get("b\u00000")?.correct_norm).toBe(true);
  });

  it("stops taking items after a fatal error, lets the others finish, and rethrows it", async () => {
    const stats = { running: 0, maxRunning: 0, started: 0 };
    const path = journalPath();
    const journal = openJournal(path);
    await expect(runEngine(items(100, stats, 5), { backend, concurrency: 4, journal })).rejects.toThrow(
      /cannot score/,
    );
    journal.close();
    expect(stats.running).toBe(0);
    expect(stats.started).toBeLessThan(20);
    // Items that were running when the error came finished and were journalled.
    expect(readJournal(path).records.size).toBe(stats.started - 1);
  });

  it("does not journal items cancelled by the grace period", async () => {
    const stats = { running: 0, maxRunning: 0, started: 0 };
    const controller = new AbortController();
    const path = journalPath();
    const journal = openJournal(path);
    const slow: ExecutableWorkItem = {
      key: "slow",
      async execute(_backend, signal) {
        try {
          await sleep(10_000, undefined, { signal });
        } catch {
          return undefined;
        }
        return record(0);
      },
    };
    const running = runEngine([slow, ...items(3, stats)], {
      backend,
      concurrency: 1,
      journal,
      signal: controller.signal,
      graceMs: 10,
    });
    await sleep(5);
    controller.abort();
    const outcome = await running;
    journal.close();
    expect(outcome.isInterrupted).toBe(true);
    expect(outcome.records).toHaveLength(0);
    expect(stats.started).toBe(0);
  });
});
