// Passkey retrieval (TensorRT-LLM's passkey_retrieval_64k and _128k): InfiniteBench's generator, prompt and score as
// TensorRT-LLM's examples/infinitebench reproduce them; or (`--context-tokens`) haystacks of exactly N tokens.
import type { Prompt } from "../../core/prompt.js";
import { ConfigError } from "../../errors.js";
import { resolveSystemPrompt } from "../../prompts/resolve-system-prompt.js";
import { checkNShots } from "../check-n-shots.js";
import { buildInlinePrompt } from "../inline-prompt.js";
import type { Benchmark, LoadedBenchmark, LoadOptions, PromptOptions, Recipe } from "../types.js";
import { createHaystackFitter, type HaystackFitter } from "./fit-haystack.js";
import { DEFAULT_PASSKEY_TASKS, levelOfTask, PASSKEY_LEVELS } from "./passkey-levels.js";
import { passkeyOracle } from "./passkey-oracle.js";
import type { PasskeySample } from "./passkey-sample.js";
import { DEFAULT_TOKEN_DEPTHS, levelSamples, tokenSamples } from "./passkey-samples.js";
import { passkeyScorer } from "./passkey-score.js";
import { needleLine, passkeyContext, passkeyPromptText } from "./passkey-text.js";
import { PASSKEY_FILE, readPasskeyFile } from "./read-passkey-file.js";

const TRTLLM_RECIPE: Recipe = {
  name: "trtllm",
  description:
    "TensorRT-LLM's passkey (examples/infinitebench): build_passkey's haystacks, seed 0, the raw template, 6 new tokens, first digit run = key",
  sources: [
    {
      repository: "NVIDIA/TensorRT-LLM",
      path: "examples/infinitebench/construct_synthetic_dataset.py",
      pin: "1020a8d799d04a1776f8eec19496ecafa2558506",
    },
    {
      repository: "NVIDIA/TensorRT-LLM",
      path: "examples/infinitebench/eval_utils.py",
      pin: "f430a4b447ef4cba22698902d43eae0debf08594",
    },
    {
      repository: "NVIDIA/TensorRT-LLM",
      path: "examples/infinitebench/compute_scores.py",
      pin: "74238417a172aea1fbb9d0b3c7c6e8a6a0f129f1",
    },
    {
      repository: "NVIDIA/TensorRT-LLM",
      path: "examples/eval_long_context.py",
      pin: "1100b26240b071b7ebdc0c5cb5f782fd97bc5d3f",
    },
    {
      repository: "NVIDIA/TensorRT-LLM",
      path: "examples/utils.py",
      pin: "06255cb759835a9797b656aa5d1dc8f7e75fdca6",
    },
    {
      repository: "NVIDIA/TensorRT-LLM",
      path: "tests/integration/defs/accuracy/accuracy_core.py",
      pin: "00c1146004b692d94801f8533edfdc957947ab9a",
    },
  ],
  grader: passkeyScorer,
  defaultNShots: 0,
  // eval_long_context.py tokenizes the template's text and generates from it: no chat template for Llama-family
  // models (its prompt templates cover Qwen and InternLM only); `--endpoint-type chat` sends it as one user turn.
  defaultEndpointType: "completions",
  // DATA_NAME_TO_MAX_NEW_TOKENS["passkey"] = 6; greedy (top_k 1).
  defaultParams: { maxTokens: 6, temperature: 0 },
};

/** What a completion prompt carries before the template (and what a haystack's token count includes). */
function completionPrefix(options: PromptOptions): string {
  const systemPrompt = resolveSystemPrompt(options.systemPrompt);
  return options.endpointType === "completions" && systemPrompt !== undefined ? `${systemPrompt}\n\n` : "";
}

function inlinePrompt(text: string, options: PromptOptions): Prompt {
  return buildInlinePrompt({
    endpointType: options.endpointType,
    systemPrompt: resolveSystemPrompt(options.systemPrompt),
    text,
  });
}

/**
 * A level row's prompt in full; a `--context-tokens` sample's before its haystack is laid out (template, needle and
 * question: `preparePrompt` sends the haystack).
 */
function buildPrompt(sample: PasskeySample, options: PromptOptions): Prompt {
  checkNShots("passkey", options.nShots, 0);
  const { placement } = sample;
  const context =
    placement.kind === "level"
      ? passkeyContext(placement.noiseBefore, placement.numNoise - placement.noiseBefore, sample.key)
      : needleLine(sample.key);
  return inlinePrompt(passkeyPromptText(context), options);
}

