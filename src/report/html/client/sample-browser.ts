/// <reference lib="dom" />
// The sample browser of a run's benchmark: filters by task, status and text (debounced, over lower-cased texts
// built per sample on the first search and kept), a virtualised list (fixed-height rows, only the visible ones in
// the DOM, so the 14,042 samples of a full MMLU run scroll like ten), and the chosen sample's detail beside it.
// Client code: exported function declarations only (see dom.ts).
import type { BenchmarkData, SampleData, SampleStatus } from "../report-model.js";
import { formatMs, h, textOf } from "./dom.js";
import { sampleDetail } from "./sample-detail.js";

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

/** The samples passing `filter`; `searchText(index)` is sample `index`'s lower-cased text (asked only if needed). */
export function filterSamples(
  samples: readonly SampleData[],
  filter: SampleFilter,
  searchText: (index: number) => string,
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
    if (filter.query !== "" && !searchText(index).includes(filter.query)) continue;
    statusCounts[sample.status]++;
    if (filter.statuses.length === 0 || filter.statuses.includes(sample.status)) indices.push(index);
  }
  return { indices, statusCounts };
}

/**
 * What a search looks in, lower-cased: the sample's id, prompt (every turn), response, extracted answer and gold,
 * a line apart. `lowered` caches each string-table entry lower-cased, so the few-shot blocks many prompts share
 * are lower-cased once.
 */
