// GSM8K prompt bytes: the two query forms and the assembly of shots, query and system prompt per recipe layout.
import type { ChatMessage, EndpointType, Prompt } from "../../core/prompt.js";

/** `Question: {q}\nAnswer:` — lighteval's `gsm8k`, SGLang's `get_one_example`, lm-eval's `gsm8k` `doc_to_text`. */
export function gsm8kQuery(question: string): string {
  return `Question: ${question}\nAnswer:`;
}

/** `Q: {q}\nA:` — lm-eval's `gsm8k-cot` `doc_to_text`. */
export function gsm8kCotQuery(question: string): string {
  return `Q: ${question}\nA:`;
}

/** One solved example: its query and the assistant turn of a chat (the flat text adds `" "` before it). */
export interface Gsm8kShot {
  query: string;
  /** The answer as a chat assistant turn carries it (lighteval keeps its leading space). */
  chatTarget: string;
  /** The answer after `query + " "` in flat text. */
  flatTarget: string;
}

/** How a recipe lays a prompt out (the parts of a reference's prompt code the recipes differ in). */
export interface Gsm8kLayout {
  /** "turns": a user/assistant pair per shot; "inline": one user message holding the whole flat body. */
  chat: "turns" | "inline";
  /** Between the system prompt and the body in flat text: "" where the reference concatenates them. */
  flatSystemSeparator: string;
}

export interface Gsm8kPromptInput {
  layout: Gsm8kLayout;
  endpointType: EndpointType;
  /** Already resolved: undefined sends none. */
  systemPrompt: string | undefined;
  shots: readonly Gsm8kShot[];
  query: string;
}

/**
 * Flat body: `query + " " + target + "\n\n"` per shot, then the query (lighteval joins with "\n\n", lm-eval's
 * fewshot_delimiter and SGLang's get_few_shot_examples append it: the same bytes). Chat: [system] + the shots as
 * turns or inline + the query as the last user message.
 */
export function buildGsm8kPrompt(input: Gsm8kPromptInput): Prompt {
  const body = input.shots.map((shot) => `${shot.query} ${shot.flatTarget}\n\n`).join("") + input.query;
  if (input.endpointType !== "chat") {
    const prefix =
      input.systemPrompt === undefined ? "" : input.systemPrompt + input.layout.flatSystemSeparator;
    return { type: "completion", text: prefix + body };
  }
  const messages: ChatMessage[] = [];
  if (input.systemPrompt !== undefined) messages.push({ role: "system", content: input.systemPrompt });
  if (input.layout.chat === "inline") {
    messages.push({ role: "user", content: body });
    return { type: "chat", messages };
  }
  for (const shot of input.shots) {
    messages.push({ role: "user", content: shot.query }, { role: "assistant", content: shot.chatTarget });
  }
  messages.push({ role: "user", content: input.query });
  return { type: "chat", messages };
}