function loadTokenHaystacks(
  options: LoadOptions,
  contextTokens: readonly number[],
): LoadedBenchmark<PasskeySample> {
  if (options.tasks !== undefined && options.tasks.length > 0) {
    throw new ConfigError(
      `passkey: --tasks picks the generator's levels; with --context-tokens the lengths are ${contextTokens.join(",")}. Give one or the other.`,
    );
  }
  const { tokenizer } = options;
  // The tokenizer is resolved with the first prompt: loading (and grading) the samples needs none.
  let fitter: Promise<HaystackFitter> | undefined;
  const fitterOf = (): Promise<HaystackFitter> => {
    if (tokenizer === undefined) {
      return Promise.reject(
        new ConfigError("passkey: --context-tokens counts tokens, and this command has no tokenizer."),
      );
    }
    fitter ??= tokenizer().then(createHaystackFitter);
    return fitter;
  };
  const samples = tokenSamples(contextTokens, options.longContext?.depths ?? DEFAULT_TOKEN_DEPTHS);
  return {
    samples,
    dataset: `generated: --context-tokens ${contextTokens.join(",")}, build_passkey's lines, keys from random.seed(0)`,
    buildPrompt,
    async preparePrompt(sample, promptOptions) {
      checkNShots("passkey", promptOptions.nShots, 0);
      const { placement } = sample;
      if (placement.kind !== "tokens") return buildPrompt(sample, promptOptions);
      const text = await (await fitterOf()).fit({
        contextTokens: placement.contextTokens,
        depthPercent: placement.depthPercent,
        key: sample.key,
        prefix: completionPrefix(promptOptions),
      });
      return inlinePrompt(text, promptOptions);
    },
  };
}

async function load(options: LoadOptions): Promise<LoadedBenchmark<PasskeySample>> {
  checkNShots("passkey", options.nShots, 0);
  const contextTokens = options.longContext?.contextTokens;
  if (contextTokens !== undefined && contextTokens.length > 0)
    return loadTokenHaystacks(options, contextTokens);
  const depths = options.longContext?.depths;
  const tasks = options.tasks !== undefined && options.tasks.length > 0 ? options.tasks : undefined;
  const fromFile = options.context.dataDir === undefined ? undefined : await readPasskeyFile(options.context);
  if (fromFile !== undefined) {
    if (depths !== undefined) {
      throw new ConfigError(
        `passkey: --depths lays out generated haystacks; the rows of ${PASSKEY_FILE} have theirs. Drop --depths or --data-dir.`,
      );
    }
    return {
      samples: tasks === undefined ? fromFile : fromFile.filter((sample) => tasks.includes(sample.task)),
      dataset: `${PASSKEY_FILE} (construct_synthetic_dataset.py output)`,
      buildPrompt,
    };
  }
  const levels = (tasks ?? DEFAULT_PASSKEY_TASKS).map((task) => {
    const level = levelOfTask(task);
    if (level === undefined) {
      throw new ConfigError(
        `passkey has no task "${task}". Tasks: ${PASSKEY_LEVELS.map((each) => each.task).join(", ")}.`,
      );
    }
    return level;
  });
  return {
    samples: levels.flatMap((level) => levelSamples(level, depths)),
    dataset: `generated: construct_synthetic_dataset.py build_passkey, random.seed(0), ${levels.map((level) => `test_level ${PASSKEY_LEVELS.indexOf(level)}`).join(", ")}`,
    buildPrompt,
  };
}

export const passkey: Benchmark<PasskeySample> = {
  name: "passkey",
  description:
    "Passkey retrieval (TensorRT-LLM's 64k and 128k tasks): a 5-digit key hidden in repeated noise, 5 keys per depth; --context-tokens N for exact-length haystacks.",
  dataset: "generated (TensorRT-LLM examples/infinitebench/construct_synthetic_dataset.py rules, seed 0)",
  recipes: [TRTLLM_RECIPE],
  maxNShots: 0,
  tasks: PASSKEY_LEVELS.map((level) => level.task),
  facetGrids: [["depth", "context_tokens"]],
  facetOrder: { context_tokens: PASSKEY_LEVELS.map((level) => level.label) },
  load,
  oracle: passkeyOracle,
};
