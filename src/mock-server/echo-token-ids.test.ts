// The mock server scores a prompt of token ids (a perplexity window, `echo: true, logprobs: 1, max_tokens: 1`): each
// id is the token its /tokenize gave out, scored with the mock's deterministic pseudo-logprobs by position.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAiHttpBackend } from "../backends/openai-http/create-openai-http-backend.js";
import { pseudoLogprob } from "./echo-logprobs.js";
import { MOCK_BOS_TOKEN_ID } from "./mock-vocabulary.js";
import { type MockServer, startMockServer } from "./start-mock-server.js";

describe("mock server: echo logprobs of a token-id prompt", () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ ttftMs: 0, itlMs: 0 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("scores the ids as given: null first, then each token's pseudo-logprob at its position", async () => {
    const backend = createOpenAiHttpBackend({ baseUrl: server.url, model: "mock-model", maxRetries: 0 });
    try {
      const ids = (await backend.tokenize?.("The cat sat on the mat.", { addSpecialTokens: true })) ?? [];
      expect(ids[0]).toBe(MOCK_BOS_TOKEN_ID);
      const scores = await backend.scorePrompt(ids);
      expect(scores.tokenIds).toEqual(ids);
      expect(scores.tokens).toEqual(["<s>", "The", " cat", " sat", " on", " the", " mat."]);
      expect(scores.tokenLogprobs).toEqual([
        null,
        ...scores.tokens.slice(1).map((token, index) => pseudoLogprob(index + 1, token)),
      ]);
      // A window of the same ids from the middle is scored from position 0 again.
      const window = await backend.scorePrompt(ids.slice(3));
      expect(window.tokenLogprobs).toEqual([
        null,
        pseudoLogprob(1, " on"),
        pseudoLogprob(2, " the"),
        pseudoLogprob(3, " mat."),
      ]);
      await expect(backend.scorePrompt([31_999_999])).rejects.toThrow(/never given out/);
    } finally {
      await backend.close();
    }
  });
});
