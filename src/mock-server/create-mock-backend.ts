// The mock server's model as a ServedBackend: oracle answers or filler text, cut by stop and max_tokens, handed
// over on the latency model's absolute deadlines (token i at arrival + ttft + offset(i), tokens already due
// together), and `echo` / `logprobs` scoring.
import type { GenerationResult } from "../core/generation.js";
import type { Prompt } from "../core/prompt.js";
import type { Usage } from "../protocol/response-frames.js";
import type {
  LogprobsAnswer,
  ServedBackend,
  ServedGenerateOptions,
  ServedGenerationRequest,
} from "../serve/served-backend.js";
import { echoLogprobs } from "./echo-logprobs.js";
import { type LatencySettings, planLatency, tokenOffsetMs } from "./latency-plan.js";
import { abortedResult, CLOSED_MESSAGE, MockStream, type MockStreamHost, okResult } from "./mock-stream.js";
import { createMockVocabulary } from "./mock-vocabulary.js";
import { type AnswerContext, planAnswer } from "./plan-answer.js";
import { planLogprobsAnswer, SCORING_FILLER_TOKEN } from "./plan-logprobs-answer.js";
import { countWords } from "./split-into-tokens.js";
import { TimerSet } from "./timer-set.js";

export interface MockBackendOptions {
  model: string;
  answers: AnswerContext;
  latency: LatencySettings;
  now: () => number;
  /** XORed with a request's number to key its latency draws (a cluster worker's id << 24; default 0). */
  latencyKeyBase?: number;
}

export interface MockBackend extends ServedBackend {
  /** Answers still waiting for a deadline. */
  readonly pendingCount: number;
}

