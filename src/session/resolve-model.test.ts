// Model resolution: the only model listed, a named model checked against the list, and servers that cannot list.
import { describe, expect, it } from "vitest";
import type { Backend } from "../core/generation.js";
import { ApiCallError, BenchError, ConfigError, ServerUnreachableError } from "../errors.js";
import { resolveModel } from "./resolve-model.js";

function listing(list: () => Promise<string[]>): Backend {
  return {
    name: "fake",
    generate: () => Promise.reject(new Error("not used")),
    listModels: list,
    close: async () => undefined,
  };
}

const baseUrl = "http://127.0.0.1:9/v1";

describe("resolveModel", () => {
  it("takes the only model listed, and checks a named one against the list", async () => {
    const backend = listing(async () => ["a"]);
    expect(await resolveModel(backend, { requested: undefined, baseUrl })).toBe("a");
    expect(await resolveModel(backend, { requested: "a", baseUrl })).toBe("a");
    await expect(resolveModel(backend, { requested: "b", baseUrl })).rejects.toThrow(
      /Model "b" is not served at http:\/\/127\.0\.0\.1:9\/v1\. Served: a\./,
    );
    await expect(resolveModel(backend, { requested: "b", baseUrl })).rejects.toThrow(
      /Pass one of them with --model/,
    );
    const two = listing(async () => ["a", "b"]);
    await expect(resolveModel(two, { requested: undefined, baseUrl })).rejects.toThrow(ConfigError);
  });

  it("a 404 on /models with no model named asks whether --base-url is the OpenAI API base (exit 2)", async () => {
    const notFound = listing(() =>
      Promise.reject(new ApiCallError("HTTP 404 from GET /x/v1/models: not found", { status: 404 })),
    );
    const error = await resolveModel(notFound, { requested: undefined, baseUrl }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(BenchError);
    expect((error as BenchError).exitCode).toBe(2);
    expect((error as BenchError).message).toMatch(
      /HTTP 404 .*; is --base-url http:\/\/127\.0\.0\.1:9\/v1 the server's OpenAI API base/,
    );
  });

  it.each([404, 405, 500, 501])("warns and goes on with --model when /models answers %i", async (status) => {
    const warnings: string[] = [];
    const backend = listing(() =>
      Promise.reject(new ApiCallError(`GET /models: HTTP ${status}`, { status })),
    );
    const model = await resolveModel(backend, {
      requested: "served-but-unlisted",
      baseUrl,
      onWarning: (message) => warnings.push(message),
    });
    expect(model).toBe("served-but-unlisted");
    expect(warnings).toEqual([
      `cannot list the models (GET /models: HTTP ${status}); going on with --model "served-but-unlisted".`,
    ]);
  });

  it("stops on a refused key, on a failed listing without --model, and on an unreachable server", async () => {
    const refused = listing(() => Promise.reject(new ApiCallError("HTTP 401: bad key", { status: 401 })));
    await expect(resolveModel(refused, { requested: "m", baseUrl })).rejects.toMatchObject({ exitCode: 2 });
    const failing = listing(() => Promise.reject(new ApiCallError("HTTP 404", { status: 404 })));
    await expect(resolveModel(failing, { requested: undefined, baseUrl })).rejects.toBeInstanceOf(BenchError);
    const down = listing(() => Promise.reject(new ServerUnreachableError(baseUrl)));
    await expect(resolveModel(down, { requested: "m", baseUrl })).rejects.toMatchObject({
      code: "E_SERVER_UNREACHABLE",
      exitCode: 2,
    });
  });
});
