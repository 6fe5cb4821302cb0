// What the journal keeps of a prompt: the prompt itself, or — for a long-context prompt — its SHA-256, its length
// and its last characters, so samples.jsonl does not hold every sample's whole context (`--journal-prompts`).
import { createHash } from "node:crypto";
import type { Prompt } from "./prompt.js";

/** auto: prompts longer than `LONG_PROMPT_CHARS` are digested; full: none is; hash: every one is. */
export type JournalPromptPolicy = "auto" | "full" | "hash";

/** Prompts longer than this (in UTF-16 characters of their texts) are digested under `auto`. */
export const LONG_PROMPT_CHARS = 32_768;
/** Characters of the prompt's end kept beside the digest: the question a long-context prompt ends with. */
export const DIGEST_TAIL_CHARS = 512;

/** A prompt the journal keeps as its digest. */
export interface PromptDigest {
  type: "digest";
  /** The form of the prompt sent. */
  form: "chat" | "completion";
  /** SHA-256 (hex) of the prompt's JSON (`JSON.stringify` of the chat or completion prompt). */
  sha256: string;
  /** Characters of the prompt's texts (every message's content, or the completion text). */
  chars: number;
  /** Chat messages sent (absent for a completion prompt). */
  messages?: number | undefined;
  /** The last `DIGEST_TAIL_CHARS` characters of the last text. */
  tail: string;
}

export function promptChars(prompt: Prompt): number {
  if (prompt.type === "completion") return prompt.text.length;
  let chars = 0;
  for (const message of prompt.messages) chars += message.content.length;
  return chars;
}

export function digestPrompt(prompt: Prompt): PromptDigest {
  const sha256 = createHash("sha256").update(JSON.stringify(prompt)).digest("hex");
  const last = prompt.type === "completion" ? prompt.text : (prompt.messages.at(-1)?.content ?? "");
  return {
    type: "digest",
    form: prompt.type === "completion" ? "completion" : "chat",
    sha256,
    chars: promptChars(prompt),
    ...(prompt.type === "chat" ? { messages: prompt.messages.length } : {}),
    tail: last.slice(-DIGEST_TAIL_CHARS),
  };
}

/** The prompt as the journal keeps it under `policy`. */
export function journalPrompt(
  prompt: Prompt | PromptDigest,
  policy: JournalPromptPolicy,
): Prompt | PromptDigest {
  if (prompt.type === "digest" || policy === "full") return prompt;
  if (policy === "hash" || promptChars(prompt) > LONG_PROMPT_CHARS) return digestPrompt(prompt);
  return prompt;
}
