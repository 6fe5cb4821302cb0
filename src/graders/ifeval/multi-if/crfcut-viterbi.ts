// CRFsuite's Viterbi decoding (crf1d_tag.c state scores, crf1d_context.c `crf1dc_viterbi`) with crfcut's model.
import type { CrfcutModel } from "./crfcut-model.js";

/**
 * The state scores of one item: the weights of its known attributes added up in the item's order, per label
 * (`crf1dt_state_score`). CRFsuite looks an attribute up as a C string, so a NUL ends its name.
 */
function stateScores(attributes: readonly string[], model: CrfcutModel): [number, number] {
  const scores: [number, number] = [0, 0];
  for (const attribute of attributes) {
    const nul = attribute.indexOf("\0");
    const weights = model.stateWeights.get(nul === -1 ? attribute : attribute.slice(0, nul));
    if (weights === undefined) continue;
    scores[0] += weights[0];
    scores[1] += weights[1];
  }
  return scores;
}

/**
 * The best label sequence (0 = `I`, 1 = `E`) for items given as attribute lists, as CRFsuite's tagger picks it:
 * scores in the log domain, the first label wins a tie (a later one must score strictly more), and the last
 * item's best label is traced back.
 */
export function crfcutViterbi(items: readonly (readonly string[])[], model: CrfcutModel): number[] {
  const labelCount = 2;
  if (items.length === 0) return [];
  const backPointers: number[][] = [];
  let previous: number[] = stateScores(items[0] ?? [], model);
  for (let t = 1; t < items.length; t++) {
    const state = stateScores(items[t] ?? [], model);
    const current = [0, 0];
    const back = [0, 0];
    for (let to = 0; to < labelCount; to++) {
      let maxScore = -Number.MAX_VALUE;
      let argmax = -1;
      for (let from = 0; from < labelCount; from++) {
        const score = (previous[from] ?? 0) + (model.transitions[from]?.[to] ?? 0);
        if (maxScore < score) {
          maxScore = score;
          argmax = from;
        }
      }
      if (argmax >= 0) back[to] = argmax;
      current[to] = maxScore + (state[to] ?? 0);
    }
    backPointers[t] = back;
    previous = current;
  }
  const labels = new Array<number>(items.length).fill(0);
  let maxScore = -Number.MAX_VALUE;
  for (let label = 0; label < labelCount; label++) {
    const score = previous[label] ?? 0;
    if (maxScore < score) {
      maxScore = score;
      labels[items.length - 1] = label;
    }
  }
  for (let t = items.length - 2; t >= 0; t--) labels[t] = backPointers[t + 1]?.[labels[t + 1] ?? 0] ?? 0;
  return labels;
}
