// The local backend on real llama.cpp with tiny random-weight models: generation, templates, stops, scores, batching.
import { type ControlledEvaluateInputItem, getLlama, LlamaLogLevel, type Token } from "node-llama-cpp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GenerationRequest } from "../../core/generation.js";
import { createLocalLlamaBackend, type LocalLlamaBackend } from "./create-local-llama-backend.js";
import { createChatTemplate } from "./render-chat-template.js";
import { CHATML_MODEL, NO_TEMPLATE_MODEL, sharedModelPath } from "./test-support/shared-models.js";

const chatmlPath = sharedModelPath(CHATML_MODEL, "local-llama backend");
const noTemplatePath = sharedModelPath(NO_TEMPLATE_MODEL, "local-llama backend");

const completion = (text: string, params: GenerationRequest["params"] = {}): GenerationRequest => ({
  prompt: { type: "completion", text },
  params,
  stream: true,
});

describe.skipIf(chatmlPath === undefined || noTemplatePath === undefined)("local-llama backend", () => {
  let chatml: LocalLlamaBackend;
  let plain: LocalLlamaBackend;

  beforeAll(async () => {
    chatml = createLocalLlamaBackend({ modelPath: chatmlPath, parallel: 3, contextSize: 512, threads: 1 });
    plain = createLocalLlamaBackend({ modelPath: noTemplatePath, parallel: 1, contextSize: 256, threads: 1 });
    await Promise.all([chatml.load(), plain.load()]);
  });
  afterAll(async () => {
    await chatml?.close();
    await plain?.close();
  });

  it("lists the file name as the model and generates greedily, with usage and streaming timings", async () => {
    expect(await chatml.listModels()).toEqual(["synth-tiny-chatml-q8_0"]);
    const first = await chatml.generate(completion("The quick brown fox", { maxTokens: 10 }));
    const second = await chatml.generate(completion("The quick brown fox", { maxTokens: 10 }));
    expect(first.status).toBe("ok");
    expect(first.finishReason).toBe("length");
    expect(first.usage.completionTokens).toBe(10);
    expect(first.usage.promptTokens).toBeGreaterThan(1);
    expect(second.text).toBe(first.text);
    const { timings } = first;
    expect(timings.firstContentMs).toBeGreaterThanOrEqual(timings.sentMs);
    expect(timings.deltaTimesMs.length).toBeGreaterThan(0);
    expect(timings.deltaTimesMs[0]).toBe(timings.firstContentMs);
    expect([...timings.deltaTimesMs].sort((a, b) => a - b)).toEqual(timings.deltaTimesMs);
    expect(timings.endMs).toBeGreaterThanOrEqual(timings.deltaTimesMs.at(-1) ?? 0);
  });

  it("tokenizes with the GGUF's tokenizer, BOS in front when special tokens are asked for", async () => {
    const plainTokens = await plain.tokenize?.("Hello world, hello", { addSpecialTokens: false });
    const withSpecial = await plain.tokenize?.("Hello world, hello", { addSpecialTokens: true });
    expect(plainTokens?.length).toBeGreaterThan(2);
    // Llama-2's SentencePiece vocabulary: BOS is 1, and the model asks for it.
    expect(withSpecial).toEqual([1, ...(plainTokens ?? [])]);
    // Special-token text is read as the token, as Hugging Face's tokenizer reads it.
    const chatmlTokens = await chatml.tokenize?.("<|im_start|>user", { addSpecialTokens: false });
    const imStart = await chatml.tokenize?.("<|im_start|>", { addSpecialTokens: false });
    expect(imStart).toHaveLength(1);
    expect(chatmlTokens?.[0]).toBe(imStart?.[0]);
  });

  it("renders chat prompts with the GGUF's ChatML template", async () => {
    const template = createChatTemplate({
      template:
        "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>\\n' }}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}",
      bosToken: "<s>",
      eosToken: "</s>",
      modelName: "m",
    });
    const messages = [
      { role: "system" as const, content: "Be brief." },
      { role: "user" as const, content: "2+2?" },
    ];
    expect(template.render(messages)).toBe(
      "<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\n2+2?<|im_end|>\n<|im_start|>assistant\n",
    );
    const chat = await chatml.generate({
      prompt: { type: "chat", messages },
      params: { maxTokens: 4 },
      stream: true,
    });
    const raw = await chatml.generate(completion(template.render(messages), { maxTokens: 4 }));
    expect(chat.status).toBe("ok");
    // Same tokens in (the special tokens are parsed as such), so the same greedy answer out.
    expect(chat.usage.promptTokens).toBe(raw.usage.promptTokens);
    expect(chat.text).toBe(raw.text);
  });

  it("answers a chat request on a model without a template with an error naming the completions endpoint", async () => {
    const result = await plain.generate({
      prompt: { type: "chat", messages: [{ role: "user", content: "Hi" }] },
      params: { maxTokens: 4 },
      stream: true,
    });
    expect(result.status).toBe("error");
    expect(result.error?.code).toBe("E_NO_CHAT_TEMPLATE");
    expect(result.error?.message).toContain("--endpoint-type completions");
    const text = await plain.generate(completion("Once upon a time", { maxTokens: 6 }));
    expect(text.status).toBe("ok");
    expect(text.usage.completionTokens).toBe(6);
  });

  it("refuses function calling (tools, or a conversation with calls and results) and says where it works", async () => {
    const tools = [{ type: "function" as const, function: { name: "f" } }];
    const offered = await chatml.generate({
      prompt: { type: "chat", messages: [{ role: "user", content: "Hi" }] },
      params: { maxTokens: 4, tools },
      stream: true,
    });
    expect(offered.status).toBe("error");
    expect(offered.error?.code).toBe("E_NO_TOOLS");
    expect(offered.error?.message).toContain("--base-url");
    const results = await chatml.generate({
      prompt: {
        type: "chat",
        messages: [
          { role: "user", content: "Hi" },
          { role: "assistant", content: "", toolCalls: [{ id: "c", name: "f", arguments: "{}" }] },
          { role: "tool", content: "1", toolCallId: "c" },
        ],
      },
      params: { maxTokens: 4 },
      stream: false,
    });
    expect(results.error?.code).toBe("E_NO_TOOLS");
  });

  it("stops at a stop sequence and leaves it out of the text", async () => {
    const free = await plain.generate(completion("Once upon a time", { maxTokens: 24 }));
    const text = free.text;
    const stop = text.slice(8, 11);
    expect(stop.trim().length).toBeGreaterThan(0);
    const stopped = await plain.generate(completion("Once upon a time", { maxTokens: 24, stop: [stop] }));
    expect(stopped.finishReason).toBe("stop");
    expect(stopped.text).toBe(text.slice(0, text.indexOf(stop)));
  });

  it("decodes several sequences at once with the same greedy outputs as one at a time", async () => {
    const prompts = ["Alpha beta", "The cat sat on", "One two three four", "Hello world", "Tea and"];
    const alone: string[] = [];
    for (const prompt of prompts)
      alone.push((await chatml.generate(completion(prompt, { maxTokens: 8 }))).text);
    const together = await Promise.all(
      prompts.map((prompt) => chatml.generate(completion(prompt, { maxTokens: 8 }))),
    );
    expect(together.map((result) => result.status)).toEqual(prompts.map(() => "ok"));
    expect(together.map((result) => result.text)).toEqual(alone);
  });

  it("aborts a request waiting for a sequence", async () => {
    const controller = new AbortController();
    controller.abort(new Error("stop"));
    const result = await chatml.generate(completion("Hi", { maxTokens: 4 }), { signal: controller.signal });
    expect(result.status).toBe("aborted");
  });
});

