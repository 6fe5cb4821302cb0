// Decides what a request is answered with: the oracle's text or filler, cut by `stop` and `max_tokens`.
import type { OracleReply } from "../benchmarks/types.js";
import type { ChatMessage, ToolCall } from "../core/prompt.js";
import type { LoglikelihoodIndex } from "./build-loglikelihood-index.js";
import type { OracleIndex } from "./build-oracle-index.js";
import { fillerTokens } from "./filler-tokens.js";
import type { OracleLedger } from "./oracle-ledger.js";
import type { ServedLog } from "./served-log.js";
import { splitIntoTokens } from "./split-into-tokens.js";

export type MockFinishReason = "stop" | "length";

/** What the plan reads of a request. */
export interface AnswerRequest {
  /** What `promptTail` of `core/prompt.ts` gives: the last user message, or the completion prompt. */
  promptTail: string;
  /** A chat's user messages before the last: a multi-turn sample's turn is recognised by them. */
  earlierUserMessages?: readonly string[];
  maxTokens: number | undefined;
  minTokens: number;
  isEosIgnored: boolean;
  stop: readonly string[];
  /** True when the request offers `tools`: only then does an oracle's reply come with its function calls. */
  hasTools?: boolean;
  /** A chat request's whole conversation: an agent benchmark's sample is recognised and played from it. */
  messages?: readonly ChatMessage[];
}

export interface AnswerPlan {
  tokens: string[];
  finishReason: MockFinishReason | "tool-calls";
  /** The oracle's function calls (a reply to a request with `tools`), with ids `call_<i>`. */
  toolCalls?: ToolCall[];
}

export interface AnswerContext {
  index: OracleIndex | undefined;
  ledger: OracleLedger | undefined;
  servedLog: ServedLog | undefined;
  defaultOutputTokens: number;
  /** `echo` + `logprobs` scoring prompts of the oracle's loglikelihood benchmarks. */
  loglikelihoodIndex?: LoglikelihoodIndex | undefined;
}

/** The tokens to send for `body`; oracle answers are recorded in the ledger (and served log) as a side effect. */
export function planAnswer(body: AnswerRequest, context: AnswerContext): AnswerPlan {
  const dialogue = body.messages === undefined ? undefined : context.index?.matchDialogue(body.messages);
  const match = dialogue ?? context.index?.match(body.promptTail, body.earlierUserMessages);
  if (match === undefined) {
    context.ledger?.recordUnrecognized();
    const count = body.maxTokens ?? Math.max(context.defaultOutputTokens, body.minTokens);
    return applyStop(fillerTokens(count), body, body.maxTokens === undefined ? "stop" : "length");
  }
  const { entry } = match;
  if (match.isAmbiguous) context.ledger?.recordAmbiguous();
  const { oracle } = entry;
  const args = [
    entry.sample,
    entry.isCorrect,
    entry.variant,
    entry.recipe,
    entry.suffix,
    entry.turn,
  ] as const;
  const reply: string | OracleReply =
    dialogue !== undefined && oracle.dialogue !== undefined
      ? oracle.dialogue.reply(
          entry.sample,
          entry.isCorrect,
          entry.recipe,
          body.messages ?? [],
          body.hasTools === true,
        )
      : oracle.reply === undefined
        ? oracle.answer(...args)
        : oracle.reply(...args);
  const text = typeof reply === "string" ? reply : reply.text;
  const stopped = applyStop(splitIntoTokens(text), body, "stop");
  const plan: AnswerPlan =
    typeof reply === "string" ||
    body.hasTools !== true ||
    reply.toolCalls.length === 0 ||
    stopped.finishReason === "length"
      ? stopped
      : {
          ...stopped,
          finishReason: "tool-calls",
          toolCalls: reply.toolCalls.map((call, index) => ({ id: `call_${index}`, ...call })),
        };
  const event = {
    benchmarkName: entry.benchmarkName,
    sampleId: entry.sample.id,
    isCorrect: entry.isCorrect,
    variant: entry.variant,
    isTruncated: plan.finishReason === "length",
  };
  context.ledger?.recordServed(event);
  context.servedLog?.write(event);
  return plan;
}

/**
 * Cuts at the first stop string (finish `stop`) unless that leaves fewer than `min_tokens`; pads with filler
 * to `min_tokens`, or (with `ignore_eos`, unless a stop string ended it) to `max_tokens`; then cuts at
 * `max_tokens` (finish `length`).
 */
function applyStop(tokens: string[], body: AnswerRequest, naturalFinish: MockFinishReason): AnswerPlan {
  let finishReason = naturalFinish;
  let cut = tokens;
  let isStoppedByString = false;
  if (body.stop.length > 0) {
    const text = tokens.join("");
    let stopAt = -1;
    for (const stop of body.stop) {
      const at = text.indexOf(stop);
      if (at !== -1 && (stopAt === -1 || at < stopAt)) stopAt = at;
    }
    if (stopAt !== -1) {
      const stopped = splitIntoTokens(text.slice(0, stopAt));
      if (stopped.length >= body.minTokens) {
        cut = stopped;
        finishReason = "stop";
        isStoppedByString = true;
      }
    }
  }
  // `ignore_eos` ignores the answer's natural end (its EOS), not a stop string.
  const padTo =
    body.isEosIgnored && body.maxTokens !== undefined && !isStoppedByString ? body.maxTokens : body.minTokens;
  if (cut.length < padTo) {
    cut = cut.concat(fillerTokens(padTo - cut.length + 1).slice(1));
    if (padTo === body.maxTokens) finishReason = "length";
  }
  if (body.maxTokens !== undefined && cut.length > body.maxTokens) {
    return { tokens: cut.slice(0, body.maxTokens), finishReason: "length" };
  }
  return { tokens: cut, finishReason };
}
