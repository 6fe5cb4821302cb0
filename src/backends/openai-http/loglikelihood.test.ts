// Tests of Backend#loglikelihood over HTTP against a local node:http server: request body, token span, errors.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { continuationLogprob } from "./continuation-logprob.js";
import { createOpenAiHttpBackend } from "./create-openai-http-backend.js";
import { startTestServer, type TestServer } from "./test-support/start-test-server.js";

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

/** An echo answer for `prompt` split into the given tokens, each with the given logprob (first: null). */
function echoBody(tokens: string[], logprobs: (number | null)[], top?: string[]) {
  let offset = 0;
  const textOffsets = tokens.map((token) => {
    const start = offset;
    offset += token.length;
    return start;
  });
  return JSON.stringify({
    choices: [
      {
        text: tokens.join(""),
        logprobs: {
          tokens,
          token_logprobs: logprobs,
          text_offset: textOffsets,
          top_logprobs: top?.map((token, index) => (index === 0 ? null : { [token]: -0.1 })),
        },
      },
    ],
  });
}

describe("openai-http loglikelihood", () => {
  it("sends echo + logprobs + max_tokens 1 (vLLM refuses 0) per continuation and sums the continuation's tokens", async () => {
    server.handle((request, response) => {
      const prompt = (JSON.parse(request.body) as { prompt: string }).prompt;
      const isA = prompt.endsWith(" A");
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        echoBody(
          ["Q", ":", " 1+1?", "\nAnswer", ":", isA ? " A" : " B"],
          [null, -1, -2, -3, -0.5, isA ? -0.25 : -4],
        ),
      );
    });
    const backend = createOpenAiHttpBackend({ baseUrl: server.baseUrl, model: "m" });
    const scores = await backend.loglikelihood({ context: "Q: 1+1?\nAnswer:", continuations: [" A", " B"] });
    await backend.close();
    expect(scores.map((score) => score.logprob)).toEqual([-0.25, -4]);
    expect(server.requests.map((request) => JSON.parse(request.body))).toEqual([
      { model: "m", prompt: "Q: 1+1?\nAnswer: A", echo: true, logprobs: 1, max_tokens: 1, temperature: 0 },
      { model: "m", prompt: "Q: 1+1?\nAnswer: B", echo: true, logprobs: 1, max_tokens: 1, temperature: 0 },
    ]);
    expect(server.requests[0]?.url).toBe("/v1/completions");
  });

  it("fails clearly when the server returns no prompt logprobs", async () => {
    server.handle((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ choices: [{ text: "", logprobs: null, finish_reason: "length" }] }));
    });
    const backend = createOpenAiHttpBackend({ baseUrl: server.baseUrl, model: "m", maxRetries: 0 });
    const promise = backend.loglikelihood({ context: "x", continuations: [" y"] });
    await expect(promise).rejects.toMatchObject({ code: "E_NO_PROMPT_LOGPROBS" });
    await expect(backend.loglikelihood({ context: "x", continuations: [" y"] })).rejects.toThrow(
      /no prompt log-probabilities.*--scoring loglikelihood/s,
    );
    await backend.close();
  });
});

describe("openai-http scorePrompt", () => {
  it("sends token ids as the prompt and keeps the prompt's entries, not the one generated token", async () => {
    server.handle((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      // vLLM echoes the 3 prompt ids' tokens, then the generated one.
      response.end(
        echoBody(["<s>", " a", " b", " c"], [null, -1.5, -0.25, -0.01], ["<s>", " x", " b", " c"]),
      );
    });
    const backend = createOpenAiHttpBackend({ baseUrl: server.baseUrl, model: "m" });
    const scores = await backend.scorePrompt([1, 7, 9]);
    await backend.close();
    expect(JSON.parse(server.requests[0]?.body ?? "")).toEqual({
      model: "m",
      prompt: [1, 7, 9],
      echo: true,
      logprobs: 1,
      max_tokens: 1,
      temperature: 0,
    });
    expect(scores).toEqual({
      tokens: ["<s>", " a", " b"],
      tokenIds: [1, 7, 9],
      tokenLogprobs: [null, -1.5, -0.25],
      topLogprobs: [null, { token: " x", logprob: -0.1 }, { token: " b", logprob: -0.1 }],
      textOffsets: [0, 3, 5],
    });
  });

  it("keeps a text prompt's tokens by their offsets, and refuses an echo shorter than the ids sent", async () => {
    server.handle((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(echoBody(["He", "llo", "!"], [null, -2, -3]));
    });
    const backend = createOpenAiHttpBackend({ baseUrl: server.baseUrl, model: "m", maxRetries: 0 });
    const scores = await backend.scorePrompt("Hello");
    expect(scores.tokens).toEqual(["He", "llo"]);
    expect(scores.tokenLogprobs).toEqual([null, -2]);
    expect(scores.tokenIds).toEqual([]);
    await expect(backend.scorePrompt([1, 2, 3, 4])).rejects.toMatchObject({
      code: "E_NO_PROMPT_LOGPROBS",
      message: expect.stringMatching(/echoed 3 tokens for a prompt of 4 token ids/),
    });
    await backend.close();
  });
});

describe("continuationLogprob", () => {
  const logprobs = {
    tokens: ["The", " cat", " sat", ".", " Extra"],
    tokenLogprobs: [null, -1, -2, -0.5, -9],
    textOffsets: [0, 3, 7, 11, 12],
    topTokens: [undefined, " cat", " dog", ".", " x"],
  };

  it("takes the tokens after the context, ignores tokens past the prompt, and reports greediness", () => {
    expect(continuationLogprob(logprobs, "The cat", " sat.")).toEqual({
      logprob: -2.5,
      isGreedy: false,
      tokenLogprobs: [-2, -0.5],
    });
    expect(continuationLogprob(logprobs, "The", " cat").isGreedy).toBe(true);
  });

  it("counts a token that straddles the boundary as continuation, and offsets in code points", () => {
    expect(continuationLogprob(logprobs, "The ca", "t sat.").tokenLogprobs).toEqual([-1, -2, -0.5]);
    const emoji = { tokens: ["😀", " a"], tokenLogprobs: [null, -3], textOffsets: [0, 1] };
    expect(continuationLogprob(emoji, "😀", " a").logprob).toBe(-3);
  });

  it("rejects a continuation token without a logprob", () => {
    expect(() => continuationLogprob(logprobs, "", "The cat")).toThrow(
      /no log-probability for continuation token 0/,
    );
  });
});
