// A definition's prompt from its parts: the system prompt, the few-shot examples and the query, laid out for the
// endpoint. NeMo Evaluator's layout is the default
// (NVIDIA-NeMo/Evaluator packages/nemo-evaluator/src/nemo_evaluator/contrib/byob/eval_logic.py and runner.py
// @76c865c3c09132c1d102a0a84454c36823f19cff): chat = [system, user(prefix + query)], flat = `system + "\n" + prefix +
// query`; a recipe may send the examples as chat turns and join the system prompt differently.
import type { ChatMessage, EndpointType, Prompt } from "../core/prompt.js";

/** One rendered few-shot example. */
export interface RenderedExample {
  /** The example row's query (the recipe's prompt rendered on it). */
  query: string;
  /** Its answer: the assistant turn when examples are sent as turns. */
  answer: string;
  /** The whole example as flat text. */
  flat: string;
}

export interface PromptParts {
  endpointType: EndpointType;
  /** Already resolved: undefined sends none. */
  system: string | undefined;
  /** Between the system prompt and the body in flat text. */
  systemSeparator: string;
  chatFewShot: "inline" | "turns";
  /** Once before the examples (NeMo's `fewshot_prefix`). */
  fewshotPrefix: string;
  /** After each example (NeMo's `fewshot_separator`). */
  fewshotSeparator: string;
  examples: readonly RenderedExample[];
  query: string;
}

/** `prefix + examples joined by the separator + separator + query`; the query alone without examples. */
export function flatBody(parts: PromptParts): string {
  if (parts.examples.length === 0) return parts.query;
  const examples = parts.examples.map((example) => example.flat).join(parts.fewshotSeparator);
  return parts.fewshotPrefix + examples + parts.fewshotSeparator + parts.query;
}

/** The flat text a completion (or a log-likelihood context) is sent. */
export function flatText(parts: PromptParts): string {
  const body = flatBody(parts);
  return parts.system === undefined ? body : parts.system + parts.systemSeparator + body;
}

export function assemblePrompt(parts: PromptParts): Prompt {
  if (parts.endpointType !== "chat") return { type: "completion", text: flatText(parts) };
  const messages: ChatMessage[] = [];
  if (parts.system !== undefined) messages.push({ role: "system", content: parts.system });
  if (parts.chatFewShot === "inline") {
    messages.push({ role: "user", content: flatBody(parts) });
    return { type: "chat", messages };
  }
  parts.examples.forEach((example, index) => {
    const query = index === 0 ? parts.fewshotPrefix + example.query : example.query;
    messages.push({ role: "user", content: query }, { role: "assistant", content: example.answer });
  });
  messages.push({ role: "user", content: parts.query });
  return { type: "chat", messages };
}
