// The perplexity programs against a real model (the shared llama-2 tiny GGUF, in-process through node-llama-cpp):
// each number equals exp of the mean negative log-likelihood computed here from node-llama-cpp's raw logits (full
// vocabulary, log-softmax by hand) on the same token windows, to 4 decimals; and over HTTP through `llm-bench
// serve`'s server on the same model, the same numbers. About fifty tokens, windows of 12 so that they roll.
// The shared models have random weights: their perplexity is near the vocabulary size (≈ 32,000), where float32
// logits evaluated in other batches differ in the 7th significant digit; the 4 decimals are of the mean NLL (the
// perplexity's logarithm), i.e. the perplexity to a relative 1e-4.
import {
  getLlama,
  type Llama,
  type LlamaContextSequence,
  LlamaLogLevel,
  type LlamaModel,
  type Token,
} from "node-llama-cpp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createLocalLlamaBackend,
  type LocalLlamaBackend,
} from "../backends/local-llama/create-local-llama-backend.js";
import { NO_TEMPLATE_MODEL, sharedModelPath } from "../backends/local-llama/test-support/shared-models.js";
import { createOpenAiHttpBackend } from "../backends/openai-http/create-openai-http-backend.js";
import type { Backend } from "../core/generation.js";
import type { LoglikelihoodScorer } from "../core/loglikelihood.js";
import type { TextTokenizer } from "../core/tokenizer.js";
import { type ServeServer, startServeServer } from "../serve/start-serve-server.js";
import { resolveRunTokenizer } from "../tokenizers/resolve-run-tokenizer.js";
import { lmEvalRollingRequests } from "./rolling-token-windows.js";
import { slimpajamaProgram } from "./slimpajama/slimpajama-program.js";
import type { SlimpajamaSample } from "./slimpajama/slimpajama-sample.js";
import { slimpajamaIds } from "./slimpajama/slimpajama-tokens.js";
import type { SampleSession, ScoreRatio } from "./types.js";
import { countWords } from "./wikitext/index.js";
import { wikitextDetokenize } from "./wikitext/wikitext-detokenizer.js";
import { wikitextProgram } from "./wikitext/wikitext-program.js";

const modelPath = sharedModelPath(NO_TEMPLATE_MODEL, "perplexity against node-llama-cpp");

const PAGE = Array.from(
  { length: 2 },
  (_, index) =>
    ` The harbour @-@ master 's log for day ${index + 1} records ${index * 7 + 3} ships , two storms and a quiet evening . \n`,
).join("");
const WINDOW = 12;

/** ln P(ids[i] | ids[<i]) for i ≥ `from`, from the full logits node-llama-cpp returns at each position. */
async function referenceLogprobs(
  sequence: LlamaContextSequence,
  ids: readonly number[],
  from: number,
): Promise<number[]> {
  await sequence.clearHistory();
  {
    const outputs = await sequence.controlledEvaluate(
      ids.slice(0, -1).map((id) => [id as Token, { generateNext: { logits: true } }]),
    );
    const logprobs: number[] = [];
    for (let position = Math.max(from, 1); position < ids.length; position++) {
      const logits = outputs[position - 1]?.next?.logits;
      if (logits === undefined) throw new Error("no logits");
      let max = Number.NEGATIVE_INFINITY;
      for (const value of logits.values()) max = Math.max(max, value);
      let sum = 0;
      for (const value of logits.values()) sum += Math.exp(value - max);
      logprobs.push((logits.get(ids[position] as Token) ?? Number.NaN) - max - Math.log(sum));
    }
    return logprobs;
  }
}

const sessionOf = (scorer: LoglikelihoodScorer): SampleSession => ({
  send: () => Promise.reject(new Error("no generation here")),
  sendToUserModel: () => Promise.reject(new Error("no generation here")),
  scorePrompt: (ids) => scorer.scorePrompt(ids),
});

