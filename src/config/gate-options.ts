// `llm-bench gate`: where the references are, which spec selects one, and what to print.
import { z } from "zod";
import { option, optionGroup } from "./option.js";

/** Where `gate`, `report` and `--html` look for `<task>.yaml` unless told (relative to the working directory). */
export const DEFAULT_REFERENCES_DIR = "references";

/** Which reference a run is judged against: `gate`, and `report` for the verdicts it shows. */
export const referenceOptions = optionGroup("Reference", {
  references: option({
    schema: z.string().min(1).default(DEFAULT_REFERENCES_DIR),
    flag: "references",
    placeholder: "DIR",
    help: "Directory of <task>.yaml reference files.",
    defaultHelp: "./references",
  }),
  /** `key=value` items; `gate` reads them into a record. */
  spec: option({
    schema: z.array(z.string()).optional(),
    flag: "spec",
    placeholder: "key=value",
    help: "Spec keys selecting the reference (dtype, quant_algo, …); comma list or repeated.",
  }),
});

export const gateOptions = optionGroup("Gate", {
  noReference: option({
    schema: z.boolean().default(false),
    flag: "no-reference",
    help: "Print the measured accuracies as reference YAML instead (or LLM_BENCH_ACCURACY_NO_REFERENCE=1).",
  }),
  json: option({ schema: z.boolean().default(false), flag: "json", help: "Print the verdicts as JSON." }),
});
