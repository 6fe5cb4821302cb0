// Backend#tokenize over HTTP against local servers speaking each dialect: vLLM/SGLang, llama.cpp server, none.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createOpenAiHttpBackend } from "./create-openai-http-backend.js";

interface Seen {
  path: string;
  body: Record<string, unknown>;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** Characters as tokens, 1 in front for special tokens: easy to check. */
const ids = (text: string, special: boolean) => [
  ...(special ? [1] : []),
  ...[...text].map((c) => c.charCodeAt(0)),
];

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = "";
  for await (const chunk of request) text += String(chunk);
  return JSON.parse(text) as Record<string, unknown>;
}

/** A server answering POST /tokenize with `answer(body)`: [status, json]; it records each request. */
async function serve(answer: (body: Record<string, unknown>) => [number, unknown]) {
  const seen: Seen[] = [];
  const server = createServer(async (request, response) => {
    const body = await readJson(request);
    seen.push({ path: request.url ?? "", body });
    const [status, json] =
      request.url === "/tokenize" ? answer(body) : [404, { error: { message: "not found" } }];
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(json));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const backend = createOpenAiHttpBackend({
    baseUrl: `http://127.0.0.1:${port}/v1`,
    model: "m",
    maxRetries: 0,
  });
  return { seen, backend };
}

describe("tokenize over HTTP", () => {
  it("speaks vLLM's and SGLang's dialect at the server root: {model, prompt, add_special_tokens} → tokens", async () => {
    const { seen, backend } = await serve((body) => {
      const tokens = ids(String(body["prompt"]), body["add_special_tokens"] !== false);
      return [200, { count: tokens.length, max_model_len: 4096, tokens }];
    });
    expect(await backend.tokenize?.("ab", { addSpecialTokens: true })).toEqual([1, 97, 98]);
    expect(await backend.tokenize?.("ab", { addSpecialTokens: false })).toEqual([97, 98]);
    expect(seen.map((each) => each.path)).toEqual(["/tokenize", "/tokenize"]);
    expect(seen[0]?.body).toEqual({ model: "m", prompt: "ab", add_special_tokens: true });
  });

  it("recognises llama.cpp server by its answer without `count` and then sends {content, add_special}", async () => {
    const { seen, backend } = await serve((body) => [
      200,
      {
        tokens: typeof body["content"] === "string" ? ids(body["content"], body["add_special"] === true) : [],
      },
    ]);
    expect(await backend.tokenize?.("xyz", { addSpecialTokens: true })).toEqual([1, 120, 121, 122]);
    expect(await backend.tokenize?.("x", { addSpecialTokens: false })).toEqual([120]);
    // One probe in vLLM's dialect, then llama.cpp's for every call.
    expect(seen.map((each) => Object.keys(each.body).sort().join(","))).toEqual([
      "add_special_tokens,model,prompt",
      "add_special,content",
      "add_special,content",
    ]);
  });

  it("probes once when many calls start together", async () => {
    const { seen, backend } = await serve((body) => [
      200,
      { tokens: typeof body["content"] === "string" ? ids(body["content"], false) : [] },
    ]);
    const texts = ["a", "bb", "ccc", "dddd", "e", "ff"];
    const answers = await Promise.all(
      texts.map((text) => backend.tokenize?.(text, { addSpecialTokens: false })),
    );
    expect(answers.map((tokens) => tokens?.length)).toEqual([1, 2, 3, 4, 1, 2]);
    expect(seen.filter((each) => "prompt" in each.body)).toHaveLength(1);
  });

  it("gives undefined, asking once, where the server has no tokenize route", async () => {
    const { seen, backend } = await serve(() => [404, { error: { message: "Not Found" } }]);
    expect(await backend.tokenize?.("ab", { addSpecialTokens: true })).toBeUndefined();
    expect(await backend.tokenize?.("cd", { addSpecialTokens: true })).toBeUndefined();
    expect(seen).toHaveLength(1);
  });

  it("gives undefined where /tokenize answers something that is not a tokenizer's", async () => {
    const { backend } = await serve(() => [200, { hello: "world" }]);
    expect(await backend.tokenize?.("ab", { addSpecialTokens: true })).toBeUndefined();
  });

  it("throws a server error, and asks again next time", async () => {
    let calls = 0;
    const { backend } = await serve((body) => {
      calls++;
      return calls === 1
        ? [500, { error: { message: "boom" } }]
        : [200, { count: 1, tokens: ids(String(body["prompt"]), false) }];
    });
    await expect(backend.tokenize?.("a", { addSpecialTokens: false })).rejects.toThrow(/500/);
    expect(await backend.tokenize?.("a", { addSpecialTokens: false })).toEqual([97]);
  });
});
