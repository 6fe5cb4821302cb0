// Contract cases: streamed and whole answers, chat and completions, request bodies and headers, timings, recorded
// server streams (vLLM, SGLang, llama.cpp, Ollama, TGI).
import { describe, expect, it } from "vitest";
import { loadSseFixture } from "../load-sse-fixture.js";
import { chatDelta, delay, sseData, writeSse } from "../start-test-server.js";
import { API_KEY, CHAT, COMPLETION, type ContractContext, expectOrderedTimings } from "./contract-context.js";

export function generationCases(context: ContractContext): void {
  /** Replays a recorded fixture with a small gap between its network chunks. */
  const replay = (fixture: string): void => {
    context.server.handle((_request, response) => writeSse(response, loadSseFixture(fixture), { gapMs: 2 }));
  };

  describe("streaming", () => {
    it("sends the chat body and headers, and times TTFT at the first non-empty delta", async () => {
      const contentDelayMs = 150;
      context.server.handle(async (_request, response) => {
        response.writeHead(200, { "content-type": "text/event-stream" });
        response.write(chatDelta({ role: "assistant", content: "" }));
        await delay(contentDelayMs);
        for (const piece of ["Tok", "yo", "."]) {
          response.write(chatDelta({ content: piece }));
          await delay(10);
        }
        response.write(chatDelta({ content: "" }, "stop"));
        response.write(
          sseData({ choices: [], usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 } }),
        );
        response.end("data: [DONE]\n\n");
      });
      const result = await context.backend({ apiKey: API_KEY }).generate(CHAT);
      expect(result).toMatchObject({
        status: "ok",
        text: "Tokyo.",
        reasoning: "",
        isThinkUnclosed: false,
        finishReason: "stop",
        usage: { promptTokens: 12, completionTokens: 3 },
        attempts: 1,
      });
      expect(result.error).toBeUndefined();
      expectOrderedTimings(result);
      const { firstByteMs = 0, firstContentMs = 0, deltaTimesMs } = result.timings;
      // A first-byte TTFT would be the role-only chunk's time: the content came a server delay later.
      expect(firstContentMs).toBeGreaterThan(firstByteMs);
      expect(deltaTimesMs).toHaveLength(3);

      const [request] = context.server.requests;
      expect(request?.method).toBe("POST");
      expect(request?.url).toBe("/v1/chat/completions");
      expect(request?.headers.authorization).toBe(`Bearer ${API_KEY}`);
      expect(request?.headers.accept).toBe("text/event-stream");
      expect(JSON.parse(request?.body ?? "")).toEqual({
        model: "test-model",
        messages: [{ role: "user", content: "Capital of Japan?" }],
        max_tokens: 32,
        temperature: 0.3,
        seed: 7,
        stop: ["\n\n"],
        stream: true,
        stream_options: { include_usage: true },
        top_k: 5,
      });
    });

    it("streams a llama.cpp completion: text deltas, length finish, usage", async () => {
      replay("llamacpp-completion.chunks.txt");
      const result = await context.backend().generate(COMPLETION);
      expect(result).toMatchObject({
        status: "ok",
        text: " 2 + 2 = 4\nAnswer: 4\n\nÜnïcødé ✓",
        finishReason: "length",
        usage: { promptTokens: 9, completionTokens: 12 },
      });
      expect(result.timings.deltaTimesMs).toHaveLength(12);
      expectOrderedTimings(result);
      expect(context.server.requests[0]?.url).toBe("/v1/completions");
      expect(JSON.parse(context.server.requests[0]?.body ?? "")).toEqual({
        model: "test-model",
        prompt: "2 + 2 =",
        stream: true,
        stream_options: { include_usage: true },
      });
    });

    it.each([
      ["sglang-chat-reasoning-content.chunks.txt", "**56**", "Okay, the user asks 7×8. That is 56.", 16],
      ["ollama-chat-reasoning.chunks.txt", "Paris", "Paris is the capital.", 3],
    ])("keeps reasoning deltas apart from the text (%s)", async (fixture, text, reasoning, deltaCount) => {
      replay(fixture);
      const result = await context.backend().generate(CHAT);
      expect(result).toMatchObject({ status: "ok", text, reasoning, finishReason: "stop" });
      expect(result.timings.deltaTimesMs).toHaveLength(deltaCount);
      expectOrderedTimings(result);
    });

    it("strips <think> blocks split across deltas out of the text", async () => {
      replay("vllm-chat-think-tags.chunks.txt");
      const result = await context.backend().generate(CHAT);
      expect(result).toMatchObject({
        status: "ok",
        text: "< — ok\n\nThe answer is 4.",
        reasoning: "\nThe user wants 2+2=4.",
        isThinkUnclosed: false,
        finishReason: "length",
      });
    });

    it("accepts a TGI stream without [DONE] whose last event has no blank line", async () => {
      replay("tgi-chat-no-trailing-blank-line.chunks.txt");
      const result = await context.backend().generate(CHAT);
      expect(result).toMatchObject({
        status: "ok",
        text: "Bonjour! Ça va ?",
        finishReason: "stop",
        usage: { promptTokens: 8, completionTokens: 6 },
      });
    });

    it("returns an error mid-stream as data, keeping the partial text, when retries are off", async () => {
      replay("vllm-chat-error-mid-stream.chunks.txt");
      const result = await context.backend({ maxRetries: 0 }).generate(CHAT);
      expect(result).toMatchObject({ status: "error", text: "Partial answer", attempts: 1 });
      expect(result.error).toMatchObject({ code: "E_STREAM_ERROR", fault: "stream_error_event" });
      expect(result.error?.message).toContain("illegal memory access");
      expect(context.server.requests).toHaveLength(1);
    });

    it("reports data that is not JSON after an answer began as a stream parse error when retries are off", async () => {
      context.server.handle((_request, response) =>
        writeSse(response, [chatDelta({ content: "a" }), "data: {oops\n\n"]),
      );
      const result = await context.backend({ maxRetries: 0 }).generate(CHAT);
      expect(result).toMatchObject({
        status: "error",
        text: "a",
        error: { code: "E_STREAM_PARSE", fault: "malformed_stream" },
      });
      expect(context.server.requests).toHaveLength(1);
    });
  });

  describe("whole responses", () => {
    it("parses a chat response with reasoning_content and a <think> block", async () => {
      context.server.handle((_request, response) => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(
          JSON.stringify({
            id: "chatcmpl-1",
            object: "chat.completion",
            choices: [
              {
                index: 0,
                message: { role: "assistant", content: "<think>check</think>B", reasoning_content: "field" },
                finish_reason: "length",
              },
            ],
            usage: { prompt_tokens: 20, completion_tokens: 8, total_tokens: 28 },
          }),
        );
      });
      const result = await context.backend().generate({ ...CHAT, params: {}, stream: false });
      expect(result).toMatchObject({
        status: "ok",
        text: "B",
        reasoning: "field\ncheck",
        finishReason: "length",
        usage: { promptTokens: 20, completionTokens: 8 },
        attempts: 1,
      });
      expect(result.timings.firstContentMs).toBe(result.timings.firstByteMs);
      expect(result.timings.deltaTimesMs).toEqual([result.timings.firstByteMs]);
      expectOrderedTimings(result);
      const body = JSON.parse(context.server.requests[0]?.body ?? "");
      expect(body).toEqual({
        model: "test-model",
        messages: CHAT.prompt.type === "chat" ? CHAT.prompt.messages : [],
        stream: false,
      });
      expect(context.server.requests[0]?.headers.accept).toBe("application/json");
    });

    it("parses a completions response, and a JSON answer to a streaming request", async () => {
      context.server.handle((_request, response) => {
        response.writeHead(200, { "content-type": "application/json; charset=utf-8" });
        response.end(JSON.stringify({ choices: [{ index: 0, text: " 4", finish_reason: "stop" }] }));
      });
      const backend = context.backend();
      const whole = await backend.generate({ ...COMPLETION, stream: false });
      expect(whole).toMatchObject({ status: "ok", text: " 4", finishReason: "stop", usage: {} });
      const streamed = await backend.generate(COMPLETION);
      expect(streamed).toMatchObject({ status: "ok", text: " 4", finishReason: "stop" });
    });

    it("takes an empty answer with a choice as an answer (the model said nothing)", async () => {
      context.server.handle((_request, response) => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(
          JSON.stringify({ choices: [{ index: 0, message: { content: "" }, finish_reason: "stop" }] }),
        );
      });
      const result = await context.backend().generate({ ...CHAT, stream: false });
      expect(result).toMatchObject({ status: "ok", text: "", finishReason: "stop", attempts: 1 });
    });
  });
}
