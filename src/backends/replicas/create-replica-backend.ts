// One Backend over several replicas of a server: each request goes to the least busy replica in rotation; a request
// whose connection failed goes on to another replica; each result says which replica gave it.

import { isConnectionErrorCode } from "../../core/connection-error-codes.js";
import type {
  Backend,
  DetokenizeOptions,
  GenerateOptions,
  GenerationRequest,
  GenerationResult,
  TokenizeOptions,
} from "../../core/generation.js";
import type { LoglikelihoodScorer } from "../../core/loglikelihood.js";
import { BenchError, ServerUnreachableError } from "../../errors.js";
import { PROBE_FAILED, type ReplicaOutcome, ReplicaSelector } from "./replica-selector.js";

export interface Replica {
  /** The replica's base URL as written and shown (its keys redacted): recorded with each of its results. */
  label: string;
  /** Its own backend; connection errors should come back at once (not retried there), for the next replica. */
  backend: Backend & LoglikelihoodScorer;
}

export interface ReplicaBackendOptions {
  /** Connection errors in a row that take a replica out of rotation. */
  ejectAfter: number;
  /** How long a replica stays out before one request probes it (ms). */
  cooldownMs: number;
  /** Tries beyond the first a request may make after connection errors (each on the next replica). */
  maxFailovers: number;
  now?: () => number;
}

function resultOutcome(result: GenerationResult): ReplicaOutcome {
  if (result.status === "ok") return "answered";
  if (result.status === "error" && isConnectionErrorCode(result.error?.code)) return "connection-error";
  // An HTTP error answer (4xx/5xx) comes from a live server; aborts and timeouts tell nothing.
  return result.status === "error" && result.error?.httpStatus !== undefined ? "answered" : "neutral";
}

function isConnectionFailure(error: unknown): boolean {
  return (
    error instanceof ServerUnreachableError ||
    (error instanceof BenchError && isConnectionErrorCode(error.code))
  );
}

function thrownOutcome(error: unknown): ReplicaOutcome {
  return isConnectionFailure(error) ? "connection-error" : "answered";
}

export function createReplicaBackend(
  replicas: readonly Replica[],
  options: ReplicaBackendOptions,
): Backend & LoglikelihoodScorer {
  const selector = new ReplicaSelector(replicas.length, options);
  const replicaAt = (index: number): Replica => {
    const replica = replicas[index];
    if (replica === undefined) throw new RangeError(`no replica ${index}`);
    return replica;
  };

  async function generate(request: GenerationRequest, generateOptions?: GenerateOptions) {
    const signal = generateOptions?.signal;
    const tried = new Set<number>();
    const failedOn: string[] = [];
    let attempts = 0;
    let last: GenerationResult | undefined;
    for (let failovers = 0; ; failovers++) {
      let picked: number | typeof PROBE_FAILED;
      try {
        picked = await selector.acquire(tried, signal);
      } catch {
        // Aborted while every replica was out: the replica backend reports the abort in its own form.
        return replicaAt(0).backend.generate(request, generateOptions);
      }
      if (picked === PROBE_FAILED) {
        // Every replica is out and the probe this request waited on failed: a failed try of its own.
        attempts++;
        if (failovers >= options.maxFailovers) {
          return withReplicas(
            last ?? everyReplicaOut(options.now ?? (() => performance.now())),
            failedOn,
            attempts,
          );
        }
        continue;
      }
      const replica = replicaAt(picked);
      tried.add(picked);
      const result = await replica.backend.generate(request, generateOptions);
      const outcome = resultOutcome(result);
      selector.release(picked, outcome);
      attempts += result.attempts;
      const done = { ...result, replica: replica.label };
      if (outcome !== "connection-error" || failovers >= options.maxFailovers || signal?.aborted === true) {
        return withReplicas(done, failedOn, attempts);
      }
      failedOn.push(replica.label);
      last = done;
    }
  }

  /** Runs `call` on the least busy replica, going on to the next after a connection failure (thrown). */
  async function onReplica<T>(
    call: (backend: Replica["backend"]) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    const tried = new Set<number>();
    let lastError: unknown;
    for (let failovers = 0; failovers <= options.maxFailovers; failovers++) {
      const picked = await selector.acquire(tried, signal);
      if (picked === PROBE_FAILED) continue;
      tried.add(picked);
      try {
        const value = await call(replicaAt(picked).backend);
        selector.release(picked, "answered");
        return value;
      } catch (error) {
        selector.release(picked, thrownOutcome(error));
        if (!isConnectionFailure(error) || signal?.aborted === true) throw error;
        lastError = error;
      }
    }
    throw lastError ?? new ServerUnreachableError("Every replica is out of rotation.");
  }

  return {
    name: replicaAt(0).backend.name,
    generate,
    listModels: (listOptions) => listModelsOfReplicas(replicas, listOptions),
    openConnections: async (count, openOptions) => {
      const each = Math.ceil(count / replicas.length);
      await Promise.all(replicas.map((replica) => replica.backend.openConnections?.(each, openOptions)));
    },
    loglikelihood: (request, scoreOptions) =>
      onReplica((backend) => backend.loglikelihood(request, scoreOptions), scoreOptions?.signal),
    scorePrompt: (prompt, scoreOptions) =>
      onReplica((backend) => backend.scorePrompt(prompt, scoreOptions), scoreOptions?.signal),
    tokenize: (text: string, tokenizeOptions: TokenizeOptions) =>
      firstAnswering(replicas, (backend) => backend.tokenize?.(text, tokenizeOptions)),
    detokenize: (tokens: readonly number[], detokenizeOptions?: DetokenizeOptions) =>
      firstAnswering(replicas, (backend) => backend.detokenize?.(tokens, detokenizeOptions)),
    close: async () => {
      await Promise.all(replicas.map((replica) => replica.backend.close()));
    },
  };
}