describe.skipIf(noTemplatePath === undefined)("local-llama loglikelihood", () => {
  let backend: LocalLlamaBackend;
  beforeAll(async () => {
    backend = createLocalLlamaBackend({
      modelPath: noTemplatePath,
      parallel: 1,
      contextSize: 256,
      threads: 1,
    });
    await backend.load();
  });
  afterAll(async () => backend?.close());

  it("gives the log-softmax of the full logits for every continuation token", async () => {
    const context = "The capital of France is";
    const continuations = [" Paris", " Lyon and Marseille", " London"];
    const scores = await backend.loglikelihood({ context, continuations });

    // Reference: a separate llama.cpp context, the whole logit vector, softmax in JS.
    const llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
    const model = await llama.loadModel({ modelPath: noTemplatePath ?? "" });
    const context2 = await model.createContext({ contextSize: 256, threads: 1 });
    try {
      const sequence = context2.getSequence();
      const bos = model.tokens.bos;
      if (bos === null) throw new Error("the test model has a BOS token");
      const contextTokens = model.tokenize(context, true);
      for (const [index, continuation] of continuations.entries()) {
        const whole: Token[] = [bos, ...model.tokenize(context + continuation, true)];
        const continuationTokens = whole.slice(1 + contextTokens.length);
        await sequence.clearHistory();
        const outputs = await sequence.controlledEvaluate(
          whole
            .slice(0, -1)
            .map((token): ControlledEvaluateInputItem => [token, { generateNext: { logits: true } }]),
        );
        let expected = 0;
        continuationTokens.forEach((token, offset) => {
          const logits = outputs[contextTokens.length + offset]?.next.logits ?? new Map<number, number>();
          const values = [...logits.values()];
          const max = Math.max(...values);
          const logSum = max + Math.log(values.reduce((sum, value) => sum + Math.exp(value - max), 0));
          expected += (logits.get(token) ?? Number.NaN) - logSum;
        });
        const score = scores[index];
        expect(score?.tokenLogprobs.length).toBe(continuationTokens.length);
        expect(score?.logprob).toBeCloseTo(expected, 4);
        expect(score?.logprob).toBeLessThan(0);
      }
    } finally {
      await context2.dispose();
      await model.dispose();
      await llama.dispose();
    }
    // Scores do not depend on what was scored before (the prefix cache is reused, not polluted).
    const again = await backend.loglikelihood({ context, continuations: [...continuations].reverse() });
    expect(again.map((score) => score.logprob).reverse()).toEqual(scores.map((score) => score.logprob));
  });

  it("scores a prompt's tokens, the first one unconditioned", async () => {
    const scores = await backend.scorePrompt("The answer is A");
    expect(scores.tokens.join("").trim()).toBe("The answer is A");
    expect(scores.tokenLogprobs.every((value) => value !== null && value < 0)).toBe(true);
    const viaChoices = await backend.loglikelihood({ context: "The answer is", continuations: [" A"] });
    expect(scores.tokenLogprobs.at(-1)).toBeCloseTo(viaChoices[0]?.logprob ?? 0, 6);
  });
});
