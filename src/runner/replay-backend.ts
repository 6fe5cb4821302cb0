// `grade` of a multi-turn benchmark: a backend that answers a sample program's requests with a file's answers, one
// per turn in order, so the program grades pre-generated conversations exactly as it grades live ones.
import type { Backend, GenerationResult } from "../core/generation.js";
import { splitThink } from "../core/split-think.js";
import { ConfigError } from "../errors.js";
import type { ReplayTurn } from "./pregenerated-record.js";

export interface ReplayBackend extends Backend {
  /** Answers the program asked for so far. */
  readonly used: number;
}

/**
 * Answers the i-th request with `answers[i]` (its `<think>` block split off as reasoning, its calls as the answer's).
 * A request beyond the last answer is a ConfigError naming `source`: the file gives fewer turns than the conversation
 * has.
 */
export function createReplayBackend(answers: readonly ReplayTurn[], source: string): ReplayBackend {
  let used = 0;
  return {
    name: "pregenerated",
    get used() {
      return used;
    },
    async generate(): Promise<GenerationResult> {
      const answer = answers[used];
      if (answer === undefined) {
        throw new ConfigError(
          `${source}: field "responses": ${answers.length} answer${answers.length === 1 ? "" : "s"}, but the conversation asks for turn ${used + 1}; give one answer per turn.`,
        );
      }
      used++;
      const split = splitThink(answer.response);
      const hasCalls = answer.toolCalls !== undefined && answer.toolCalls.length > 0;
      return {
        status: "ok",
        text: split.text.trim(),
        reasoning: split.reasoning,
        isThinkUnclosed: split.isThinkUnclosed,
        finishReason: hasCalls ? "tool-calls" : "unknown",
        ...(hasCalls ? { toolCalls: answer.toolCalls } : {}),
        usage: {},
        timings: { sentMs: 0, deltaTimesMs: [], endMs: 0 },
        attempts: 0,
      };
    },
    listModels: async () => ["pregenerated"],
    close: async () => {},
  };
}
