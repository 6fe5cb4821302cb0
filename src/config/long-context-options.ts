// Token counting and long-context benchmarks: the tokenizer, LongBench v2's context budget, passkey haystack
// lengths and needle depths, and how much of a long prompt the journal keeps.
import { z } from "zod";
import { numberFromText, option, optionGroup } from "./option.js";

export const JOURNAL_PROMPTS = ["auto", "full", "hash"] as const;
export type JournalPrompts = (typeof JOURNAL_PROMPTS)[number];

export const longContextOptions = optionGroup("Tokens and long context", {
  tokenizer: option({
    schema: z.string().min(1).optional(),
    flag: "tokenizer",
    placeholder: "SPEC",
    help:
      "What counts and cuts tokens (profile --isl, long-context benchmarks): hf:OWNER/REPO[@REVISION] (its " +
      "tokenizer.json from the Hub), a tokenizer.json or model directory, gguf:FILE (a GGUF's vocabulary), or " +
      "server (the server's /tokenize and /detokenize).",
    defaultHelp: "the served model's name as a Hub repository, else the server's /tokenize",
  }),
  maxContextTokens: option({
    schema: z.number().int().min(16).optional(),
    flag: "max-context-tokens",
    placeholder: "N",
    help:
      "longbench_v2: cut longer prompts in the middle to N tokens (the first and last halves), as LongBench's " +
      "pred.py; mrcr: leave out conversations longer than N tokens, as OpenAI's card does for a context window; " +
      "zeroscrolls: the prompt and answer budget (the document cut, the query kept; trtllm: the first N tokens); " +
      "wikitext: the model's max length, which sizes lm-eval's rolling windows.",
    defaultHelp:
      "longbench_v2: 120000 (LongBench's model2maxlen); zeroscrolls: 8192 (trtllm 24576); wikitext: 2048; mrcr: none",
  }),
  contextTokens: option({
    schema: z.array(z.number().int().min(64)).optional(),
    flag: "context-tokens",
    placeholder: "N,M",
    fromText: (text) => text.split(",").map((part) => numberFromText(part.trim())),
    expected: "a comma list of token counts, each at least 64",
    help: "passkey: haystack prompts of exactly these token counts (comma list), instead of the recipe's test level.",
    defaultHelp: "the recipe's",
  }),
  depths: option({
    schema: z.array(z.number().min(0).max(100)).optional(),
    flag: "depths",
    placeholder: "P,Q",
    fromText: (text) => text.split(",").map((part) => numberFromText(part.trim())),
    expected: "a comma list of percentages from 0 to 100",
    help: "passkey: needle depths in percent of the haystack (0 = first line, 100 = last), comma list.",
    defaultHelp: "the recipe's depth steps",
  }),
  journalPrompts: option({
    schema: z.enum(JOURNAL_PROMPTS).default("auto"),
    flag: "journal-prompts",
    help:
      "What samples.jsonl keeps of each prompt: auto (long prompts as their SHA-256 and length), full, or hash " +
      "(every prompt as its SHA-256 and length).",
  }),
});
