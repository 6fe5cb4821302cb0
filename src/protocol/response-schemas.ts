// Lenient zod schemas of the OpenAI-compatible responses a client reads, as vLLM, SGLang, llama.cpp, TGI and Ollama send them.
import { z } from "zod";

// The per-chunk schemas use z.object, which accepts and drops unknown keys: as lenient as z.looseObject for what we
// read, and measured here at 0.2 µs against 0.5 µs per chunk (z.looseObject copies every unknown key), which
// counts at hundreds of thousands of chunks per second.

export const usageSchema = z.object({
  prompt_tokens: z.number().nullish(),
  completion_tokens: z.number().nullish(),
});

/**
 * One function call of a message, or (streamed) one piece of it: `index` names the call a piece belongs to, `id`
 * and `function.name` come with its first piece, `function.arguments` arrives in pieces to be joined.
 */
const toolCallSchema = z.object({
  index: z.number().nullish(),
  id: z.string().nullish(),
  type: z.string().nullish(),
  function: z.object({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
});
export type WireToolCall = z.infer<typeof toolCallSchema>;

const messageSchema = z.object({
  content: z.string().nullish(),
  reasoning_content: z.string().nullish(),
  reasoning: z.string().nullish(),
  tool_calls: z.array(toolCallSchema).nullish(),
});

/** One `data:` payload of a chat or completions stream (chat has `delta`, completions `text`). */
export const streamChunkSchema = z.object({
  object: z.string().nullish(),
  choices: z
    .array(
      z.object({
        index: z.number().nullish(),
        delta: messageSchema.nullish(),
        text: z.string().nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .nullish(),
  usage: usageSchema.nullish(),
  error: z.unknown().optional(),
});
export type StreamChunk = z.infer<typeof streamChunkSchema>;

/** A whole (non-streaming) chat or completions response. */
export const completionResponseSchema = z.looseObject({
  object: z.string().nullish(),
  choices: z
    .array(
      z.looseObject({
        index: z.number().nullish(),
        message: messageSchema.nullish(),
        text: z.string().nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .nullish(),
  usage: usageSchema.nullish(),
  error: z.unknown().optional(),
});
export type CompletionResponse = z.infer<typeof completionResponseSchema>;

/**
 * `POST /tokenize`: vLLM's and SGLang's answer (`{count, max_model_len, tokens}`) or llama.cpp server's
 * (`{tokens}`, where `count` is absent).
 */
export const tokenizeResponseSchema = z.looseObject({
  tokens: z.array(z.number().int()),
  count: z.number().int().optional(),
});

/**
 * `POST /detokenize`: vLLM's and SGLang's answer (`{prompt}`) or llama.cpp server's (`{content}`).
 */
export const detokenizeResponseSchema = z
  .looseObject({ prompt: z.string().optional(), content: z.string().optional() })
  .transform((body, context) => {
    const text = body.prompt ?? body.content;
    if (text === undefined) context.addIssue({ code: "custom", message: 'no "prompt" or "content"' });
    return text ?? "";
  });

/** `GET /models`. */
export const modelListSchema = z.looseObject({
  data: z.array(z.looseObject({ id: z.string() })),
});