export function createMockBackend(options: MockBackendOptions): MockBackend {
  const { model, answers, latency, now } = options;
  const latencyKeyBase = options.latencyKeyBase ?? 0;
  const timers = new TimerSet();
  const host: MockStreamHost = { now, timers, isClosed: false };
  let callCount = 0;

  /** Runs `callback` at `deadlineMs` (at once when it has passed). */
  const at = (deadlineMs: number, callback: () => void): void => {
    const delayMs = deadlineMs - now();
    if (delayMs <= 0) callback();
    else timers.schedule(callback, delayMs);
  };

  const generate = (
    request: ServedGenerationRequest,
    generateOptions: ServedGenerateOptions = {},
  ): Promise<GenerationResult> => {
    const arrivalMs = generateOptions.arrivalMs ?? now();
    const key = latencyKeyBase ^ (generateOptions.requestNumber ?? ++callCount);
    const { promptTail, earlierUserMessages, promptTokens } = readPrompt(request.prompt);
    const { tokens, finishReason, toolCalls } = planAnswer(
      {
        promptTail,
        earlierUserMessages,
        maxTokens: request.params.maxTokens,
        minTokens: request.minTokens ?? 0,
        isEosIgnored: request.isEosIgnored ?? false,
        stop: request.params.stop ?? [],
        hasTools: (request.params.tools?.length ?? 0) > 0,
        ...(request.prompt.type === "chat" ? { messages: request.prompt.messages } : {}),
      },
      answers,
    );
    const usage: Usage = { promptTokens, completionTokens: tokens.length };
    const timing = planLatency(latency, key, promptTokens, tokens.length);
    const firstDeadlineMs = arrivalMs + timing.ttftMs;
    if (!request.stream) {
      const deadlineMs = firstDeadlineMs + tokenOffsetMs(timing, Math.max(0, tokens.length - 1));
      const text = tokens.join("");
      // Due already (no latency): no timer, no executor, no closure.
      if (deadlineMs <= now())
        return Promise.resolve(
          okResult(
            text,
            finishReason,
            usage,
            { sentMs: arrivalMs, deltaTimesMs: [], endMs: now() },
            toolCalls,
          ),
        );
      return new Promise((resolve) =>
        at(deadlineMs, () =>
          resolve(
            host.isClosed
              ? abortedResult(arrivalMs, now())
              : okResult(
                  text,
                  finishReason,
                  usage,
                  { sentMs: arrivalMs, deltaTimesMs: [], endMs: now() },
                  toolCalls,
                ),
          ),
        ),
      );
    }
    const answer = { tokens, finishReason, usage, arrivalMs, firstDeadlineMs, timing, toolCalls };
    return new MockStream(host, answer, generateOptions).run();
  };

  const vocabulary = createMockVocabulary();
  return {
    name: "mock",
    modelId: model,
    generate,
    completeWithLogprobs(request, generateOptions): Promise<LogprobsAnswer> {
      const arrivalMs = generateOptions.arrivalMs ?? now();
      const key = latencyKeyBase ^ (generateOptions.requestNumber ?? ++callCount);
      if (request.promptTokenIds !== undefined) {
        // A prompt of ids (a perplexity window): each id is scored as the token this server's /tokenize gave it.
        let tokens: string[];
        try {
          tokens = request.promptTokenIds.map((id) => vocabulary.decode([id], false));
        } catch (error) {
          return Promise.resolve({
            status: "error",
            error: {
              code: "E_TOKEN_ID_PROMPT",
              message: `${error instanceof Error ? error.message : String(error)} Send ids from this server's /tokenize, or the prompt as text.`,
              httpStatus: 400,
            },
          });
        }
        const generated = request.params.maxTokens === 1 ? [SCORING_FILLER_TOKEN] : [];
        const deadlineMs = arrivalMs + planLatency(latency, key, tokens.length, generated.length).ttftMs;
        const answer: LogprobsAnswer = {
          status: "ok",
          text: tokens.join("") + generated.join(""),
          finishReason: "length",
          usage: { promptTokens: tokens.length, completionTokens: generated.length },
          logprobs: request.logprobs === undefined ? null : echoLogprobs(tokens, generated, undefined),
        };
        return new Promise((resolve) =>
          at(deadlineMs, () =>
            resolve(
              host.isClosed
                ? { status: "error", error: { code: "E_ABORTED", message: CLOSED_MESSAGE } }
                : answer,
            ),
          ),
        );
      }
      const { promptTail, promptTokens } = readPrompt(request.prompt);
      const plan = planLogprobsAnswer(
        {
          promptTail,
          maxTokens: request.params.maxTokens,
          minTokens: request.minTokens,
          isEosIgnored: request.isEosIgnored,
          stop: request.params.stop ?? [],
          isEcho: request.isEcho,
          logprobs: request.logprobs,
        },
        answers,
      );
      const timing = planLatency(latency, key, promptTokens, plan.generatedCount);
      const deadlineMs =
        arrivalMs + timing.ttftMs + tokenOffsetMs(timing, Math.max(0, plan.generatedCount - 1));
      return new Promise((resolve) =>
        at(deadlineMs, () =>
          resolve(
            host.isClosed
              ? { status: "error", error: { code: "E_ABORTED", message: CLOSED_MESSAGE } }
              : {
                  status: "ok",
                  text: plan.text,
                  finishReason: plan.finishReason,
                  usage: { promptTokens, completionTokens: plan.generatedCount },
                  logprobs: plan.logprobs,
                },
          ),
        ),
      );
    },
    listModels: async () => [model],
    /** Words as tokens (as the mock counts prompt tokens), BOS in front when asked. */
    tokenize: async (text, tokenizeOptions) => vocabulary.encode(text, tokenizeOptions.addSpecialTokens),
    /** `tokenize`'s inverse for the ids this server handed out (BOS as `<s>`). */
    detokenize: async (tokens, detokenizeOptions = {}) =>
      vocabulary.decode(tokens, detokenizeOptions.skipSpecialTokens === true),
    /** Settles every answer still waiting (as aborted) and cancels its timers. */
    async close() {
      host.isClosed = true;
      timers.runAllNow();
    },
    get pendingCount() {
      return timers.size;
    },
  };
}

/**
 * The oracle's view of a prompt (its last user turn, and a chat's user turns before it: the conversation it
 * continues) and the mock's prompt token count (words of every turn).
 */
function readPrompt(prompt: Prompt): {
  promptTail: string;
  earlierUserMessages: string[];
  promptTokens: number;
} {
  if (prompt.type === "completion") {
    return { promptTail: prompt.text, earlierUserMessages: [], promptTokens: countWords(prompt.text) };
  }
  const userMessages: string[] = [];
  let promptTokens = 0;
  for (const message of prompt.messages) {
    promptTokens += countWords(message.content);
    if (message.role === "user") userMessages.push(message.content);
  }
  const promptTail = userMessages.pop() ?? "";
  return { promptTail, earlierUserMessages: userMessages, promptTokens };
}
