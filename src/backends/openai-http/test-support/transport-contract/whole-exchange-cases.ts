// Contract cases: the whole JSON exchanges (GET /models, loglikelihood scoring): answers, error statuses with the
// server's words, the /v1 advice on a 404, a page that is not JSON, and a server that cannot be reached.
import { describe, expect, it } from "vitest";
import { ApiCallError, ServerUnreachableError } from "../../../../errors.js";
import { API_KEY, type ContractContext } from "./contract-context.js";

const MODEL_LIST = {
  object: "list",
  data: [
    { id: "meta-llama/Llama-3.1-8B-Instruct", object: "model", owned_by: "vllm", max_model_len: 8192 },
    { id: "lora-a", object: "model" },
  ],
};

export function wholeExchangeCases(context: ContractContext): void {
  describe("model listing", () => {
    it("returns the ids of GET /models, sending the key", async () => {
      context.server.handle((_request, response) => {
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(MODEL_LIST));
      });
      const backend = context.backend({ baseUrl: `${context.server.baseUrl}/`, apiKey: API_KEY });
      await expect(backend.listModels()).resolves.toEqual(["meta-llama/Llama-3.1-8B-Instruct", "lora-a"]);
      expect(context.server.requests.at(-1)?.url).toBe("/v1/models");
      expect(context.server.requests.at(-1)?.method).toBe("GET");
      expect(context.server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    });

    it("throws ApiCallError saying the key was rejected on 401, without the key", async () => {
      context.server.handle((_request, response) => {
        response.writeHead(401).end(JSON.stringify({ error: { message: "Invalid API key", code: 401 } }));
      });
      const error = await context
        .backend({ apiKey: API_KEY })
        .listModels()
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiCallError);
      expect((error as ApiCallError).status).toBe(401);
      expect((error as ApiCallError).message).toMatch(/rejected the API key/);
      expect((error as ApiCallError).message).not.toContain(API_KEY);
    });

    it("says to add /v1 when a base URL without it gets a 404", async () => {
      context.server.handle((_request, response) => {
        response.writeHead(404, { "content-type": "application/json" }).end('{"detail":"Not Found"}');
      });
      const origin = new URL(context.server.baseUrl).origin;
      const error = await context
        .backend({ baseUrl: origin })
        .listModels()
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiCallError);
      expect((error as ApiCallError).status).toBe(404);
      expect((error as ApiCallError).message).toBe(
        `GET ${origin}/models: HTTP 404 — OpenAI-compatible APIs live under /v1; try --base-url ${origin}/v1`,
      );
      expect(context.server.requests.at(-1)?.url).toBe("/models");
    });

    it("gives a 404 under /v1 the server's own words, without the /v1 advice", async () => {
      context.server.handle((_request, response) => {
        response.writeHead(404).end('{"error":{"message":"no such route"}}');
      });
      const error = await context
        .backend()
        .listModels()
        .catch((caught: unknown) => caught);
      expect((error as ApiCallError).message).toContain("no such route");
      expect((error as ApiCallError).message).not.toContain("try --base-url");
    });

    it("throws E_PROTOCOL for a page that is not JSON, saying what came", async () => {
      context.server.handle((_request, response) => {
        response.writeHead(200, { "content-type": "text/html" }).end("<html>not an API</html>");
      });
      const error = await context
        .backend()
        .listModels()
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiCallError);
      expect((error as ApiCallError).code).toBe("E_PROTOCOL");
      expect((error as ApiCallError).message).toContain(
        "a text/html body that is not JSON (<html>not an API</html>)",
      );
    });

    it("never shows the API key in a page that echoes it", async () => {
      context.server.handle((request, response) => {
        response
          .writeHead(200, { "content-type": "text/html" })
          .end(`<p>${request.headers.authorization}</p>`);
      });
      const error = await context
        .backend({ apiKey: API_KEY })
        .listModels()
        .catch((caught: unknown) => caught);
      expect((error as ApiCallError).message).toContain("<p>Bearer ***</p>");
      expect((error as ApiCallError).message).not.toContain(API_KEY);
    });

    it("throws E_PROTOCOL for JSON without a model list", async () => {
      context.server.handle((_request, response) => {
        response.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok"}');
      });
      const error = await context
        .backend()
        .listModels()
        .catch((caught: unknown) => caught);
      expect((error as ApiCallError).code).toBe("E_PROTOCOL");
      expect((error as ApiCallError).message).toContain('without a "data" list of models ({"status":"ok"})');
    });

    it("throws ServerUnreachableError for a closed port", async () => {
      const baseUrl = await context.closedBaseUrl();
      const error = await context
        .backend({ baseUrl })
        .listModels()
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ServerUnreachableError);
      expect((error as ServerUnreachableError).url).toBe(baseUrl);
    });

    it("rejects with the caller's reason when aborted", async () => {
      context.server.handle((request) => request.closed);
      const controller = new AbortController();
      const pending = context.backend().listModels({ signal: controller.signal });
      const reason = new Error("stop listing");
      setTimeout(() => controller.abort(reason), 50);
      await expect(pending).rejects.toBe(reason);
      await context.server.requests[0]?.closed;
    });
  });

  describe("loglikelihood scoring", () => {
    it("posts one echo completion per continuation and reads its prompt logprobs", async () => {
      context.server.handle((request, response) => {
        const { prompt } = JSON.parse(request.body) as { prompt: string };
        const tokens = ["The", " sky", " is", prompt.endsWith("blue") ? " blue" : " green"];
        let offset = 0;
        const textOffsets = tokens.map((token) => {
          const start = offset;
          offset += token.length;
          return start;
        });
        const logprob = prompt.endsWith("blue") ? -0.5 : -3;
        response.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            choices: [
              {
                text: prompt,
                logprobs: { tokens, token_logprobs: [null, -1, -1, logprob], text_offset: textOffsets },
              },
            ],
          }),
        );
      });
      const scores = await context
        .backend()
        .loglikelihood({ context: "The sky is", continuations: [" blue", " green"] });
      expect(scores.map((score) => score.logprob)).toEqual([-0.5, -3]);
      expect(context.server.requests.map((request) => request.url)).toEqual([
        "/v1/completions",
        "/v1/completions",
      ]);
    });
  });
}
