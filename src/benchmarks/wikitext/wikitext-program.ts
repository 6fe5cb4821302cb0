// lm-eval's wikitext scoring of one page (lm_eval/models/api_models.py `loglikelihood_rolling`, openai_completions.py
// `parse_logprobs`, preprocess_wikitext.py `process_results`, api/metrics.py `weighted_perplexity`/`bits_per_byte`
// @4e7e0d47f33bc71070c1d38394bafbb52b117163): the detokenized page's tokens (no special tokens) in rolling windows
// after a prefix token (BOS, else EOS), each window one `echo` scoring request, the loglikelihood the sum of the
// predicted tokens' log-probabilities; word and byte perplexities and bits per byte as pooled ratios.
import { ConfigError } from "../../errors.js";
import { perplexityTokenizer, sumLogprobs } from "../perplexity-scoring.js";
import { lmEvalRollingRequests } from "../rolling-token-windows.js";
import type { BenchmarkSample, RecipeProgram, ScorerOutput } from "../types.js";
import type { WikitextSample } from "./wikitext-sample.js";

export const wikitextProgram: RecipeProgram = {
  name: "program wikitext (lm-eval loglikelihood_rolling)",
  kind: "program",
  async run(input: BenchmarkSample, session, context): Promise<ScorerOutput> {
    const sample = input as WikitextSample;
    const tokenizer = await perplexityTokenizer(context, "wikitext");
    const special = await tokenizer.specialTokenIds?.();
    const prefix = special?.bos ?? special?.eos ?? null;
    if (prefix === null) {
      throw new ConfigError(
        `wikitext's rolling windows start with the tokenizer's BOS (else EOS) token, and the tokenizer ${tokenizer.record.spec} names neither: give --tokenizer with a tokenizer_config.json (hf:OWNER/REPO or a model directory) or gguf:FILE.`,
      );
    }
    const tokens = await tokenizer.encode(sample.text, { addSpecialTokens: false });
    let loglikelihood = 0;
    for (const request of lmEvalRollingRequests(tokens, prefix, sample.maxLength)) {
      const scores = await session.scorePrompt(request.ids);
      loglikelihood += sumLogprobs(scores, request.contextLength, request.ids.length);
    }
    const nll = -loglikelihood;
    return {
      word_perplexity: { numerator: nll, denominator: sample.words, exp: true },
      byte_perplexity: { numerator: nll, denominator: sample.bytes, exp: true },
      bits_per_byte: { numerator: nll / Math.LN2, denominator: sample.bytes },
      reason: `loglikelihood ${loglikelihood.toFixed(4)} over ${tokens.length} tokens (${sample.words} words, ${sample.bytes} bytes)`,
    };
  },
};
