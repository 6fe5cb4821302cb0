import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import type { Backend, GenerationRequest, GenerationResult } from "../core/generation.js";
import type { SampleRecord } from "../core/sample-record.js";
import { OutputWriteError } from "../errors.js";
import { type JournalWriter, openJournal, readJournal } from "./journal.js";
import { runEngine, type WorkItem } from "./run-engine.js";

/** A backend whose answers take `delayMs`, recording how many requests are in flight at once. */
function delayedBackend(delayMs: (index: number) => number, onStart: (index: number) => void = () => {}) {
  let inFlight = 0;
  let started = 0;
  const stats = { maxInFlight: 0, started: 0, inFlightAtStart: [] as number[] };
  const backend: Backend = {
    name: "delayed",
    async generate(_request: GenerationRequest, options = {}): Promise<GenerationResult> {
      const index = started++;
      stats.started = started;
      onStart(index);
      inFlight++;
      stats.inFlightAtStart.push(inFlight);
      stats.maxInFlight = Math.max(stats.maxInFlight, inFlight);
      const sentMs = performance.now();
      try {
        await sleep(delayMs(index), undefined, options.signal ? { signal: options.signal } : {});
      } catch {
        inFlight--;
        return result("aborted", sentMs);
      }
      inFlight--;
      return result("ok", sentMs);
    },
    async listModels() {
      return ["m"];
    },
    async close() {},
  };
  return { backend, stats };
}

function result(status: GenerationResult["status"], sentMs: number): GenerationResult {
  const endMs = performance.now();
  return {
    status,
    text: "answer",
    reasoning: "",
    isThinkUnclosed: false,
    finishReason: "stop",
    usage: { completionTokens: 1 },
    timings: { sentMs, firstContentMs: endMs, deltaTimesMs: [endMs], endMs },
    attempts: 1,
  };
}

function items(count: number, built: { count: number }): WorkItem[] {
  return Array.from({ length: count }, (_, index) => ({
    key: `b\u0000${index}`,
    request() {
      built.count++;
      return { prompt: { type: "completion", text: `q${index}` }, params: {}, stream: true };
    },
    complete(generation): SampleRecord {
      return {
        benchmark: "b",
        id: String(index),
        task: "b",
        status: generation.status,
        prompt: { type: "completion", text: `q${index}` },
        response: generation.text,
        reasoning: "",
        extracted: null,
        gold: "x",
        correct: index % 2 === 0,
        score: index % 2 === 0 ? 1 : 0,
        unparsed: false,
        truncated: false,
        grade_reason: "test",
        finish_reason: "stop",
        usage: { prompt_tokens: null, completion_tokens: 1 },
        timings: { sent_at_ms: 0, ttfb_ms: null, ttft_ms: 1, e2e_ms: 1, itl_ms: null, chunks: 1 },
        attempts: 1,
        session: 0,
        error: null,
      };
    },
  }));
}

const journalPath = () => join(mkdtempSync(join(tmpdir(), "engine-")), "samples.jsonl");

