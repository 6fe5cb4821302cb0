// The run's tokenizer: `--tokenizer SPEC` when given; else the default chain — the served model's name tried as a
// Hub repository, then the server's /tokenize, else a ConfigError naming the four forms. Every step that fails says
// why, and the step that chose is recorded (`TokenizerRecord.chosenBy`).
import type { TextTokenizer } from "../core/tokenizer.js";
import { ConfigError, toError } from "../errors.js";
import { openTokenizer, type TokenizerContext } from "./open-tokenizer.js";
import { isHubRepoName, parseTokenizerSpec, TOKENIZER_FORMS } from "./parse-tokenizer-spec.js";

export interface RunTokenizerContext extends TokenizerContext {
  /** `--tokenizer`, when given. */
  spec: string | undefined;
  /** The served model's name. */
  model: string | undefined;
}

/** The default chain's Hub step gives up quickly: an unreachable Hub must not hold a run up. */
const DEFAULT_CHAIN_HUB_TIMEOUT_MS = 10_000;
const PROBE_TEXT = "Hello, world";

export async function resolveRunTokenizer(context: RunTokenizerContext): Promise<TextTokenizer> {
  if (context.spec !== undefined) return openTokenizer(parseTokenizerSpec(context.spec), context);
  const { model, backend } = context;
  const reasons: string[] = [];
  if (model !== undefined && isHubRepoName(model)) {
    const spec = `hf:${model}`;
    try {
      return await openTokenizer(
        parseTokenizerSpec(spec),
        { ...context, hubTimeoutMs: context.hubTimeoutMs ?? DEFAULT_CHAIN_HUB_TIMEOUT_MS, hubMaxRetries: 0 },
        "default: the served model's name as a Hub repository",
      );
    } catch (error) {
      if (context.signal?.aborted === true) throw error;
      reasons.push(`${spec}: ${toError(error).message}`);
    }
  } else {
    reasons.push(
      `the served model's name ${JSON.stringify(model ?? "")} is not a Hub repository (OWNER/REPO)`,
    );
  }
  if (backend?.tokenize !== undefined) {
    try {
      const ids = await backend.tokenize(PROBE_TEXT, {
        addSpecialTokens: false,
        ...(context.signal === undefined ? {} : { signal: context.signal }),
      });
      if (ids !== undefined) {
        return await openTokenizer(
          { kind: "server", spec: "server" },
          context,
          `default: the server's /tokenize (${reasons.join("; ")})`,
        );
      }
      reasons.push("the server has no /tokenize endpoint");
    } catch (error) {
      if (context.signal?.aborted === true) throw error;
      reasons.push(`the server's /tokenize failed: ${toError(error).message}`);
    }
  } else {
    reasons.push(
      backend === undefined ? "no server is asked" : `the ${backend.name} backend cannot tokenize`,
    );
  }
  throw new ConfigError(
    `No tokenizer could be found for this run — ${reasons.join("; ")}. Pass --tokenizer: ${TOKENIZER_FORMS}.`,
  );
}
