// Contract cases: 2xx answers that are not OpenAI responses (an HTML page, a body that is not JSON, an empty or
// chunkless stream, chunks without `choices`) are E_PROTOCOL errors, retried like server errors and never an answer.
import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import type { GenerationRequest } from "../../../../core/generation.js";
import { chatDelta, sseData, writeSse } from "../start-test-server.js";
import { type ContractContext, SHORT_CHAT } from "./contract-context.js";
import { okStream } from "./retry-cases.js";

const WHOLE_CHAT: GenerationRequest = { ...SHORT_CHAT, stream: false };
const HTML_PAGE = `<!DOCTYPE html>
<html lang="en">
  <head><title>Open WebUI</title></head>
  <body><div id="app">Loading…</div><script src="/assets/index.js"></script></body>
</html>
`;
/** Ollama's native /api/generate stream: JSON lines, no `choices`. */
const OLLAMA_NATIVE_CHUNK = {
  model: "llama3",
  created_at: "2024-06-01T00:00:00Z",
  response: "Hi",
  done: false,
};

function htmlPage(response: ServerResponse): void {
  response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(HTML_PAGE);
}

export function protocolErrorCases(context: ContractContext): void {
  /** A backend whose backoff sleeps are instant. */
  const backend = (baseUrl?: string) =>
    context.backend({ sleep: async () => undefined, ...(baseUrl === undefined ? {} : { baseUrl }) });

  describe("protocol errors", () => {
    it.each([
      ["a whole", WHOLE_CHAT],
      ["a streamed", SHORT_CHAT],
    ])(
      "gives an HTML page for %s request as E_PROTOCOL, retried, never an answer",
      async (_kind, request) => {
        context.server.handle((_request, response) => htmlPage(response));
        const result = await backend().generate(request);
        expect(result).toMatchObject({
          status: "error",
          text: "",
          attempts: 3,
          error: { code: "E_PROTOCOL", httpStatus: 200 },
        });
        expect(result.error?.message).toContain("HTTP 200 with a text/html body");
        expect(result.error?.message).toContain("(<!DOCTYPE html> <html lang=");
        expect(result.error?.message).toContain("not an OpenAI response");
        expect(context.server.requests).toHaveLength(3);
      },
    );

    it("says to add /v1 when the base URL has none", async () => {
      context.server.handle((_request, response) => htmlPage(response));
      const origin = new URL(context.server.baseUrl).origin;
      const result = await backend(origin).generate(SHORT_CHAT);
      expect(result.error?.message).toContain(`try --base-url ${origin}/v1`);
    });

    it.each([
      ["an empty body", [], "an empty body"],
      ["only [DONE]", ["data: [DONE]\n\n"], "[DONE] and no chunk"],
      ["only comments", [": ping\n\n"], "a text/event-stream body (: ping)"],
      [
        "chunks without choices",
        [sseData(OLLAMA_NATIVE_CHUNK), "data: [DONE]\n\n"],
        'chunks have no "choices"',
      ],
      [
        "a usage chunk alone",
        [sseData({ choices: [], usage: { prompt_tokens: 3 } }), "data: [DONE]\n\n"],
        'have no "choices"',
      ],
      ["first data that is not JSON", ["data: Hello there\n\n"], "Stream data is not JSON: Hello there"],
    ])("gives a stream with %s as E_PROTOCOL", async (_kind, pieces, description) => {
      context.server.handle((_request, response) => writeSse(response, pieces));
      const result = await backend().generate(SHORT_CHAT);
      expect(result).toMatchObject({ status: "error", attempts: 3, error: { code: "E_PROTOCOL" } });
      expect(result.error?.message).toContain(description);
    });

    it("quotes the first chunk without choices", async () => {
      context.server.handle((_request, response) => writeSse(response, [sseData(OLLAMA_NATIVE_CHUNK)]));
      const result = await backend().generate(SHORT_CHAT);
      expect(result.error?.message).toContain('(first: {"model":"llama3"');
    });

    it.each([
      ["not JSON", "text/plain", "OK", "a text/plain body that is not JSON (OK)"],
      [
        "JSON without choices",
        "application/json",
        '{"detail":"ready"}',
        'without "choices" ({"detail":"ready"})',
      ],
      ["empty choices", "application/json", '{"choices":[]}', 'without "choices"'],
      ["not a completion", "application/json", '{"choices":"none"}', "that is not a completion"],
      ["empty", "application/json", "", "an empty body"],
    ])("gives a whole answer that is %s as E_PROTOCOL", async (_kind, contentType, body, description) => {
      context.server.handle((_request, response) => {
        response.writeHead(200, { "content-type": contentType }).end(body);
      });
      const result = await backend().generate(WHOLE_CHAT);
      expect(result).toMatchObject({ status: "error", attempts: 3, error: { code: "E_PROTOCOL" } });
      expect(result.error?.message).toContain(description);
    });

    it("retries a protocol error and takes the next real answer", async () => {
      context.server.handle((_request, response, index) => {
        if (index === 0) return writeSse(response, ["data: [DONE]\n\n"]);
        return okStream(response);
      });
      const result = await backend().generate(SHORT_CHAT);
      expect(result).toMatchObject({ status: "ok", text: "fine", attempts: 2 });
      expect(result.error).toBeUndefined();
    });

    it("takes a usage chunk with empty choices after the answer as OpenAI's include_usage ending", async () => {
      context.server.handle((_request, response) =>
        writeSse(response, [
          chatDelta({ role: "assistant", content: "" }),
          chatDelta({ content: "Hi" }, "stop"),
          sseData({
            object: "chat.completion.chunk",
            choices: [],
            usage: { prompt_tokens: 5, completion_tokens: 1 },
          }),
          "data: [DONE]\n\n",
        ]),
      );
      const result = await backend().generate(SHORT_CHAT);
      expect(result).toMatchObject({
        status: "ok",
        text: "Hi",
        attempts: 1,
        usage: { promptTokens: 5, completionTokens: 1 },
      });
    });

    it("takes a stream whose only choice is empty as an empty answer", async () => {
      context.server.handle((_request, response) =>
        writeSse(response, [chatDelta({ role: "assistant", content: "" }, "stop"), "data: [DONE]\n\n"]),
      );
      const result = await backend().generate(SHORT_CHAT);
      expect(result).toMatchObject({ status: "ok", text: "", finishReason: "stop", attempts: 1 });
    });
  });
}