export function sampleSearchText(
  strings: readonly string[],
  sample: SampleData,
  lowered: (string | undefined)[],
): string {
  const lower = (index: number): string => {
    let text = lowered[index];
    if (text === undefined) {
      text = (strings[index] ?? "").toLowerCase();
      lowered[index] = text;
    }
    return text;
  };
  const parts: string[] = [sample.id.toLowerCase()];
  const prompt = sample.prompt;
  const refs = prompt.form === "chat" ? prompt.turns.map((turn) => turn.content) : [];
  if (prompt.form === "completion") refs.push(prompt.text);
  if (prompt.form === "digest") refs.push(prompt.tail);
  for (const ref of refs) parts.push(ref.map(lower).join(""));
  parts.push(lower(sample.response));
  if (sample.extracted !== null) parts.push(lower(sample.extracted));
  parts.push(lower(sample.gold));
  return parts.join("\n");
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

/**
 * The browser of one benchmark's samples (`data-benchmark`): task select, status toggles with counts and search
 * box above a virtualised list (`data-testid="sample-list"`, `data-count`: samples passing the filters); a click,
 * Enter or the arrow keys open a sample's detail beside the list.
 */
export function sampleBrowser(strings: readonly string[], benchmark: BenchmarkData): HTMLElement {
  const rowPx = 46;
  const statuses: SampleStatus[] = ["correct", "incorrect", "unparsed", "truncated", "error"];
  const samples = benchmark.samples;
  const taskName = (task: number): string => benchmark.tasks[task]?.task ?? "";
  const filter: { task: number | null; statuses: SampleStatus[]; query: string } = {
    task: null,
    statuses: [],
    query: "",
  };
  const lowered: (string | undefined)[] = [];
  const searchTexts: (string | undefined)[] = [];
  const searchText = (index: number): string => {
    let text = searchTexts[index];
    if (text === undefined) {
      const sample = samples[index];
      text = sample === undefined ? "" : sampleSearchText(strings, sample, lowered);
      searchTexts[index] = text;
    }
    return text;
  };
  let matching: number[] = [];
  /** The open sample (index into samples), -1 for none; the cursor is its place in `matching`. */
  let selected = -1;
  let cursor = -1;
  let drawn = "";
  let frame = 0;
  let debounce: ReturnType<typeof setTimeout> | undefined;

  const taskCounts = benchmark.tasks.map(() => 0);
  for (const sample of samples) taskCounts[sample.task] = (taskCounts[sample.task] ?? 0) + 1;
  const taskSelect = h(
    "select",
    {
      "data-testid": "filter-task",
      "aria-label": "Task",
      onchange: (event: Event) => {
        const value = (event.target as HTMLSelectElement).value;
        const task = benchmark.tasks.findIndex((row) => row.task === value);
        filter.task = task === -1 ? null : task;
        update();
      },
    },
    h("option", { value: "" }, `All tasks (${samples.length.toLocaleString("en-US")})`),
    benchmark.tasks.map((row, index) =>
      h("option", { value: row.task }, `${row.task} (${(taskCounts[index] ?? 0).toLocaleString("en-US")})`),
    ),
  );
  const statusButtons = statuses.map((status) =>
    h(
      "button",
      {
        type: "button",
        class: "status-filter",
        "data-testid": `filter-status-${status}`,
        "aria-pressed": "false",
        title: `Show ${status} samples (toggle; none pressed shows every status)`,
        onclick: () => {
          const at = filter.statuses.indexOf(status);
          if (at === -1) filter.statuses.push(status);
          else filter.statuses.splice(at, 1);
          update();
        },
      },
      h("span", { class: `dot status-${status}` }),
      status,
      h("span", { class: "count" }),
    ),
  );
  const search = h("input", {
    type: "search",
    "data-testid": "sample-search",
    placeholder: "Search id, prompt, response, answer, gold",
    "aria-label": "Search samples",
    oninput: (event: Event) => {
      const query = (event.target as HTMLInputElement).value.trim().toLowerCase();
      clearTimeout(debounce);
      debounce = setTimeout(() => {
        if (query === filter.query) return;
        filter.query = query;
        update();
      }, 180);
    },
  });
  const countLabel = h("span", { class: "sample-count", "data-testid": "sample-count" });
  const spacer = h("div", { class: "sample-list-spacer" });
  const emptyNote = h("p", { class: "empty" }, "No sample matches these filters.");
  const list = h("div", {
    class: "sample-list",
    "data-testid": "sample-list",
    role: "listbox",
    tabindex: "0",
    "aria-label": `Samples of ${benchmark.name}`,
    onscroll: () => {
      if (frame === 0) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          drawRows(false);
        });
      }
    },
    onclick: (event: Event) => {
      const row = (event.target as Element).closest(".sample-row");
      if (row !== null) open(Number(row.getAttribute("data-position")));
    },
    onkeydown: (event: KeyboardEvent) => {
      const page = Math.max(1, Math.floor(viewportPx() / rowPx) - 1);
      const moves: Record<string, number> = {
        ArrowDown: cursor + 1,
        ArrowUp: cursor - 1,
        PageDown: cursor + page,
        PageUp: cursor - page,
        Home: 0,
        End: matching.length - 1,
        Enter: Math.max(cursor, 0),
      };
      const target = moves[event.key];
      if (target === undefined || matching.length === 0) return;
      event.preventDefault();
      open(Math.min(matching.length - 1, Math.max(0, target)));
    },
  });
  list.append(spacer);
  const detailPane = h(
    "div",
    { class: "sample-detail-pane", "aria-live": "polite" },
    h(
      "p",
      { class: "empty" },
      "Choose a sample (click, or the arrow keys in the list) to see its prompt and grade.",
    ),
  );

  function viewportPx(): number {
    // Before the view is laid out (it is built detached) the list has no height: draw a screenful anyway.
    return list.clientHeight > 0 ? list.clientHeight : 800;
  }

  function drawRows(force: boolean): void {
    const [first, end] = visibleRows({
      scrollTopPx: list.scrollTop,
      viewportPx: viewportPx(),
      rowPx,
      count: matching.length,
      overscan: 6,
    });
    const key = `${first}:${end}`;
    if (!force && key === drawn) return;
    drawn = key;
    const rows: HTMLElement[] = [];
    for (let position = first; position < end; position++) {
      const index = matching[position] ?? -1;
      const sample = samples[index];
      if (sample === undefined) continue;
      const row = h(
        "div",
        {
          class: index === selected ? "sample-row selected" : "sample-row",
          role: "option",
          "aria-selected": index === selected ? "true" : "false",
          "data-testid": "sample-row",
          "data-sample-id": sample.id,
          "data-position": String(position),
        },
        h(
          "div",
          { class: "row-line" },
          h("span", { class: "sample-id" }, sample.id),
          h("span", { class: "task" }, taskName(sample.task)),
          h("span", { class: "latency", title: "end-to-end latency" }, formatMs(sample.timings.e2eMs)),
        ),
        h(
          "div",
          { class: "row-line" },
          h("span", { class: `badge status-${sample.status}` }, sample.status),
          h("span", { class: "preview" }, samplePreview(strings, sample)),
        ),
      );
      row.style.top = `${position * rowPx}px`;
      row.style.height = `${rowPx}px`;
      rows.push(row);
    }
    spacer.replaceChildren(...rows);
  }

  function open(position: number): void {
    const sample = samples[matching[position] ?? -1];
    if (sample === undefined) return;
    cursor = position;
    selected = matching[position] ?? -1;
    detailPane.replaceChildren(sampleDetail(strings, sample, taskName(sample.task)));
    detailPane.scrollTop = 0;
    const top = position * rowPx;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + rowPx > list.scrollTop + viewportPx()) list.scrollTop = top + rowPx - viewportPx();
    drawRows(true);
  }

  function update(): void {
    const result = filterSamples(samples, filter, searchText);
    matching = result.indices;
    cursor = matching.indexOf(selected);
    countLabel.textContent = sampleCountText(matching.length, samples.length);
    list.setAttribute("data-count", String(matching.length));
    spacer.style.height = `${matching.length * rowPx}px`;
    emptyNote.hidden = matching.length > 0;
    statuses.forEach((status, at) => {
      const button = statusButtons[at];
      if (button === undefined) return;
      button.setAttribute("aria-pressed", filter.statuses.includes(status) ? "true" : "false");
      button.setAttribute("data-value", String(result.statusCounts[status]));
      const count = button.querySelector(".count");
      if (count !== null) count.textContent = result.statusCounts[status].toLocaleString("en-US");
    });
    list.scrollTop = 0;
    drawRows(true);
  }

  list.append(emptyNote);
  if (typeof ResizeObserver === "function") new ResizeObserver(() => drawRows(false)).observe(list);
  update();
  return h(
    "section",
    { class: "section sample-browser", "data-benchmark": benchmark.name },
    h("h2", null, `${benchmark.name} samples`),
    h("div", { class: "controls" }, taskSelect, ...statusButtons, search, countLabel),
    samples.length === 0
      ? h("p", { class: "empty" }, "The journal has no sample of this benchmark.")
      : h("div", { class: "sample-panes" }, list, detailPane),
  );
}
