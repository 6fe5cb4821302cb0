// Where requests go: the server's API base, the model and the key (`run`, `profile`, `check`).
import { z } from "zod";
import { option, optionGroup } from "./option.js";

const DEFAULT_BASE_URL = "http://localhost:8000/v1";

/** `--base-url A --base-url B` or `--base-url A,B`: several replicas of one server, kept as one comma list. */
const REPLICA_SEPARATOR = ",";

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** One URL, or a comma list of URLs (replicas); blanks around the commas are dropped. */
const baseUrlSchema = z
  .string()
  .transform((text) =>
    text
      .split(REPLICA_SEPARATOR)
      .map((url) => url.trim())
      .filter((url) => url !== "")
      .join(REPLICA_SEPARATOR),
  )
  .superRefine((text, context) => {
    const bad = text === "" ? text : text.split(REPLICA_SEPARATOR).find((url) => !isHttpUrl(url));
    if (bad === undefined) return;
    context.addIssue({
      code: "custom",
      message: `expected a URL such as http://127.0.0.1:8000/v1 (replicas: several, comma-separated), got "${bad}"`,
    });
  });

/**
 * aiperf's `--url` names the server (`http://localhost:8000`) and adds the OpenAI paths itself: the API base is
 * that URL with `/v1` appended unless its path already ends with `/v1`.
 */
export function withApiPath(text: string): string {
  return text.split(REPLICA_SEPARATOR).map(withApiPathOfOne).join(REPLICA_SEPARATOR);
}

function withApiPathOfOne(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text;
  }
  const path = url.pathname.replace(/\/+$/, "");
  if (path.endsWith("/v1")) return text;
  url.pathname = `${path}/v1`;
  return url.toString();
}

export const connectionOptions = optionGroup("Server", {
  baseUrl: option({
    schema: baseUrlSchema.default(DEFAULT_BASE_URL),
    flag: "base-url",
    joinsRepeats: REPLICA_SEPARATOR,
    expected: "a URL such as http://127.0.0.1:8000/v1 (or a comma list of replicas)",
    aliases: [{ flag: "url", fromText: withApiPath }],
    placeholder: "URL",
    env: "OPENAI_BASE_URL",
    help:
      "OpenAI-compatible API base, /v1 included. --url (aiperf's) takes the server's address and adds /v1. " +
      "Repeat the flag (or give a comma list) for replicas of one server: requests go to the least busy one.",
    defaultHelp: "$OPENAI_BASE_URL, else http://localhost:8000/v1",
  }),
  model: option({
    schema: z.string().min(1).optional(),
    flag: "model",
    placeholder: "NAME",
    help: "Model to request.",
    defaultHelp: "the only one the server lists",
  }),
  apiKey: option({
    schema: z.string().optional(),
    flag: "api-key",
    placeholder: "KEY",
    env: "OPENAI_API_KEY",
    help: "Bearer token. Never written to disk.",
    defaultHelp: "$OPENAI_API_KEY",
  }),
});
