// The legacy completions `logprobs` object (as vLLM returns it) for the mock's tokens: deterministic values, and
// for an oracle loglikelihood prompt an option score that makes the oracle's chosen option win.
import type { CompletionLogprobs } from "../protocol/completion-logprobs.js";
import type { LoglikelihoodMatch } from "./build-loglikelihood-index.js";
import { hashString32 } from "./hash-string-32.js";
import { splitIntoTokens } from "./split-into-tokens.js";

interface ScoredToken {
  token: string;
  logprob: number | null;
  isGreedy: boolean;
}

/**
 * Total log-probability of the winning option; the others get `-(LOSER_BASE + bytes)`. Both acc and acc_norm pick
 * the winner: its total is higher, and so is its per-byte score (≥ -0.5 against < -1).
 */
export const WINNER_LOGPROB = -0.5;
const LOSER_BASE = 5;

/** A deterministic pseudo-logprob in [-6.05, -0.05) for the token at `position` (its index in the text). */
export function pseudoLogprob(position: number, token: string): number {
  return -(0.05 + (hashString32(`${position}\u0000${token}`) / 2 ** 32) * 6);
}

function isPseudoGreedy(position: number, token: string): boolean {
  return (hashString32(`greedy\u0000${position}\u0000${token}`) & 3) !== 0;
}

function pseudoScored(text: string | readonly string[], firstPosition: number): ScoredToken[] {
  return (typeof text === "string" ? splitIntoTokens(text) : text).map((token, index) => {
    const position = firstPosition + index;
    return {
      token,
      logprob: position === 0 ? null : pseudoLogprob(position, token),
      isGreedy: isPseudoGreedy(position, token),
    };
  });
}

/**
 * Scores `prompt` — a text split into the mock's tokens, or the texts of given tokens (a prompt of token ids) —
 * then `generated`, when the answer follows it. With an oracle `match`, the prompt is the
 * sample's context (pseudo-logprobs) then the option, whose tokens share the option's total evenly.
 */
export function echoLogprobs(
  prompt: string | readonly string[],
  generated: readonly string[],
  match: LoglikelihoodMatch | undefined,
): CompletionLogprobs {
  let scored: ScoredToken[];
  if (match === undefined || typeof prompt !== "string") {
    scored = pseudoScored(prompt, 0);
  } else {
    const context = prompt.slice(0, prompt.length - match.continuation.length);
    scored = pseudoScored(context, 0);
    const optionTokens = splitIntoTokens(match.continuation);
    const isWinner = match.continuation === match.winner;
    const total = isWinner ? WINNER_LOGPROB : -(LOSER_BASE + Buffer.byteLength(match.continuation));
    for (const token of optionTokens) {
      const position = scored.length;
      const logprob = position === 0 ? null : total / optionTokens.length;
      scored.push({ token, logprob, isGreedy: isWinner });
    }
  }
  const promptCount = scored.length;
  generated.forEach((token, index) => {
    const position = promptCount + index;
    scored.push({ token, logprob: pseudoLogprob(position, token), isGreedy: true });
  });
  const logprobs: CompletionLogprobs = { tokens: [], token_logprobs: [], text_offset: [], top_logprobs: [] };
  let offset = 0;
  for (const { token, logprob, isGreedy } of scored) {
    logprobs.tokens.push(token);
    logprobs.token_logprobs.push(logprob);
    logprobs.text_offset.push(offset);
    logprobs.top_logprobs.push(logprob === null ? null : topLogprobs(token, logprob, isGreedy));
    for (const _ of token) offset++;
  }
  return logprobs;
}

/** `logprobs: 1`: the top token first, then the scored token when it is not the top one. */
function topLogprobs(token: string, logprob: number, isGreedy: boolean): Record<string, number> {
  if (isGreedy) return { [token]: logprob };
  const other = token === " the" ? " a" : " the";
  return { [other]: logprob / 2, [token]: logprob };
}
