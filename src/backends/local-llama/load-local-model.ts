// Loads a GGUF with node-llama-cpp's prebuilt binaries (never builds), turning load failures into clear exit-2 errors.

import { existsSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import type { Llama, LlamaContext, LlamaModel } from "node-llama-cpp";
import type { LocalGpuChoice } from "../../config/local-model-options.js";
import { BenchError, toError } from "../../errors.js";

export interface LoadedLocalModel {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
}

export interface LoadLocalModelOptions {
  modelPath: string;
  /** Default "false": the CPU prebuilt binary. */
  gpu?: LocalGpuChoice | undefined;
  /** Parallel sequences in the one context (batched together). */
  sequences: number;
  /** Context size of each sequence (default: min(4096, the model's training context)). */
  contextSize?: number | undefined;
  threads?: number | undefined;
}

const DEFAULT_CONTEXT_SIZE = 4096;

/** A model file that is missing, unreadable, not a GGUF or too large for memory is a BenchError with exit code 2. */
export async function loadLocalModel(options: LoadLocalModelOptions): Promise<LoadedLocalModel> {
  const { modelPath } = options;
  if (!existsSync(modelPath) || !statSync(modelPath).isFile()) {
    throw new BenchError(
      "E_MODEL_NOT_FOUND",
      `Model file not found: ${modelPath}. Give a .gguf file with --model-path.`,
    );
  }
  const { getLlama, LlamaLogLevel } = await import("node-llama-cpp");
  const gpu = options.gpu === undefined || options.gpu === "false" ? false : options.gpu;
  let llama: Llama;
  try {
    llama = await getLlama({ gpu, build: "never", logLevel: LlamaLogLevel.error, progressLogs: false });
  } catch (error) {
    throw new BenchError(
      "E_LLAMA_BINARY",
      `No usable llama.cpp prebuilt binary for --gpu ${options.gpu ?? "false"} (${toError(error).message}). Try --gpu false.`,
      { cause: error },
    );
  }
  let model: LlamaModel;
  try {
    model = await llama.loadModel({ modelPath });
  } catch (error) {
    await llama.dispose();
    throw describeLoadError(error, modelPath);
  }
  try {
    const trainContextSize = model.trainContextSize;
    const contextSize =
      options.contextSize ?? Math.min(DEFAULT_CONTEXT_SIZE, trainContextSize || DEFAULT_CONTEXT_SIZE);
    const context = await model.createContext({
      sequences: options.sequences,
      contextSize,
      threads: options.threads ?? defaultThreads(),
    });
    return { llama, model, context };
  } catch (error) {
    await model.dispose();
    await llama.dispose();
    throw describeLoadError(error, modelPath);
  }
}

function describeLoadError(error: unknown, modelPath: string): BenchError {
  const message = toError(error).message;
  const name = error instanceof Error ? error.name : "";
  if (name === "InsufficientMemoryError" || /memory|VRAM|RAM/i.test(message)) {
    return new BenchError(
      "E_MODEL_TOO_LARGE",
      `Not enough memory for ${modelPath} (${message}). Use a smaller or more quantized GGUF, or a lower --concurrency.`,
      { cause: error },
    );
  }
  return new BenchError(
    "E_MODEL_INVALID",
    `Cannot load ${modelPath} as a GGUF model (${message}). Is the file complete and a llama.cpp GGUF?`,
    { cause: error },
  );
}

/**
 * All cores but one, which Node's own thread needs: llama.cpp's worker threads spin while they wait for each
 * other, and when they outnumber the free cores decoding slows down a hundredfold (measured here: a 2-layer model
 * at 4 tokens/s with 2 threads on a busy 2-core machine, 1,250 tokens/s with 1).
 */
export function defaultThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}
