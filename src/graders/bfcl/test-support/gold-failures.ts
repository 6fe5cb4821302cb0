// The ground truths BFCL's own checker rejects when they are given as answers (data errors, and Java conversions that
// keep quotes or drop a class body), by category and mode: pinned by the grader's real-data test (checked against
// BFCL's Python at gorilla 6ea57973) and expected by the benchmark's.
/** Gold answers BFCL itself rejects: data errors, and Java conversions that keep quotes or drop a class body. */
export const GOLD_FAILURES: Record<string, { fc: string[]; prompting: string[] }> = {
  simple_java: {
    fc: ["35", "36", "64", "65", "78", "83", "85", "86", "89", "90", "91"].map((id) => `simple_java_${id}`),
    prompting: ["1", "35", "36", "65", "67", "68", "78", "83", "85", "86", "89", "90", "91"].map(
      (id) => `simple_java_${id}`,
    ),
  },
  parallel_multiple: {
    fc: ["parallel_multiple_12", "parallel_multiple_26"],
    prompting: ["parallel_multiple_12", "parallel_multiple_26"],
  },
  live_simple: {
    fc: ["live_simple_106-63-0", "live_simple_112-68-0"],
    prompting: ["live_simple_106-63-0", "live_simple_112-68-0"],
  },
  live_multiple: {
    fc: ["live_multiple_507-149-4", "live_multiple_862-181-3", "live_multiple_964-207-0"],
    prompting: ["live_multiple_507-149-4", "live_multiple_862-181-3", "live_multiple_964-207-0"],
  },
};
