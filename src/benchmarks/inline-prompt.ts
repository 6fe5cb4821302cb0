// A prompt that is one block of text: one user message in chat, the text itself for completions.
import type { ChatMessage, EndpointType, Prompt } from "../core/prompt.js";
import { resolveSystemPrompt } from "../prompts/resolve-system-prompt.js";
import { checkNShots } from "./check-n-shots.js";
import type { PromptOptions } from "./types.js";

/**
 * Chat: [system] + one user message holding `text` (few-shot examples inline, as DeepEval and the
 * MMLU-Pro API script send them). Completions: `system + "\n\n"` (when set) + `text`.
 * `systemPrompt` is already resolved: undefined or "" sends none.
 */
export function buildInlinePrompt(input: {
  endpointType: EndpointType;
  systemPrompt: string | undefined;
  text: string;
}): Prompt {
  const systemPrompt = input.systemPrompt === "" ? undefined : input.systemPrompt;
  if (input.endpointType === "chat") {
    const messages: ChatMessage[] = [];
    if (systemPrompt !== undefined) messages.push({ role: "system", content: systemPrompt });
    messages.push({ role: "user", content: input.text });
    return { type: "chat", messages };
  }
  return {
    type: "completion",
    text: systemPrompt === undefined ? input.text : `${systemPrompt}\n\n${input.text}`,
  };
}

/**
 * A zero-shot benchmark's prompt of `text` (LongBench v2, CNN/DailyMail, ZeroSCROLLS, the perplexity documents):
 * `--n-shots` must be 0, and `--system-prompt` (when given) comes first.
 */
export function zeroShotInlinePrompt(benchmark: string, text: string, options: PromptOptions): Prompt {
  checkNShots(benchmark, options.nShots, 0);
  return buildInlinePrompt({
    endpointType: options.endpointType,
    systemPrompt: resolveSystemPrompt(options.systemPrompt),
    text,
  });
}