/**
 * The first replica's answer, in the given order, going on to the next only when one cannot be reached: token ids
 * and their text must come from one tokenizer, which replicas of one server share (a mock server's does not).
 */
async function firstAnswering<T>(
  replicas: readonly Replica[],
  call: (backend: Replica["backend"]) => Promise<T> | undefined,
): Promise<T | undefined> {
  let lastError: unknown;
  for (const replica of replicas) {
    try {
      return await call(replica.backend);
    } catch (error) {
      if (!isConnectionFailure(error)) throw error;
      lastError = error;
    }
  }
  throw lastError;
}

/** The failure of a request that never reached a replica: each was out, and the probes it waited on failed. */
function everyReplicaOut(now: () => number): GenerationResult {
  const timeMs = now();
  return {
    status: "error",
    text: "",
    reasoning: "",
    isThinkUnclosed: false,
    finishReason: "unknown",
    usage: {},
    timings: { sentMs: timeMs, deltaTimesMs: [], endMs: timeMs },
    attempts: 0,
    error: {
      code: "E_CONNECTION",
      message:
        "Every replica is out of rotation after connection errors, and the probes after its cool-down failed.",
    },
  };
}

/** The result with its replica trail: every try's attempts, and the replicas left after a connection error. */
function withReplicas(
  result: GenerationResult,
  failedOn: readonly string[],
  attempts: number,
): GenerationResult {
  return { ...result, attempts, ...(failedOn.length === 0 ? {} : { replicaFailures: [...failedOn] }) };
}

/**
 * The models every answering replica serves (the intersection, in the first one's order). A replica that cannot be
 * reached is left to the rotation (its errors show in the per-replica figures); when none can, the first one's
 * error is thrown, as a single server's would be.
 */
async function listModelsOfReplicas(
  replicas: readonly Replica[],
  listOptions: GenerateOptions | undefined,
): Promise<string[]> {
  const settled = await Promise.allSettled(
    replicas.map((replica) => replica.backend.listModels(listOptions)),
  );
  const lists = settled.flatMap((entry) => (entry.status === "fulfilled" ? [entry.value] : []));
  const [first, ...others] = lists;
  if (first === undefined) {
    const failure = settled.find((entry) => entry.status === "rejected");
    throw failure?.status === "rejected"
      ? failure.reason
      : new ServerUnreachableError("No replica answered.");
  }
  const failure = settled.find(
    (entry) => entry.status === "rejected" && !(entry.reason instanceof ServerUnreachableError),
  );
  // A replica that answers with an error (a wrong key, no model list) is reported as a single server's would be.
  if (failure?.status === "rejected") throw failure.reason;
  return first.filter((model) => others.every((list) => list.includes(model)));
}
