// `llm-bench theta`: the task size, the test's σ, α and β, and which way the score improves.
import { z } from "zod";
import { option, optionGroup } from "./option.js";

export const thetaOptions = optionGroup("Theta", {
  numSamplesTotal: option({
    schema: z.number().int().min(1),
    flag: "num-samples-total",
    placeholder: "N",
    help: "Samples in the task (required).",
  }),
  sigma: option({
    schema: z.number().min(0).default(50),
    flag: "sigma",
    placeholder: "S",
    help: "Per-sample score SD on the 0–100 scale (0 for a task that does not vary: θ 0, threshold = reference).",
  }),
  alpha: option({
    schema: z.number().gt(0).lt(1).default(0.05),
    flag: "alpha",
    placeholder: "A",
    help: "False-positive rate.",
  }),
  beta: option({
    schema: z.number().gt(0).lt(1).default(0.2),
    flag: "beta",
    placeholder: "B",
    help: "False-negative rate.",
  }),
  lowerIsBetter: option({
    schema: z.boolean().default(false),
    flag: "lower-is-better",
    help: "A score where lower is better (perplexity, WER): the threshold lies above the reference.",
  }),
  json: option({
    schema: z.boolean().default(false),
    flag: "json",
    help: "Print [{num_samples, theta, threshold_minus_reference}].",
  }),
});
