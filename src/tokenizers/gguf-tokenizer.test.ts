// gguf: tokenizers for both shared GGUFs against node-llama-cpp's own `model.tokenize` on a varied text sample,
// and `server` against `serve` (the same GGUF in-process behind our HTTP layer): the same ids, decoded back.
import { getLlama, LlamaLogLevel, type LlamaModel } from "node-llama-cpp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createLocalLlamaBackend,
  type LocalLlamaBackend,
} from "../backends/local-llama/create-local-llama-backend.js";
import {
  CHATML_MODEL,
  NO_TEMPLATE_MODEL,
  sharedModelPath,
} from "../backends/local-llama/test-support/shared-models.js";
import { createOpenAiHttpBackend } from "../backends/openai-http/create-openai-http-backend.js";
import type { Backend } from "../core/generation.js";
import type { TextTokenizer } from "../core/tokenizer.js";
import { type ServeServer, startServeServer } from "../serve/start-serve-server.js";
import { resolveRunTokenizer } from "./resolve-run-tokenizer.js";
import { VARIED_TEXT, VARIED_TEXTS } from "./test-support/varied-text-sample.js";

const SAMPLE = [...VARIED_TEXTS, VARIED_TEXT];

for (const file of [NO_TEMPLATE_MODEL, CHATML_MODEL]) {
  const modelPath = sharedModelPath(file, `gguf: tokenizer (${file})`);
  describe.skipIf(modelPath === undefined)(`gguf:${file}`, () => {
    let model: LlamaModel;
    let tokenizer: TextTokenizer;
    beforeAll(async () => {
      const llama = await getLlama({
        gpu: false,
        build: "never",
        logLevel: LlamaLogLevel.error,
        progressLogs: false,
      });
      model = await llama.loadModel({ modelPath: modelPath ?? "", vocabOnly: true });
      tokenizer = await resolveRunTokenizer({ spec: `gguf:${modelPath}`, model: undefined, env: {} });
    });
    afterAll(async () => {
      await tokenizer?.close?.();
      await model?.dispose();
    });

    it("gives node-llama-cpp's own ids on English, code, digits, CJK, emoji and whitespace runs", async () => {
      for (const text of SAMPLE) {
        expect(await tokenizer.encode(text)).toEqual(model.tokenize(text).map(Number));
      }
      expect(tokenizer.record).toMatchObject({ kind: "gguf", implementation: "node-llama-cpp 3.22.1" });
    });

    it("puts BOS in front only when asked, decodes back, and refuses an id outside the vocabulary", async () => {
      const ids = await tokenizer.encode(VARIED_TEXT);
      expect(await tokenizer.encode(VARIED_TEXT, { addSpecialTokens: true })).toEqual([1, ...ids]);
      expect(await tokenizer.decode(ids)).toBe(model.detokenize(model.tokenize(VARIED_TEXT)));
      await expect(tokenizer.decode([999_999])).rejects.toThrow(/not in the model's vocabulary/);
    });

    it("names the vocabulary's BOS and EOS as node-llama-cpp reads them", async () => {
      expect(await tokenizer.specialTokenIds?.()).toEqual({
        bos: model.tokens.bos === null ? null : Number(model.tokens.bos),
        eos: model.tokens.eos === null ? null : Number(model.tokens.eos),
      });
    });
  });
}

const chatmlPath = sharedModelPath(CHATML_MODEL, "server tokenizer against serve");
describe.skipIf(chatmlPath === undefined)("--tokenizer server against serve", () => {
  let local: LocalLlamaBackend;
  let server: ServeServer;
  let http: Backend;
  let gguf: TextTokenizer;
  beforeAll(async () => {
    local = createLocalLlamaBackend({ modelPath: chatmlPath, parallel: 1, contextSize: 256, threads: 1 });
    await local.load();
    server = await startServeServer({ backend: local, port: 0 });
    http = createOpenAiHttpBackend({ baseUrl: server.baseUrl, model: local.modelId, maxRetries: 0 });
    gguf = await resolveRunTokenizer({ spec: `gguf:${chatmlPath}`, model: undefined, env: {} });
  });
  afterAll(async () => {
    await gguf?.close?.();
    await http?.close();
    await server?.close();
    await local?.close();
  });

  it("gives the gguf: ids through /tokenize and the text back through /detokenize", async () => {
    const tokenizer = await resolveRunTokenizer({
      spec: "server",
      model: local.modelId,
      backend: http,
      env: {},
    });
    for (const text of SAMPLE) {
      const ids = await tokenizer.encode(text);
      expect(ids).toEqual(await gguf.encode(text));
      expect(await tokenizer.decode(ids)).toBe(await gguf.decode(ids));
    }
    expect(await tokenizer.encode("<|im_start|>user", { addSpecialTokens: true })).toEqual(
      await gguf.encode("<|im_start|>user", { addSpecialTokens: true }),
    );
    await expect(tokenizer.decode([999_999])).rejects.toThrow(/not in the model's vocabulary/);
    // The server's BOS is what /tokenize puts in front when asked for special tokens; its EOS is not known.
    expect(await tokenizer.specialTokenIds?.()).toEqual({
      bos: (await gguf.specialTokenIds?.())?.bos,
      eos: null,
    });
  });
});
