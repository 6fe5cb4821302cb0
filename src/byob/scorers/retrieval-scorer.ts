// NeMo Evaluator BYOB's `retrieval_metrics`
// (NVIDIA-NeMo/Evaluator packages/nemo-evaluator/src/nemo_evaluator/contrib/byob/scorers.py@76c865c3c09132c1d102a0a84454c36823f19cff):
// precision@k, recall@k, MRR and NDCG from the row's `retrieved` (ordered) and `relevant` lists and optional `k`.
import { type ScorerInput, scorer } from "../scorer.js";

/** A list item as a set member: equal values of the same kind are one member, as in a Python set. */
function memberKey(item: unknown): string {
  return typeof item === "object" && item !== null ? JSON.stringify(item) : `${typeof item}:${String(item)}`;
}

export const retrievalMetrics = scorer(function retrieval_metrics(sample: ScorerInput) {
  const zero = { precision_at_k: 0, recall_at_k: 0, mrr: 0, ndcg: 0 };
  const retrieved = Array.isArray(sample.metadata["retrieved"])
    ? (sample.metadata["retrieved"] as unknown[])
    : [];
  const relevant = Array.isArray(sample.metadata["relevant"])
    ? (sample.metadata["relevant"] as unknown[])
    : [];
  if (retrieved.length === 0 || relevant.length === 0) return zero;
  const relevantSet = new Set(relevant.map(memberKey));
  const givenK = sample.metadata["k"];
  const k = typeof givenK === "number" && Number.isInteger(givenK) ? givenK : retrieved.length;
  const topK = retrieved.slice(0, Math.max(0, k));
  const isRelevant = (item: unknown) => relevantSet.has(memberKey(item));
  const hits = topK.filter(isRelevant).length;
  const firstRank = retrieved.findIndex(isRelevant);
  let dcg = 0;
  topK.forEach((item, index) => {
    if (isRelevant(item)) dcg += 1 / Math.log2(index + 2);
  });
  let idealDcg = 0;
  for (let rank = 1; rank <= Math.min(relevantSet.size, k); rank++) idealDcg += 1 / Math.log2(rank + 1);
  return {
    precision_at_k: k > 0 ? hits / k : 0,
    recall_at_k: hits / relevantSet.size,
    mrr: firstRank === -1 ? 0 : 1 / (firstRank + 1),
    ndcg: idealDcg > 0 ? dcg / idealDcg : 0,
  };
});
