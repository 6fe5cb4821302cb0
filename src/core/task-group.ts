// A summary score over several tasks of a benchmark, as its reference reports it (BFCL's non-live AST, live AST).

/**
 * `pooled`: Σ correct / Σ graded over its tasks (a Wilson CI, as the overall accuracy). `mean`: the mean of the
 * tasks' accuracies with the given weights (normalised to sum 1), each task counting by its weight whatever its
 * size; its CI is the Wald interval of that mean from the tasks' binomial variances.
 */
export type TaskGroup =
  | { readonly name: string; readonly kind: "pooled"; readonly tasks: readonly string[] }
  | { readonly name: string; readonly kind: "mean"; readonly weights: Readonly<Record<string, number>> };
