// The zod schemas of the chat and completions requests a server of this project accepts: unknown fields are
// ignored, as vLLM ignores them (`z.object` drops them, cheaper than `z.looseObject` copying them per request),
// and known ones are checked so that a bad request gets a 400 naming the field.
import { z } from "zod";

const stopSchema = z.union([z.string(), z.array(z.string())]).nullish();

const commonFields = {
  model: z.string().nullish(),
  max_tokens: z.number().int().nonnegative().nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  seed: z.number().int().nullish(),
  stop: stopSchema,
  stream: z.boolean().nullish(),
  stream_options: z.object({ include_usage: z.boolean().nullish() }).nullish(),
  /** vLLM / SGLang sampling extras: generate at least `min_tokens`; with `ignore_eos`, run to `max_tokens`. */
  min_tokens: z.number().int().nonnegative().nullish(),
  ignore_eos: z.boolean().nullish(),
};

const contentPartSchema = z.object({ type: z.string(), text: z.string().nullish() });

const toolCallSchema = z.object({
  id: z.string(),
  type: z.literal("function").nullish(),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

export const chatMessageSchema = z.object({
  role: z.enum(["system", "developer", "user", "assistant", "tool"]),
  content: z.union([z.string(), z.array(contentPartSchema)]).nullish(),
  /** An assistant turn's function calls; a `tool` turn names the call it answers. */
  tool_calls: z.array(toolCallSchema).nullish(),
  tool_call_id: z.string().nullish(),
});

const toolSchema = z.object({
  type: z.literal("function"),
  function: z.object({
    name: z.string().min(1),
    description: z.string().nullish(),
    parameters: z.record(z.string(), z.unknown()).nullish(),
  }),
});

export const chatRequestSchema = z.object({
  ...commonFields,
  max_completion_tokens: z.number().int().nonnegative().nullish(),
  messages: z.array(chatMessageSchema).min(1),
  tools: z.array(toolSchema).nullish(),
  /** `auto`, `none`, `required`, or `{type: "function", function: {name}}` (read as `required`). */
  tool_choice: z
    .union([
      z.enum(["auto", "none", "required"]),
      z.object({ type: z.literal("function"), function: z.object({ name: z.string() }) }),
    ])
    .nullish(),
});

export const completionRequestSchema = z.object({
  ...commonFields,
  /** One prompt: text, a list of one text (longer lists are refused), or token ids (scoring with `echo` only). */
  prompt: z.union([z.string(), z.array(z.string()).min(1), z.array(z.number().int().nonnegative()).min(1)]),
  /** Legacy completions: send the prompt back before the answer, and log-probabilities of `logprobs` top tokens. */
  echo: z.boolean().nullish(),
  logprobs: z.number().int().min(0).max(20).nullish(),
});

export type ChatRequest = z.infer<typeof chatRequestSchema>;
export type CompletionRequest = z.infer<typeof completionRequestSchema>;

/**
 * `POST /tokenize` as the servers take it: vLLM and SGLang read `prompt` (special tokens added unless
 * `add_special_tokens: false`), llama.cpp server reads `content` (special tokens only with `add_special: true`).
 */
export const tokenizeRequestSchema = z.union([
  z.object({
    model: z.string().optional(),
    prompt: z.string(),
    add_special_tokens: z.boolean().default(true),
  }),
  z.object({ content: z.string(), add_special: z.boolean().default(false) }),
]);
export type TokenizeRequest = z.infer<typeof tokenizeRequestSchema>;

/**
 * `POST /detokenize` as the servers take it: `tokens` (vLLM and SGLang also read `model`); vLLM and SGLang answer
 * `{prompt}`, llama.cpp server `{content}`.
 */
export const detokenizeRequestSchema = z.object({
  model: z.string().optional(),
  tokens: z.array(z.number().int().nonnegative()),
});
export type DetokenizeRequest = z.infer<typeof detokenizeRequestSchema>;
