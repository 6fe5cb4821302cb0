// Runs benchmark work items through the scheduler: `concurrency` requests in flight, each answer graded as it lands
// (off the request slot, so slow grading such as code execution overlaps the next requests) and journalled.
import type { Backend, GenerationRequest, GenerationResult } from "../core/generation.js";
import type { SampleRecord } from "../core/sample-record.js";
import { ConsecutiveFailures, type ServerFailureKind, type ServerGone } from "./consecutive-failures.js";
import type { JournalWriter } from "./journal.js";
import { schedule } from "./scheduler.js";

/** The common unit of work: one generation request, built only when a worker takes it, and its grading. */
export interface WorkItem {
  readonly key: string;
  /** The request to send; a promise when the prompt needs token work first (`LoadedBenchmark.preparePrompt`). */
  request(): GenerationRequest | Promise<GenerationRequest>;
  /**
   * Turns the backend's answer into a journal record (a scorer may make that async). Throws only for a fatal error
   * every sample would hit (a scorer returning no scores), which stops the run. `signal` is the run's stop: a
   * grading it cut short (a container's tests) resolves to undefined — not journalled, graded again on --resume.
   */
  complete(
    result: GenerationResult,
    signal?: AbortSignal,
  ): SampleRecord | undefined | Promise<SampleRecord | undefined>;
}

/**
 * A unit of work that talks to the backend itself (e.g. one loglikelihood sample: a request per option).
 * Resolves to the journal record, or undefined when `signal` cancelled it (not journalled, as an aborted
 * generation). Failures of the sample are data in the record; throwing stops the whole run (a fatal error, such
 * as a server that cannot do what every item needs): no new items start and the engine rethrows it.
 */
export interface ExecutableWorkItem {
  readonly key: string;
  execute(backend: Backend, signal: AbortSignal): Promise<SampleRecord | undefined>;
}

export type EngineWorkItem = WorkItem | ExecutableWorkItem;

/**
 * Sends the item's request and returns how to finish it: an executable item finishes itself; a generation item's
 * `complete` (grading, which may execute code) runs after the request slot is given back.
 */
async function sendItem(
  item: EngineWorkItem,
  backend: Backend,
  signal: AbortSignal,
): Promise<(() => Promise<SampleRecord | undefined>) | undefined> {
  if ("execute" in item) {
    const record = await item.execute(backend, signal);
    return record === undefined ? undefined : async () => record;
  }
  const request = item.request();
  const result = await backend.generate(request instanceof Promise ? await request : request, { signal });
  if (result.status === "aborted") return undefined;
  return async () => item.complete(result, signal);
}

export interface EngineOptions {
  backend: Backend;
  concurrency: number;
  journal: JournalWriter;
  /** Aborting it stops new requests; those in flight get `graceMs` to finish before they are cancelled. */
  signal?: AbortSignal;
  graceMs?: number;
  /**
   * Stop sending after this many samples in a row failed to connect or got no OpenAI answer (0: never; default 20).
   */
  maxConsecutiveFailures?: number;
  onSampleEnd?: (record: SampleRecord) => void;
}

export interface EngineResult {
  /** Records completed by this call, in completion order. */
  records: SampleRecord[];
  /** True when the signal stopped the run before every item was done. */
  isInterrupted: boolean;
  /** Set when the run stopped because the server could no longer be reached. */
  serverGone?: ServerGone;
}

/**
 * The record of a sample whose requests could not reach the server ("unreachable"), or got only answers that are not
 * an OpenAI API's ("not-openai": an HTML page, an empty body, another protocol); undefined for any other.
 */
const serverFailureOf = (record: SampleRecord): ServerFailureKind | undefined => {
  if (record.status !== "error") return undefined;
  const code = record.error?.code;
  return code === "E_CONNECTION" ? "unreachable" : code === "E_PROTOCOL" ? "not-openai" : undefined;
};

/** Sends the items through the scheduler's closed loop, `concurrency` at a time, and journals each record. */
export async function runEngine(
  items: readonly EngineWorkItem[],
  options: EngineOptions,
): Promise<EngineResult> {
  const { backend, journal, onSampleEnd } = options;
  const records: SampleRecord[] = [];
  const failures = new ConsecutiveFailures(options.maxConsecutiveFailures ?? 20);
  // A fatal error, or a server gone, stops the schedule as a stop would: nothing new is taken, what is in flight
  // may end.
  const fatalStop = new AbortController();
  let fatal: { error: unknown } | undefined;
  const signal =
    options.signal === undefined ? fatalStop.signal : AbortSignal.any([options.signal, fatalStop.signal]);
  // A journal that cannot be written (a full disk, a read-only directory) stops the run at once: requests in flight
  // are cancelled without the grace period, as their answers could not be kept.
  const cancelNow = new AbortController();
  const finishRecord = (given: SampleRecord) => {
    let record: SampleRecord;
    try {
      record = journal.append(given);
    } catch (error) {
      stopFatally(error);
      cancelNow.abort(error);
      return;
    }
    records.push(record);
    onSampleEnd?.(record);
    if (failures.record(serverFailureOf(record), record.error?.message ?? "")) {
      fatalStop.abort(new Error("the server is gone"));
    }
  };
  const stopFatally = (error: unknown) => {
    fatal ??= { error };
    fatalStop.abort(error);
  };
  // Answers being graded after their request slot was freed (a code benchmark executes while requests go on).
  const grading = new Set<Promise<void>>();
  const load = await schedule({
    mode: { type: "closed", concurrency: Math.max(1, Math.floor(options.concurrency)) },
    requestCount: items.length,
    signal,
    graceMs: options.graceMs,
    send: async ({ index }, inFlight) => {
      const item = items[index];
      if (item === undefined || fatal !== undefined) return;
      let finish: (() => Promise<SampleRecord | undefined>) | undefined;
      try {
        finish = await sendItem(item, backend, AbortSignal.any([inFlight, cancelNow.signal]));
      } catch (error) {
        stopFatally(error);
        return;
      }
      if (finish === undefined) return;
      const done = finish().then((record) => {
        if (record !== undefined) finishRecord(record);
      }, stopFatally);
      grading.add(done);
      void done.finally(() => grading.delete(done));
    },
  });
  while (grading.size > 0) await Promise.all([...grading]);
  if (fatal !== undefined) throw fatal.error;
  const { gone } = failures;
  return {
    records,
    isInterrupted: load.isInterrupted && options.signal?.aborted === true,
    ...(gone === undefined ? {} : { serverGone: gone }),
  };
}
