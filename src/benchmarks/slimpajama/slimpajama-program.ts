// TensorRT-LLM's SlimPajama-6B perplexity of one document (examples/summarize.py eval_context_ppl and
// tensorrt_llm/tools/ppl.py @010c4b27120c06d25c5f860fada9ba748801e0da): the document's ids (special tokens, first
// 16,384) scored in one `echo` request; its perplexity is exp of the mean negative log-likelihood of the predicted
// tokens (every id after the first). The benchmark's score is the mean of these per-document perplexities. The ids
// were counted at load (the length filter), with the run's tokenizer.
import { sumLogprobs } from "../perplexity-scoring.js";
import type { BenchmarkSample, RecipeProgram, ScorerOutput } from "../types.js";
import type { SlimpajamaSample } from "./slimpajama-sample.js";

export const slimpajamaProgram: RecipeProgram = {
  name: "program slimpajama (TensorRT-LLM eval_context_ppl)",
  kind: "program",
  async run(input: BenchmarkSample, session): Promise<ScorerOutput> {
    const { ids } = input as SlimpajamaSample;
    const scores = await session.scorePrompt(ids);
    const nll = -sumLogprobs(scores, 1, ids.length);
    const predicted = ids.length - 1;
    const perplexity = Math.exp(nll / predicted);
    return {
      perplexity,
      token_perplexity: { numerator: nll, denominator: predicted, exp: true },
      tokens: predicted,
      reason: `perplexity ${perplexity.toFixed(4)} over ${predicted} predicted tokens`,
    };
  },
};
