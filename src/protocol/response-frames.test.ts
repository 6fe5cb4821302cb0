// The bodies our servers write: exact bytes of a chat stream and a whole completion, and that the client's own
// schemas read them back.
import { describe, expect, it } from "vitest";
import { errorBodyJson } from "./error-body.js";
import { modelsBodyJson } from "./models-body.js";
import { completeResponseJson, StreamFrames, timestampField } from "./response-frames.js";
import { completionResponseSchema, modelListSchema, streamChunkSchema } from "./response-schemas.js";
import { SSE_DONE_FRAME, sseFrame } from "./sse-frames.js";

const chat = { kind: "chat", id: "chatcmpl-x-1", createdS: 1700000000, modelJson: '"m"' } as const;
const completions = { ...chat, kind: "completions", id: "cmpl-x-1" } as const;

describe("response frames", () => {
  it("writes a chat stream as OpenAI does: role chunk, deltas, finish chunk, usage chunk, [DONE]", () => {
    const frames = new StreamFrames(chat);
    const text =
      frames.opening() +
      frames.token('He said "hi"') +
      frames.closing("stop", { promptTokens: 3, completionTokens: 1 });
    expect(text.split("\n\n")).toMatchInlineSnapshot(`
      [
        "data: {"id":"chatcmpl-x-1","object":"chat.completion.chunk","created":1700000000,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}]}",
        "data: {"id":"chatcmpl-x-1","object":"chat.completion.chunk","created":1700000000,"model":"m","choices":[{"index":0,"delta":{"content":"He said \\"hi\\""},"logprobs":null,"finish_reason":null}]}",
        "data: {"id":"chatcmpl-x-1","object":"chat.completion.chunk","created":1700000000,"model":"m","choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":"stop"}]}",
        "data: {"id":"chatcmpl-x-1","object":"chat.completion.chunk","created":1700000000,"model":"m","choices":[],"usage":{"prompt_tokens":3,"completion_tokens":1,"total_tokens":4}}",
        "data: [DONE]",
        "",
      ]
    `);
    const events = text.split("\n\n").filter((frame) => frame.startsWith("data: {"));
    for (const frame of events)
      expect(streamChunkSchema.safeParse(JSON.parse(frame.slice(6))).success).toBe(true);
  });

  it("puts a timestamp first in each chunk, and writes completions chunks with text", () => {
    const frames = new StreamFrames(completions);
    expect(frames.opening()).toBe("");
    const stamped = JSON.parse(frames.token(" a", timestampField(12.5)).slice(6, -2));
    expect(stamped).toEqual({
      server_ts_ms: 12.5,
      id: "cmpl-x-1",
      object: "text_completion",
      created: 1700000000,
      model: "m",
      choices: [{ index: 0, text: " a", logprobs: null, finish_reason: null }],
    });
    expect(frames.closing(null, undefined).endsWith(`"finish_reason":null}]}\n\n${SSE_DONE_FRAME}`)).toBe(
      true,
    );
  });

  it("writes whole responses, error bodies and the model list that clients read", () => {
    const whole = JSON.parse(
      completeResponseJson(
        completions,
        "The answer",
        "length",
        { promptTokens: 2, completionTokens: 2 },
        {
          tokens: ["The", " answer"],
          token_logprobs: [null, -0.5],
          text_offset: [0, 3],
          top_logprobs: [null, { " answer": -0.5 }],
        },
      ),
    );
    expect(whole.choices[0]).toMatchObject({ text: "The answer", finish_reason: "length" });
    expect(whole.usage).toEqual({ prompt_tokens: 2, completion_tokens: 2, total_tokens: 4 });
    expect(completionResponseSchema.safeParse(whole).success).toBe(true);
    expect(
      JSON.parse(errorBodyJson(404, { message: "no", param: "model", code: "model_not_found" })),
    ).toEqual({
      error: { message: "no", type: "invalid_request_error", param: "model", code: "model_not_found" },
    });
    expect(JSON.parse(errorBodyJson(503, { message: "busy" })).error.type).toBe("server_error");
    expect(sseFrame("{}")).toBe("data: {}\n\n");
    const models = JSON.parse(modelsBodyJson(["m"], "me", 5));
    expect(models).toEqual({
      object: "list",
      data: [{ id: "m", object: "model", created: 5, owned_by: "me" }],
    });
    expect(modelListSchema.safeParse(models).success).toBe(true);
  });
});