describe.skipIf(modelPath === undefined)("perplexity on llama-2-tiny-random.gguf", () => {
  let llama: Llama;
  let model: LlamaModel;
  let sequence: LlamaContextSequence;
  let tokenizer: TextTokenizer;
  let local: LocalLlamaBackend;
  let server: ServeServer;
  let http: Backend & LoglikelihoodScorer;
  beforeAll(async () => {
    llama = await getLlama({
      gpu: false,
      build: "never",
      logLevel: LlamaLogLevel.error,
      progressLogs: false,
    });
    model = await llama.loadModel({ modelPath: modelPath ?? "" });
    sequence = (await model.createContext({ contextSize: 256, sequences: 1 })).getSequence();
    tokenizer = await resolveRunTokenizer({ spec: `gguf:${modelPath}`, model: undefined, env: {} });
    local = createLocalLlamaBackend({ modelPath, parallel: 1, contextSize: 256, threads: 1 });
    await local.load();
    server = await startServeServer({ backend: local, port: 0 });
    http = createOpenAiHttpBackend({ baseUrl: server.baseUrl, model: local.modelId, maxRetries: 0 });
  }, 60_000);
  afterAll(async () => {
    await http?.close();
    await server?.close();
    await local?.close();
    await tokenizer?.close?.();
    await sequence?.context.dispose();
    await model?.dispose();
    await llama?.dispose();
  });

  it("slimpajama: exp(mean NLL) of BOS + the document's tokens, in-process and over HTTP", async () => {
    const text = PAGE.trim();
    const ids = await tokenizer.encode(text, { addSpecialTokens: true });
    expect(ids[0]).toBe(1);
    expect(ids.length).toBeGreaterThan(40);
    const reference = await referenceLogprobs(sequence, ids, 1);
    const expected = Math.exp(-reference.reduce((sum, value) => sum + value, 0) / reference.length);
    // The ids as the loader keeps them (`slimpajamaIds`: BOS + the text's tokens, under 16,384).
    const sample: SlimpajamaSample = {
      id: "doc",
      task: "slimpajama",
      gold: "-",
      text,
      ids: await slimpajamaIds(tokenizer, text),
    };
    expect(sample.ids).toEqual(ids);
    for (const scorer of [local, http]) {
      const out = await slimpajamaProgram.run(sample, sessionOf(scorer), {
        tokenizer: async () => tokenizer,
      });
      expect(Math.log(out["perplexity"] as number)).toBeCloseTo(Math.log(expected), 4);
      expect(out["tokens"]).toBe(ids.length - 1);
    }
  });

  it("wikitext: rolling windows of 12 after BOS, word perplexity from the windows' logits, in-process and over HTTP", async () => {
    const text = wikitextDetokenize(PAGE);
    const tokens = await tokenizer.encode(text);
    const requests = lmEvalRollingRequests(tokens, 1, WINDOW);
    expect(requests.length).toBeGreaterThan(3);
    let loglikelihood = 0;
    for (const request of requests) {
      for (const value of await referenceLogprobs(sequence, request.ids, request.contextLength))
        loglikelihood += value;
    }
    const words = countWords(PAGE);
    const bytes = Buffer.byteLength(PAGE);
    const sample = {
      id: "page",
      task: "wikitext",
      gold: "-",
      page: PAGE,
      text,
      words,
      bytes,
      maxLength: WINDOW,
    };
    for (const scorer of [local, http]) {
      const out = await wikitextProgram.run(sample, sessionOf(scorer), { tokenizer: async () => tokenizer });
      const word = out["word_perplexity"] as ScoreRatio;
      expect(word.numerator / word.denominator).toBeCloseTo(-loglikelihood / words, 4);
      expect(word.denominator).toBe(words);
      const bits = out["bits_per_byte"] as ScoreRatio;
      expect(bits.numerator / bits.denominator).toBeCloseTo(-loglikelihood / bytes / Math.LN2, 6);
    }
  });
});
