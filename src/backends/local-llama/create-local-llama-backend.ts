// The Backend that runs a GGUF model in-process with llama.cpp (node-llama-cpp): generation, scoring, batching.
import path from "node:path";
import type { Dispatcher } from "undici";
import type { LocalGpuChoice } from "../../config/local-model-options.js";
import type {
  Backend,
  DetokenizeOptions,
  GenerateOptions,
  GenerationRequest,
  GenerationResult,
  TokenizeOptions,
} from "../../core/generation.js";
import type { LoglikelihoodScorer } from "../../core/loglikelihood.js";
import type { ReadProgress } from "../../core/read-progress.js";
import { BenchError, toError } from "../../errors.js";
import { detokenizeChecked } from "./detokenize-checked.js";
import { downloadHubModel } from "./download-hub-model.js";
import { generateOnSequence } from "./generate-on-sequence.js";
import { type LoadedLocalModel, loadLocalModel } from "./load-local-model.js";
import { resolveLocalModelSource } from "./local-model-source.js";
import { scoreLoglikelihood, scorePromptTokens } from "./local-scoring.js";
import { type ChatTemplate, createChatTemplate } from "./render-chat-template.js";
import { createSequencePool, type SequencePool } from "./sequence-pool.js";
import { leadingTokens, tokenizePrompt, withoutBos } from "./tokenize-prompt.js";

export interface LocalLlamaBackendOptions {
  /** A GGUF on disk; wins over `model`. */
  modelPath?: string | undefined;
  /** `hf:OWNER/REPO/FILE.gguf[@REV]` to download (default: DEFAULT_LOCAL_MODEL), or the served name with `modelPath`. */
  model?: string | undefined;
  /** Default "false" (CPU prebuilt binary). */
  gpu?: LocalGpuChoice | undefined;
  /** Sequences decoded together in one context (default 4); more requests wait for a free one. */
  parallel?: number | undefined;
  /** Tokens of context per sequence (default min(4096, the model's training context)). */
  contextSize?: number | undefined;
  threads?: number | undefined;
  env?: NodeJS.ProcessEnv | undefined;
  cacheDir?: string | undefined;
  dispatcher?: Dispatcher | undefined;
  onDownloadProgress?: ((progress: ReadProgress) => void) | undefined;
  now?: (() => number) | undefined;
}

export interface LocalGenerateOptions extends GenerateOptions {
  /** Each piece of answer text as it is decoded. */
  onTextDelta?: ((text: string) => void) | undefined;
}

export interface LocalLlamaBackend extends Backend, LoglikelihoodScorer {
  generate(request: GenerationRequest, options?: LocalGenerateOptions): Promise<GenerationResult>;
  /** The name `listModels` reports and the results carry. */
  readonly modelId: string;
  /** Downloads (for `hf:`) and loads the model now; later calls reuse it. Throws exit-2 BenchErrors. */
  load(options?: GenerateOptions): Promise<void>;
  tokenize(text: string, options: TokenizeOptions): Promise<number[]>;
  detokenize(tokens: readonly number[], options?: DetokenizeOptions): Promise<string>;
}

interface Loaded extends LoadedLocalModel {
  pool: SequencePool;
  template: ChatTemplate;
}

const DEFAULT_PARALLEL = 4;

