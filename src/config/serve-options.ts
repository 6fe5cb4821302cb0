// `llm-bench serve`: which model to serve (the in-process model and listen groups do the rest).
import { z } from "zod";
import { option, optionGroup } from "./option.js";

export const serveOptions = optionGroup("Model", {
  model: option({
    schema: z.string().min(1).optional(),
    flag: "model",
    placeholder: "hf:OWNER/REPO/FILE.gguf|NAME",
    help: "A Hub GGUF to download and serve, or the served name with --model-path.",
    defaultHelp: "the file name",
  }),
});
