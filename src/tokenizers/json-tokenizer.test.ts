// A real tokenizer.json (o200k_base) through @huggingface/tokenizers against the reference implementation of the
// same encoding (js-tiktoken's o200k_base), in-process and in the tokenizer thread.
import { Tiktoken } from "js-tiktoken/lite";
import o200kBase from "js-tiktoken/ranks/o200k_base";
import { beforeAll, describe, expect, it } from "vitest";
import type { TextTokenizer } from "../core/tokenizer.js";
import { openTokenizer } from "./open-tokenizer.js";
import { npmTokenizer, npmTokenizerDirectory } from "./test-support/npm-tokenizer-json.js";
import { VARIED_TEXT, VARIED_TEXTS } from "./test-support/varied-text-sample.js";

const reference = new Tiktoken(o200kBase);
const inProcess = npmTokenizer("gpt4o");
let thread: TextTokenizer;
beforeAll(async () => {
  const directory = npmTokenizerDirectory("gpt4o");
  thread = await openTokenizer({ kind: "file", spec: directory, path: directory }, { env: {} });
});

describe("tokenizer.json through @huggingface/tokenizers", () => {
  it("gives o200k_base's ids (js-tiktoken) on English, code, digits, CJK, emoji and whitespace runs", async () => {
    for (const text of [...VARIED_TEXTS, VARIED_TEXT]) {
      expect(await inProcess.encode(text)).toEqual(reference.encode(text));
    }
  });

  it("decodes back to the text, and the thread answers as the in-process tokenizer does", async () => {
    for (const text of VARIED_TEXTS) {
      const ids = await thread.encode(text);
      expect(ids).toEqual(await inProcess.encode(text));
      expect(await thread.decode(ids)).toBe(text);
    }
    expect(thread.record).toMatchObject({ kind: "file", implementation: "@huggingface/tokenizers 0.2.0" });
    expect(thread.record.revision).toMatch(/^[0-9a-f]{64}$/);
  });

  it("names BOS and EOS from tokenizer_config.json (ids read from the files with Python), in-process and in the thread", async () => {
    // Mistral's config: bos_token "<s>" (id 1), eos_token "</s>" (id 2); o200k_base's: "<|endoftext|>" (199999) both.
    const mistral = npmTokenizer("mistral");
    expect(await mistral.specialTokenIds?.()).toEqual({ bos: 1, eos: 2 });
    expect(await inProcess.specialTokenIds?.()).toEqual({ bos: 199_999, eos: 199_999 });
    expect(await thread.specialTokenIds?.()).toEqual({ bos: 199_999, eos: 199_999 });
  });

  it("keeps the event loop turning while the thread encodes a long text (in-process it stops)", async () => {
    const long = `${VARIED_TEXT}\n`.repeat(150);
    const ticksDuring = async (work: () => Promise<unknown>) => {
      let ticks = 0;
      const timer = setInterval(() => ticks++, 1);
      await work();
      clearInterval(timer);
      return ticks;
    };
    await thread.encode("warm up");
    const threadTicks = await ticksDuring(() => thread.encode(long));
    const inProcessTicks = await ticksDuring(() => inProcess.encode(long));
    expect(inProcessTicks).toBe(0);
    expect(threadTicks).toBeGreaterThan(0);
    expect(await thread.encode(long)).toHaveLength((await inProcess.encode(long)).length);
  });

  it("fails every call after close (the last test: it closes the shared thread)", async () => {
    await thread.close?.();
    await expect(thread.encode("x")).rejects.toThrow(/closed/);
  });
});
