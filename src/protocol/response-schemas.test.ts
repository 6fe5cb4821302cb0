// The client's lenient schemas accept every event of the recorded transcripts of vLLM, SGLang, llama.cpp, TGI,
// Ollama and a proxy (test/fixtures/sse), and the bodies OpenAI documents; they refuse wrongly typed fields.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { completionResponseSchema, modelListSchema, streamChunkSchema } from "./response-schemas.js";

const FIXTURE_DIRECTORY = new URL("../../test/fixtures/sse/", import.meta.url);

/** The `data:` payloads of a transcript (chunks joined; CRLF, comments and multi-line data as SSE defines them). */
function transcriptEvents(name: string): string[] {
  const text = readFileSync(new URL(name, FIXTURE_DIRECTORY), "utf8")
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => JSON.parse(line) as string)
    .join("")
    .replace(/\r\n?/g, "\n");
  return text
    .split(/\n\n/)
    .map((block) =>
      block
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).replace(/^ /, ""))
        .join("\n"),
    )
    .filter((data) => data !== "");
}

describe("streamChunkSchema on recorded transcripts", () => {
  const names = readdirSync(FIXTURE_DIRECTORY).filter((name) => name.endsWith(".chunks.txt"));

  it("finds the transcripts", () => {
    expect(names.length).toBeGreaterThanOrEqual(9);
  });

  it.each(names)("accepts every event of %s", (name) => {
    const events = transcriptEvents(name).filter((data) => data !== "[DONE]");
    expect(events.length).toBeGreaterThan(0);
    for (const data of events) {
      const parsed = streamChunkSchema.safeParse(JSON.parse(data));
      expect(parsed.success, `${name}: ${data}`).toBe(true);
    }
  });

  it("reads the text, reasoning and usage a server sent", () => {
    const chunks = transcriptEvents("sglang-chat-reasoning-content.chunks.txt")
      .filter((data) => data !== "[DONE]")
      .map((data) => streamChunkSchema.parse(JSON.parse(data)));
    const reasoning = chunks.map((chunk) => chunk.choices?.[0]?.delta?.reasoning_content ?? "").join("");
    const content = chunks.map((chunk) => chunk.choices?.[0]?.delta?.content ?? "").join("");
    expect(reasoning.length).toBeGreaterThan(0);
    expect(content).toContain("56");
    const usage = transcriptEvents("vllm-chat-usage.chunks.txt")
      .filter((data) => data !== "[DONE]")
      .map((data) => streamChunkSchema.parse(JSON.parse(data)).usage)
      .find((value) => value !== null && value !== undefined);
    expect(usage?.completion_tokens).toBeGreaterThan(0);
  });
});

describe("completionResponseSchema and modelListSchema", () => {
  it("accepts OpenAI's chat and completions bodies and vLLM's model list", () => {
    expect(
      completionResponseSchema.safeParse({
        id: "chatcmpl-1",
        object: "chat.completion",
        created: 1,
        model: "gpt-4o",
        choices: [
          {
            index: 0,
            message: { role: "assistant", content: "Hi", refusal: null },
            logprobs: null,
            finish_reason: "stop",
          },
        ],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2, prompt_tokens_details: {} },
        system_fingerprint: "fp",
      }).success,
    ).toBe(true);
    expect(
      completionResponseSchema.safeParse({
        object: "text_completion",
        choices: [{ index: 0, text: " A", logprobs: { tokens: [" A"] }, finish_reason: "length" }],
      }).success,
    ).toBe(true);
    expect(
      modelListSchema.safeParse({
        object: "list",
        data: [
          { id: "meta-llama/Llama-3.1-8B-Instruct", object: "model", owned_by: "vllm", max_model_len: 8192 },
        ],
      }).success,
    ).toBe(true);
  });

  it("refuses wrongly typed fields", () => {
    expect(completionResponseSchema.safeParse({ choices: [{ message: { content: 1 } }] }).success).toBe(
      false,
    );
    expect(streamChunkSchema.safeParse({ choices: [{ finish_reason: 1 }] }).success).toBe(false);
    expect(modelListSchema.safeParse({ data: [{ name: "x" }] }).success).toBe(false);
  });
});
