// The hand-written wire checks accept exactly what streamChunkSchema and completionResponseSchema accept.
import { describe, expect, it } from "vitest";
import { completionResponseSchema, streamChunkSchema } from "../../protocol/response-schemas.js";
import { asCompletionResponse, asStreamChunk } from "./wire-checks.js";

const CASES: unknown[] = [
  { choices: [{ index: 0, delta: { content: "a" }, finish_reason: null }] },
  { object: "chat.completion.chunk", choices: [{ delta: { reasoning_content: "r", content: null } }] },
  { choices: [{ text: "x", finish_reason: "length", logprobs: null }], usage: null },
  { choices: [], usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 } },
  { choices: null, usage: { prompt_tokens: null } },
  { error: { message: "boom" } },
  {},
  { choices: [{ delta: null, extra: [1, 2] }], id: "x", created: 5 },
  // Rejected shapes.
  { choices: [{ delta: { content: 5 } }] },
  { choices: [{ index: "0" }] },
  { choices: {} },
  { choices: [null] },
  { usage: { completion_tokens: "4" } },
  { object: 1 },
  { choices: [{ delta: [] }] },
  { choices: [{ finish_reason: 1 }] },
  [],
  "text",
  null,
  42,
];

describe("asStreamChunk", () => {
  it("agrees with streamChunkSchema on accepted and rejected chunks", () => {
    for (const value of CASES) {
      const isAccepted = asStreamChunk(value) !== undefined;
      expect(isAccepted, JSON.stringify(value)).toBe(streamChunkSchema.safeParse(value).success);
    }
    expect(CASES.filter((value) => asStreamChunk(value) === undefined)).toHaveLength(12);
  });
});

const RESPONSES: unknown[] = [
  {
    choices: [{ index: 0, message: { role: "assistant", content: "a" }, finish_reason: "stop" }],
    usage: null,
  },
  { object: "text_completion", choices: [{ text: "x", logprobs: null }], usage: { prompt_tokens: 1 } },
  { choices: [{ message: { reasoning_content: "r", content: null } }], id: "x" },
  { error: { message: "boom" } },
  {},
  // Rejected shapes.
  { choices: [{ message: { content: 1 } }] },
  { choices: [{ index: null, text: 3 }] },
  { choices: "none" },
  { usage: { prompt_tokens: "1" } },
  { object: false },
  [],
  null,
];

describe("asCompletionResponse", () => {
  it("agrees with completionResponseSchema", () => {
    for (const value of RESPONSES) {
      const isAccepted = asCompletionResponse(value) !== undefined;
      expect(isAccepted, JSON.stringify(value)).toBe(completionResponseSchema.safeParse(value).success);
    }
    expect(RESPONSES.filter((value) => asCompletionResponse(value) === undefined)).toHaveLength(7);
  });
});