describe("runEngine", () => {
  it("keeps exactly `concurrency` requests in flight until the queue runs dry", async () => {
    const { backend, stats } = delayedBackend((index) => 5 + (index % 7) * 3);
    const path = journalPath();
    const journal = openJournal(path);
    const built = { count: 0 };
    const outcome = await runEngine(items(120, built), { backend, concurrency: 8, journal });
    journal.close();
    expect(outcome.records).toHaveLength(120);
    expect(outcome.isInterrupted).toBe(false);
    expect(stats.maxInFlight).toBe(8);
    // Every request after the first 8 starts the moment another ends: 8 in flight (no batch gaps).
    expect(stats.inFlightAtStart.slice(8, 112).every((count) => count === 8)).toBe(true);
    expect(built.count).toBe(120);
    expect(readJournal(path).records.size).toBe(120);
  });

  it("grades off the request slot: a slow grader does not hold back the next requests", async () => {
    const { backend, stats } = delayedBackend(() => 1);
    const path = journalPath();
    const journal = openJournal(path);
    let releaseGrading: () => void = () => {};
    const gradingGate = new Promise<void>((resolve) => {
      releaseGrading = resolve;
    });
    const startedWhileGrading: number[] = [];
    const slow = items(4, { count: 0 }).map((item) => ({
      ...item,
      async complete(generation: GenerationResult) {
        startedWhileGrading.push(stats.started);
        await gradingGate;
        return item.complete(generation);
      },
    }));
    const run = runEngine(slow, { backend, concurrency: 1, journal });
    await sleep(100);
    // Every request was sent (one at a time) while the first answer was still being graded.
    expect(stats.started).toBe(4);
    expect(stats.maxInFlight).toBe(1);
    releaseGrading();
    const outcome = await run;
    journal.close();
    expect(startedWhileGrading[0]).toBe(1);
    expect(outcome.records).toHaveLength(4);
    expect(readJournal(path).records).toHaveLength(4);
  });

  it("stops at once when the journal cannot be written: no new request, those in flight cancelled", async () => {
    // Answers 0–3 come at once; the others would take a minute, far beyond any grace period.
    let aborted = 0;
    const { backend, stats } = delayedBackend((index) => (index < 4 ? 1 : 60_000));
    const counting: Backend = {
      ...backend,
      async generate(request, options) {
        const generated = await backend.generate(request, options);
        if (generated.status === "aborted") aborted++;
        return generated;
      },
    };
    const real = openJournal(journalPath());
    let appended = 0;
    const full = new OutputWriteError(
      "/runs/x/samples.jsonl",
      Object.assign(new Error("full"), { code: "ENOSPC" }),
    );
    const journal: JournalWriter = {
      append(record) {
        if (appended === 3) throw full;
        appended++;
        return real.append(record);
      },
      close: () => real.close(),
    };
    await expect(
      runEngine(items(50, { count: 0 }), { backend: counting, concurrency: 8, journal, graceMs: 120_000 }),
    ).rejects.toBe(full);
    journal.close();
    expect(appended).toBe(3);
    // The fourth answer's record failed; the other requests in flight (up to 8 at once) were cancelled.
    expect(stats.started).toBeLessThanOrEqual(4 + 8);
    expect(aborted).toBe(stats.started - 4);
  });

  it("builds prompts lazily, only when a worker takes the item", async () => {
    const { backend } = delayedBackend(() => 20);
    const built = { count: 0 };
    const journal = openJournal(journalPath());
    const running = runEngine(items(50, built), { backend, concurrency: 4, journal });
    await sleep(5);
    expect(built.count).toBe(4);
    await running;
    journal.close();
    expect(built.count).toBe(50);
  });

  it("on abort stops sending, lets requests in flight finish within the grace period, and journals them", async () => {
    const controller = new AbortController();
    // Ctrl-C arrives just as the tenth request is sent.
    const { backend, stats } = delayedBackend(
      () => 30,
      (index) => index === 9 && controller.abort(),
    );
    const path = journalPath();
    const journal = openJournal(path);
    const running = runEngine(items(100, { count: 0 }), {
      backend,
      concurrency: 5,
      journal,
      signal: controller.signal,
      graceMs: 5_000,
    });
    const outcome = await running;
    journal.close();
    expect(outcome.isInterrupted).toBe(true);
    expect(stats.started).toBe(10);
    expect(outcome.records).toHaveLength(10);
    expect(readFileSync(path, "utf8").trim().split("\n")).toHaveLength(10);
  });

  it("cancels requests still in flight when the grace period ends, and does not journal them", async () => {
    const { backend } = delayedBackend(() => 10_000);
    const path = journalPath();
    const journal = openJournal(path);
    const controller = new AbortController();
    const running = runEngine(items(10, { count: 0 }), {
      backend,
      concurrency: 3,
      journal,
      signal: controller.signal,
      graceMs: 20,
    });
    await sleep(10);
    controller.abort();
    const outcome = await running;
    journal.close();
    expect(outcome.records).toHaveLength(0);
    expect(outcome.isInterrupted).toBe(true);
    expect(readJournal(path).records.size).toBe(0);
  });
});