export function createLocalLlamaBackend(options: LocalLlamaBackendOptions): LocalLlamaBackend {
  const source = resolveLocalModelSource(options);
  const modelId =
    options.model ?? (source.type === "file" ? path.basename(source.path, ".gguf") : source.spec);
  const now = options.now ?? (() => performance.now());
  let loading: Promise<Loaded> | undefined;
  let isClosed = false;

  async function loadOnce(signal: AbortSignal | undefined): Promise<Loaded> {
    const modelPath =
      source.type === "file"
        ? source.path
        : await downloadHubModel({
            ref: source.ref,
            spec: source.spec,
            env: options.env ?? process.env,
            cacheDir: options.cacheDir,
            dispatcher: options.dispatcher,
            signal,
            onProgress: options.onDownloadProgress,
          });
    const loaded = await loadLocalModel({
      modelPath,
      gpu: options.gpu,
      sequences: options.parallel ?? DEFAULT_PARALLEL,
      contextSize: options.contextSize,
      threads: options.threads,
    });
    const { model } = loaded;
    const tokenizer = model.fileInfo.metadata.tokenizer;
    const template = createChatTemplate({
      template: typeof tokenizer?.chat_template === "string" ? tokenizer.chat_template : undefined,
      bosToken: model.tokens.bosString ?? "",
      eosToken: model.tokens.eosString ?? "",
      modelName: modelId,
    });
    return { ...loaded, pool: createSequencePool(loaded.context), template };
  }

  function ensureLoaded(signal?: AbortSignal): Promise<Loaded> {
    if (isClosed)
      return Promise.reject(
        new BenchError("E_BACKEND_CLOSED", "The local model was closed.", { exitCode: 1 }),
      );
    if (loading === undefined) {
      loading = loadOnce(signal);
      loading.catch(() => {
        loading = undefined;
      });
    }
    return loading;
  }

  async function generate(
    request: GenerationRequest,
    generateOptions: LocalGenerateOptions = {},
  ): Promise<GenerationResult> {
    const { signal } = generateOptions;
    const sentMs = now();
    const failure = (
      code: string,
      message: string,
      status: "error" | "aborted" = "error",
    ): GenerationResult => ({
      status,
      text: "",
      reasoning: "",
      isThinkUnclosed: false,
      finishReason: "unknown",
      usage: {},
      timings: { sentMs, deltaTimesMs: [], endMs: now() },
      attempts: 1,
      error: { code, message },
    });
    if (usesFunctionCalling(request)) {
      return failure(
        "E_NO_TOOLS",
        "Function calling (tools, tool calls and tool results) is not supported by the in-process model: its answers are not parsed into calls. Serve the model with an OpenAI-compatible server that parses them (llama.cpp's llama-server --jinja, vLLM with --enable-auto-tool-choice) and pass --base-url.",
      );
    }
    let loaded: Loaded;
    let tokens: ReturnType<typeof tokenizePrompt>;
    try {
      loaded = await ensureLoaded(signal);
      tokens = tokenizePrompt(loaded.model, loaded.template, request.prompt);
    } catch (error) {
      const code = error instanceof BenchError ? error.code : "E_LOCAL_MODEL";
      return failure(code, toError(error).message);
    }
    let sequence: Awaited<ReturnType<SequencePool["acquire"]>>;
    try {
      sequence = await loaded.pool.acquire(signal);
    } catch (error) {
      return failure("E_ABORTED", toError(error).message, "aborted");
    }
    try {
      return await generateOnSequence({
        sequence,
        tokens,
        params: request.params,
        now,
        sentMs,
        signal,
        onTextDelta: generateOptions.onTextDelta,
      });
    } finally {
      loaded.pool.release(sequence);
    }
  }

  return {
    name: "local-llama",
    modelId,
    async load(loadOptions = {}) {
      await ensureLoaded(loadOptions.signal);
    },
    generate,
    async listModels(listOptions = {}) {
      await ensureLoaded(listOptions.signal);
      return [modelId];
    },
    async loglikelihood(request, scoreOptions = {}) {
      const { model, pool } = await ensureLoaded(scoreOptions.signal);
      return scoreLoglikelihood({ model, pool }, request, scoreOptions);
    },
    /** The GGUF's tokenizer; special-token text parsed as such, BOS in front when asked and the model wants one. */
    async tokenize(text, tokenizeOptions) {
      const { model } = await ensureLoaded(tokenizeOptions.signal);
      const tokens = withoutBos(model, model.tokenize(text, true));
      return [...(tokenizeOptions.addSpecialTokens ? leadingTokens(model) : []), ...tokens].map(Number);
    },
    /** The GGUF's detokenizer; special tokens spelled out unless asked to skip them. */
    async detokenize(tokens, detokenizeOptions = {}) {
      const { model } = await ensureLoaded(detokenizeOptions.signal);
      return detokenizeChecked(model, tokens, detokenizeOptions.skipSpecialTokens !== true);
    },
    async scorePrompt(prompt, scoreOptions = {}) {
      const { model, pool } = await ensureLoaded(scoreOptions.signal);
      return scorePromptTokens({ model, pool }, prompt, scoreOptions);
    },
    async close() {
      if (isClosed) return;
      isClosed = true;
      const pending = loading;
      loading = undefined;
      if (pending === undefined) return;
      const loaded = await pending.catch(() => undefined);
      if (loaded === undefined) return;
      loaded.pool.dispose();
      await loaded.context.dispose();
      await loaded.model.dispose();
      await loaded.llama.dispose();
    },
  };
}

/** True when a request offers functions or its conversation carries calls or their results. */
function usesFunctionCalling(request: GenerationRequest): boolean {
  if (request.params.tools !== undefined && request.params.tools.length > 0) return true;
  return (
    request.prompt.type === "chat" &&
    request.prompt.messages.some(
      (message) =>
        message.role === "tool" || (message.toolCalls !== undefined && message.toolCalls.length > 0),
    )
  );
}
