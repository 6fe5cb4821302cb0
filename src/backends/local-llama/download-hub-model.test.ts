// Downloading `hf:` models from a local server in the Hub's `resolve/main` layout: cache, progress, offline, errors.
import { createHash } from "node:crypto";
import {
  createReadStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReadProgress } from "../../core/read-progress.js";
import { BenchError } from "../../errors.js";
import { createLocalLlamaBackend } from "./create-local-llama-backend.js";
import { downloadHubModel } from "./download-hub-model.js";
import { parseHubModelSpec } from "./local-model-source.js";
import { CHATML_MODEL, sharedModelPath } from "./test-support/shared-models.js";

const modelPath = sharedModelPath(CHATML_MODEL, "hf: model download");
const SPEC = `hf:tiny/chatml-GGUF/${CHATML_MODEL}`;

describe.skipIf(modelPath === undefined)("hf: model download", () => {
  let server: Server;
  let endpoint: string;
  let cacheDir: string;
  const seen: { url: string; authorization: string | undefined }[] = [];

  beforeAll(async () => {
    cacheDir = mkdtempSync(path.join(tmpdir(), "llm-bench-models-"));
    const sha256 = createHash("sha256")
      .update(readFileSync(modelPath ?? ""))
      .digest("hex");
    server = createServer((request, response) => {
      seen.push({ url: request.url ?? "", authorization: request.headers.authorization });
      if (request.url === `/tiny/chatml-GGUF/resolve/main/${CHATML_MODEL}`) {
        // As the Hub answers for an LFS file: the SHA-256 in X-Linked-Etag.
        response.writeHead(302, { location: `/cdn/${CHATML_MODEL}`, "x-linked-etag": `"${sha256}"` }).end();
      } else if (request.url === "/tiny/chatml-GGUF/resolve/main/corrupt.gguf") {
        response
          .writeHead(302, { location: `/cdn/${CHATML_MODEL}`, "x-linked-etag": `"${"f".repeat(64)}"` })
          .end();
      } else if (request.url === `/cdn/${CHATML_MODEL}`) {
        response.writeHead(200, { "content-length": statSync(modelPath ?? "").size });
        createReadStream(modelPath ?? "").pipe(response);
      } else {
        response.writeHead(404).end("Entry not found");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it("downloads into the cache once, with progress, and loads the model from there", async () => {
    const progress: ReadProgress[] = [];
    const env = { HF_ENDPOINT: endpoint, HF_TOKEN: "secret", LLM_BENCH_CACHE: cacheDir };
    const backend = createLocalLlamaBackend({
      model: SPEC,
      env,
      onDownloadProgress: (p) => progress.push(p),
      threads: 1,
      parallel: 1,
      contextSize: 256,
    });
    try {
      expect(await backend.listModels()).toEqual([SPEC]);
      const result = await backend.generate({
        prompt: { type: "completion", text: "Hi" },
        params: { maxTokens: 3 },
        stream: true,
      });
      expect(result.status).toBe("ok");
    } finally {
      await backend.close();
    }
    const cached = path.join(cacheDir, "models", "tiny", "chatml-GGUF", "main", CHATML_MODEL);
    expect(statSync(cached).size).toBe(statSync(modelPath ?? "").size);
    expect(progress.at(-1)).toMatchObject({ kind: "download", bytesDone: statSync(cached).size });
    expect(seen.map((entry) => entry.url)).toEqual([
      `/tiny/chatml-GGUF/resolve/main/${CHATML_MODEL}`,
      `/cdn/${CHATML_MODEL}`,
    ]);
    expect(seen[0]?.authorization).toBe("Bearer secret");

    const again = await downloadHubModel({
      ref: parseHubModelSpec(SPEC),
      spec: SPEC,
      env: { HF_ENDPOINT: endpoint, HF_HUB_OFFLINE: "1", LLM_BENCH_CACHE: cacheDir },
    });
    expect(again).toBe(cached);
    expect(seen).toHaveLength(2);
  });

  it("explains a missing file, an offline cache miss and an unreachable Hub (exit code 2)", async () => {
    const ref = parseHubModelSpec("hf:tiny/chatml-GGUF/missing.gguf");
    const attempt = (env: NodeJS.ProcessEnv) =>
      downloadHubModel({
        ref,
        spec: "hf:tiny/chatml-GGUF/missing.gguf",
        env: { ...env, LLM_BENCH_CACHE: cacheDir },
        sleep: async () => {},
      });
    await expect(attempt({ HF_ENDPOINT: endpoint })).rejects.toThrow(
      /no such repository, file or revision.*--model-path/,
    );
    await expect(attempt({ HF_ENDPOINT: endpoint, HF_HUB_OFFLINE: "1" })).rejects.toMatchObject({
      code: "E_MODEL_OFFLINE",
      exitCode: 2,
    });
    const unreachable = await attempt({ HF_ENDPOINT: "http://127.0.0.1:9" }).catch((error: unknown) => error);
    expect(unreachable).toBeInstanceOf(BenchError);
    expect(unreachable).toMatchObject({ code: "E_MODEL_DOWNLOAD", exitCode: 2 });
    expect(String((unreachable as Error).message)).toContain("--model-path");
  });

  it("checks the SHA-256 the Hub names and caches nothing when it differs", async () => {
    const spec = "hf:tiny/chatml-GGUF/corrupt.gguf";
    const error = await downloadHubModel({
      ref: parseHubModelSpec(spec),
      spec,
      env: { HF_ENDPOINT: endpoint, LLM_BENCH_CACHE: cacheDir },
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "E_MODEL_DOWNLOAD", exitCode: 2 });
    expect((error as Error).message).toMatch(
      new RegExp(`Cannot download ${spec}: .*expected f{64}; it was deleted\\.$`),
    );
    const directory = path.join(cacheDir, "models", "tiny", "chatml-GGUF", "main");
    expect(existsSync(path.join(directory, "corrupt.gguf"))).toBe(false);
    expect(readdirSync(directory).filter((name) => name.startsWith("corrupt"))).toEqual([]);
  });

  it("rejects malformed specs with the expected form", () => {
    expect(() => parseHubModelSpec("hf:just-a-name")).toThrow(/hf:OWNER\/REPO\/FILE\.gguf/);
    expect(parseHubModelSpec("hf:a/b/dir/f.gguf@v1")).toEqual({
      repo: "a/b",
      file: "dir/f.gguf",
      revision: "v1",
    });
  });
});
