// The request parser accepts what OpenAI clients, vLLM benchmarks and lm-evaluation-harness send, and refuses a bad
// body with a message naming the field.
import { describe, expect, it } from "vitest";
import { type GenerationKind, parseGenerationRequest } from "./parse-generation-request.js";

const parse = (kind: GenerationKind, body: unknown) =>
  parseGenerationRequest(kind, typeof body === "string" ? body : JSON.stringify(body));

describe("parseGenerationRequest", () => {
  it("reads an OpenAI chat request: content parts, developer role, max_completion_tokens, stop string, usage", () => {
    const parsed = parse("chat", {
      model: "m",
      messages: [
        { role: "developer", content: "Be brief." },
        {
          role: "user",
          content: [
            { type: "text", text: "What is " },
            { type: "text", text: "2+2?" },
          ],
        },
        { role: "assistant", content: null, tool_calls: [] },
      ],
      max_tokens: 99,
      max_completion_tokens: 12,
      temperature: 0,
      seed: 7,
      stop: "\n",
      stream: true,
      stream_options: { include_usage: true },
      top_p: 0.9,
    });
    expect(parsed).toEqual({
      status: "ok",
      request: {
        kind: "chat",
        prompt: {
          type: "chat",
          messages: [
            { role: "system", content: "Be brief." },
            { role: "user", content: "What is 2+2?" },
            { role: "assistant", content: "" },
          ],
        },
        params: { maxTokens: 12, temperature: 0, seed: 7, stop: ["\n"] },
        stream: true,
        model: "m",
        minTokens: 0,
        isEosIgnored: false,
        isUsageIncluded: true,
        isEcho: false,
        logprobs: undefined,
        promptTokenIds: undefined,
      },
    });
  });

  it("reads vLLM benchmark extras (min_tokens, ignore_eos) and drops empty stop strings", () => {
    const parsed = parse("completions", {
      prompt: ["Once upon a time"],
      max_tokens: 64,
      min_tokens: 64,
      ignore_eos: true,
      stop: ["", "\n\n"],
    });
    expect(parsed.status === "ok" && parsed.request).toMatchObject({
      prompt: { type: "completion", text: "Once upon a time" },
      params: { maxTokens: 64, stop: ["\n\n"] },
      minTokens: 64,
      isEosIgnored: true,
      stream: false,
    });
  });

  it("reads lm-evaluation-harness's loglikelihood request, text or token ids", () => {
    const text = parse("completions", { prompt: "The answer is A", echo: true, logprobs: 1, max_tokens: 1 });
    expect(text.status === "ok" && text.request).toMatchObject({
      isEcho: true,
      logprobs: 1,
      promptTokenIds: undefined,
    });
    const ids = parse("completions", { prompt: [1, 450, 1234], echo: true, logprobs: 1, max_tokens: 0 });
    expect(ids.status === "ok" && ids.request).toMatchObject({
      prompt: { type: "completion", text: "" },
      promptTokenIds: [1, 450, 1234],
      params: { maxTokens: 0 },
    });
  });

  it.each([
    ["chat", "{not json", /^The request body is not valid JSON: /],
    ["chat", { model: "m" }, /^Invalid request body at messages: /],
    ["chat", { messages: [] }, /^Invalid request body at messages: .*>=1/],
    ["chat", { messages: [{ role: "robot", content: "hi" }] }, /at messages\.0\.role: .*"user"/],
    ["chat", { messages: [{ role: "user", content: "hi" }], temperature: 3 }, /at temperature: .*<=2/],
    ["chat", { messages: [{ role: "user", content: "hi" }], max_tokens: -1 }, /at max_tokens: /],
    ["chat", { messages: [{ role: "user", content: "hi" }], stream: "yes" }, /at stream: .*boolean/],
    ["completions", { max_tokens: 3 }, /^Invalid request body at prompt: /],
    [
      "completions",
      { prompt: ["a", "b"] },
      /at prompt: a batch of 2 prompts is not supported; send one prompt/,
    ],
    ["completions", { prompt: [1, 2, 3] }, /at prompt: token-id prompts are supported only for scoring/],
    ["completions", { prompt: [1, 2], echo: true, stream: true }, /token-id prompts .* not streamed/],
    ["completions", { prompt: "x", logprobs: 21 }, /at logprobs: /],
    ["completions", [], /at body: /],
  ] as const)("%s %j → 400 %s", (kind, body, message) => {
    const parsed = parse(kind, body);
    expect(parsed.status).toBe("error");
    expect(parsed.status === "error" && parsed.message).toMatch(message);
  });
});
