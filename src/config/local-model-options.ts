// The in-process model (llama.cpp): which GGUF, on which device, how many sequences (`run`, `serve`).
import { z } from "zod";
import { option, optionGroup } from "./option.js";

/** "false" is the CPU; the others need node-llama-cpp's GPU prebuilt package. */
export const LOCAL_GPU_CHOICES = ["false", "auto", "cuda", "vulkan", "metal"] as const;
export type LocalGpuChoice = (typeof LOCAL_GPU_CHOICES)[number];

export const localModelOptions = optionGroup(
  "In-process model",
  {
    modelPath: option({
      schema: z.string().min(1).optional(),
      flag: "model-path",
      placeholder: "FILE.gguf",
      help: "Run this GGUF model in-process (llama.cpp) instead of calling a server.",
    }),
    gpu: option({
      schema: z.enum(LOCAL_GPU_CHOICES).optional(),
      flag: "gpu",
      help: "GPU of the in-process model. Needs the GPU prebuilt package installed.",
      defaultHelp: "false: the CPU",
    }),
    parallel: option({
      schema: z.number().int().min(1).max(256).optional(),
      flag: "parallel",
      placeholder: "N",
      help: "Sequences the in-process model decodes together.",
      defaultHelp: "min(--concurrency, 4)",
    }),
    contextSize: option({
      schema: z.number().int().min(16).optional(),
      flag: "context-size",
      placeholder: "N",
      help: "Context tokens per sequence of the in-process model.",
      defaultHelp: "min(4096, the model's)",
    }),
    threads: option({
      schema: z.number().int().min(1).optional(),
      flag: "threads",
      placeholder: "N",
      help: "CPU threads of the in-process model.",
      defaultHelp: "all cores but one",
    }),
  },
  {
    note: "llama.cpp in this process: --model-path FILE.gguf, or --model hf:OWNER/REPO/FILE.gguf (downloaded).",
  },
);
