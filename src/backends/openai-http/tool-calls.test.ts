// Function calling end to end over HTTP: the client sends `tools` / `tool_choice` and a conversation carrying an
// assistant's calls and their results; the mock server parses them and answers with `tool_calls` (whole, or as a
// stream's delta); the client reads the calls back, in order, with finish reason tool-calls.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Benchmark, BenchmarkSample } from "../../benchmarks/types.js";
import type { ToolDefinition } from "../../core/generation.js";
import type { ChatMessage } from "../../core/prompt.js";
import { type MockServer, startMockServer } from "../../mock-server/start-mock-server.js";
import { FAKE_RECIPE } from "../../mock-server/test-support/fake-benchmark.js";
import { createOpenAiHttpBackend } from "./create-openai-http-backend.js";

const QUESTION = "What is the weather in Paris and in Rome?";
const TOOLS: ToolDefinition[] = [
  {
    type: "function",
    function: {
      name: "get_weather",
      description: "The weather of a city.",
      parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    },
  },
];

const sample: BenchmarkSample = { id: "0", task: "weather", gold: "" };
const weather: Benchmark = {
  name: "weather",
  description: "",
  dataset: "",
  recipes: [FAKE_RECIPE],
  maxNShots: 0,
  tasks: [],
  load: async () => ({ samples: [sample], buildPrompt: () => ({ type: "completion", text: "" }) }),
  oracle: {
    promptSuffix: () => QUESTION,
    answer: () => "",
    reply: () => ({
      text: "",
      toolCalls: [
        { name: "get_weather", arguments: '{"city": "Paris"}' },
        { name: "get_weather", arguments: '{"city": "Rome"}' },
      ],
    }),
  },
};

describe("function calling over HTTP", () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({
      oracle: { benchmarks: [{ benchmark: weather, recipe: FAKE_RECIPE, samples: [sample] }], accuracy: 1 },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it.each([false, true])("sends tools and reads the answer's calls (stream %s)", async (stream) => {
    const backend = createOpenAiHttpBackend({ baseUrl: server.url, model: "mock-model" });
    try {
      const result = await backend.generate({
        prompt: { type: "chat", messages: [{ role: "user", content: QUESTION }] },
        params: { tools: TOOLS, toolChoice: "auto", maxTokens: 64 },
        stream,
      });
      expect(result.status).toBe("ok");
      expect(result.finishReason).toBe("tool-calls");
      expect(result.text).toBe("");
      expect(result.toolCalls).toEqual([
        { id: "call_0", name: "get_weather", arguments: '{"city": "Paris"}' },
        { id: "call_1", name: "get_weather", arguments: '{"city": "Rome"}' },
      ]);
    } finally {
      await backend.close();
    }
  });

  it("sends a conversation with the calls and their results, which the server accepts", async () => {
    const backend = createOpenAiHttpBackend({ baseUrl: server.url, model: "mock-model" });
    const messages: ChatMessage[] = [
      { role: "user", content: "Before that, a warm-up." },
      {
        role: "assistant",
        content: "",
        toolCalls: [{ id: "call_9", name: "get_weather", arguments: '{"city": "Oslo"}' }],
      },
      { role: "tool", content: '{"sky": "clear"}', toolCallId: "call_9" },
      { role: "user", content: QUESTION },
    ];
    try {
      const result = await backend.generate({
        prompt: { type: "chat", messages },
        params: { tools: TOOLS },
        stream: true,
      });
      expect(result.status).toBe("ok");
      expect(result.toolCalls?.map((call) => call.arguments)).toEqual([
        '{"city": "Paris"}',
        '{"city": "Rome"}',
      ]);
    } finally {
      await backend.close();
    }
  });
});

describe("the request body of a conversation with function calls", () => {
  let server: Server;
  let url = "";
  const bodies: unknown[] = [];
  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response) => {
      let text = "";
      request.on("data", (chunk: Buffer) => {
        text += chunk.toString();
      });
      request.on("end", () => {
        bodies.push(JSON.parse(text));
        response.setHeader("content-type", "application/json");
        // A server that streams each call's arguments in pieces (OpenAI's own way), the name only in the first.
        response.end(
          JSON.stringify({
            choices: [
              {
                index: 0,
                message: {
                  role: "assistant",
                  content: null,
                  tool_calls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" } }],
                },
                finish_reason: "tool_calls",
              },
            ],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}/v1`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("is OpenAI's wire format: tools, tool_choice, an assistant's tool_calls, a tool's tool_call_id", async () => {
    const backend = createOpenAiHttpBackend({ baseUrl: url, model: "m", maxRetries: 0 });
    try {
      const result = await backend.generate({
        prompt: {
          type: "chat",
          messages: [
            { role: "user", content: "q" },
            { role: "assistant", content: "", toolCalls: [{ id: "c0", name: "f", arguments: '{"a":1}' }] },
            { role: "tool", content: "42", toolCallId: "c0" },
          ],
        },
        params: { tools: TOOLS, toolChoice: "required" },
        stream: false,
      });
      expect(result.toolCalls).toEqual([{ id: "c1", name: "f", arguments: "{}" }]);
      expect(bodies[0]).toMatchObject({
        tools: TOOLS,
        tool_choice: "required",
        messages: [
          { role: "user", content: "q" },
          {
            role: "assistant",
            content: "",
            tool_calls: [{ id: "c0", type: "function", function: { name: "f", arguments: '{"a":1}' } }],
          },
          { role: "tool", content: "42", tool_call_id: "c0" },
        ],
      });
    } finally {
      await backend.close();
    }
  });
});

describe("a stream of function-call pieces", () => {
  let server: Server;
  let url = "";
  beforeAll(async () => {
    const chunk = (delta: unknown, finish: string | null = null) =>
      `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    server = createServer((request, response) => {
      request.resume();
      request.on("end", () => {
        response.setHeader("content-type", "text/event-stream");
        response.end(
          [
            chunk({ role: "assistant", content: null }),
            chunk({
              tool_calls: [{ index: 0, id: "a", type: "function", function: { name: "f", arguments: "" } }],
            }),
            chunk({ tool_calls: [{ index: 0, function: { arguments: '{"x"' } }] }),
            chunk({
              tool_calls: [{ index: 1, id: "b", type: "function", function: { name: "g", arguments: "{}" } }],
            }),
            chunk({ tool_calls: [{ index: 0, function: { arguments: ": 1}" } }] }),
            chunk({}, "tool_calls"),
            "data: [DONE]\n\n",
          ].join(""),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}/v1`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("joins each call's arguments by index, keeps the first id and name, and times the pieces as output", async () => {
    const backend = createOpenAiHttpBackend({ baseUrl: url, model: "m", maxRetries: 0 });
    try {
      const result = await backend.generate({
        prompt: { type: "chat", messages: [{ role: "user", content: "q" }] },
        params: { tools: TOOLS },
        stream: true,
      });
      expect(result.finishReason).toBe("tool-calls");
      expect(result.toolCalls).toEqual([
        { id: "a", name: "f", arguments: '{"x": 1}' },
        { id: "b", name: "g", arguments: "{}" },
      ]);
      expect(result.timings.deltaTimesMs).toHaveLength(4);
      expect(result.timings.firstContentMs).toBeDefined();
    } finally {
      await backend.close();
    }
  });
});
