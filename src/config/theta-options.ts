// `llm-bench theta`: the task size and the test's σ, α and β.
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
    schema: z.number().positive().default(50),
    flag: "sigma",
    placeholder: "S",
    help: "Per-sample score SD on the 0–100 scale.",
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
  json: option({
    schema: z.boolean().default(false),
    flag: "json",
    help: "Print [{num_samples, theta, threshold_minus_reference}].",
  }),
});
