/// <reference lib="dom" />
// The sample browser's pure parts: which samples pass the task, status and text filters (with the count each
// status would show), the search over the string table's texts (each distinct text lower-cased once, when a search
// first reaches it), a row's one-line preview, the virtualised list's visible range and the count line.
// Client code: exported function declarations only (see dom.ts).
import type { SampleData, SampleStatus } from "../report-model.js";
import { textOf } from "./dom.js";

/** Which samples the list shows. */
export interface SampleFilter {
  /** The task's index in the benchmark's `tasks`; null for every task. */
  task: number | null;
  /** The statuses wanted; empty for every status. */
  statuses: readonly SampleStatus[];
  /** Lower-cased search text; "" matches every sample. */
  query: string;
}

export interface FilterResult {
  /** Indices into the benchmark's samples of those that pass the filter, in journal order. */
  indices: number[];
  /** Per status, the samples that pass the task and text filters (what choosing that status would show). */
  statusCounts: Record<SampleStatus, number>;
}

/** The samples passing `filter`; `matches(index)` says whether sample `index` has the query (asked only if needed). */
export function filterSamples(
  samples: readonly SampleData[],
  filter: SampleFilter,
  matches: (index: number) => boolean,
): FilterResult {
  const indices: number[] = [];
  const statusCounts: Record<SampleStatus, number> = {
    correct: 0,
    incorrect: 0,
    unparsed: 0,
    truncated: 0,
    error: 0,
  };
  for (let index = 0; index < samples.length; index++) {
    const sample = samples[index];
    if (sample === undefined || (filter.task !== null && sample.task !== filter.task)) continue;
    if (filter.query !== "" && !matches(index)) continue;
    statusCounts[sample.status]++;
    if (filter.statuses.length === 0 || filter.statuses.includes(sample.status)) indices.push(index);
  }
  return { indices, statusCounts };
}

/**
 * Which string-table entries hold `query` (lower-cased): each entry is lower-cased once, on the first search that
 * reaches it, and kept in `lowered`; the answer for this query is memoised per entry. A search box's query has
 * no line break, and prompts are cut into blocks only after blank lines, so a match never spans two entries.
 */
export function stringSearch(
  strings: readonly string[],
  lowered: (string | undefined)[],
  query: string,
): (index: number) => boolean {
  const memo = new Int8Array(strings.length);
  return (index: number): boolean => {
    let known = memo[index] ?? 0;
    if (known === 0) {
      let text = lowered[index];
      if (text === undefined) {
        text = (strings[index] ?? "").toLowerCase();
        lowered[index] = text;
      }
      known = text.includes(query) ? 1 : 2;
      memo[index] = known;
    }
    return known === 1;
  };
}

/**
 * Whether a sample holds `query` (lower-cased) in its id, prompt (any turn), response, extracted answer or gold;
 * `contains` answers for one string-table entry (`stringSearch`), so text many prompts share is searched once.
 */
export function sampleHasText(
  sample: SampleData,
  query: string,
  contains: (index: number) => boolean,
): boolean {
  if (sample.id.toLowerCase().includes(query)) return true;
  if (contains(sample.response) || contains(sample.gold)) return true;
  if (sample.extracted !== null && contains(sample.extracted)) return true;
  const prompt = sample.prompt;
  if (prompt.form === "chat") return prompt.turns.some((turn) => turn.content.some(contains));
  return (prompt.form === "completion" ? prompt.text : prompt.tail).some(contains);
}

/** A row's one-line summary: the answer read (or the response's start when none was) against the gold answer. */
export function samplePreview(strings: readonly string[], sample: SampleData): string {
  const clip = (text: string): string => {
    const line = text.replace(/\s+/g, " ").trim();
    return line.length > 120 ? `${line.slice(0, 119)}…` : line;
  };
  const gold = clip(textOf(strings, sample.gold));
  if (sample.status === "error") {
    const failure = sample.errorClass === null ? "failed" : textOf(strings, sample.errorClass);
    return `${failure}: ${clip(textOf(strings, sample.gradeReason).replace(/^request error: /, ""))}`;
  }
  if (sample.extracted !== null) return `${clip(textOf(strings, sample.extracted))} · gold ${gold}`;
  const response = clip(textOf(strings, sample.response));
  return `nothing read from ${response === "" ? "an empty response" : `“${response}”`} · gold ${gold}`;
}

/** The rows to draw, [first, end): those in the viewport and `overscan` more on each side. */
export function visibleRows(options: {
  scrollTopPx: number;
  viewportPx: number;
  rowPx: number;
  count: number;
  overscan: number;
}): [number, number] {
  const { scrollTopPx, viewportPx, rowPx, count, overscan } = options;
  const first = Math.max(0, Math.floor(scrollTopPx / rowPx) - overscan);
  const end = Math.min(count, Math.ceil((scrollTopPx + viewportPx) / rowPx) + overscan);
  return [first, Math.max(first, end)];
}

/** "312 of 14,042 samples". */
export function sampleCountText(shown: number, total: number): string {
  return `${shown.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} sample${total === 1 ? "" : "s"}`;
}
