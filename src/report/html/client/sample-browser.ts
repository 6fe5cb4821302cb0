/// <reference lib="dom" />
// The sample browser of a run's benchmark: filters by task, status and text (debounced; each distinct text
// lower-cased on the first search that reaches it and kept), a virtualised list (fixed-height rows, only the visible ones in
// the DOM, so the 14,042 samples of a full MMLU run scroll like ten), and the chosen sample's detail beside it.
// Client code: exported function declarations only (see dom.ts).
import type { BenchmarkData, SampleData, SampleStatus } from "../report-model.js";
import { formatMs, h } from "./dom.js";
import { sampleDetail } from "./sample-detail.js";
import {
  filterSamples,
  sampleCountText,
  sampleHasText,
  samplePreview,
  stringSearch,
  visibleRows,
} from "./sample-filter.js";

/** One row of the list: id, task and end-to-end latency over the status and the answer against the gold. */
export function sampleRow(
  strings: readonly string[],
  sample: SampleData,
  taskName: string,
  isSelected: boolean,
): HTMLElement {
  return h(
    "div",
    {
      class: isSelected ? "sample-row selected" : "sample-row",
      role: "option",
      "aria-selected": isSelected ? "true" : "false",
      "data-testid": "sample-row",
      "data-sample-id": sample.id,
    },
    h(
      "div",
      { class: "row-line" },
      h("span", { class: "sample-id" }, sample.id),
      h("span", { class: "task" }, taskName),
      h("span", { class: "latency", title: "end-to-end latency" }, formatMs(sample.timings.e2eMs)),
    ),
    h(
      "div",
      { class: "row-line" },
      h("span", { class: `badge status-${sample.status}` }, sample.status),
      h("span", { class: "preview" }, samplePreview(strings, sample)),
    ),
  );
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
  let matching: number[] = [];
  /** The open sample (index into samples), -1 for none; the cursor is its place in `matching`. */
  let selected = -1;
  let cursor = -1;
  /** The rows in the DOM by their place in `matching`. */
  const drawn = new Map<number, HTMLElement>();
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
    placeholder: "Search id, prompt, response, gold",
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

  /** Draws the rows in view; rows still in view stay the same nodes (a click in progress keeps its target). */
  function drawRows(rebuild: boolean): void {
    const [first, end] = visibleRows({
      scrollTopPx: list.scrollTop,
      viewportPx: viewportPx(),
      rowPx,
      count: matching.length,
      overscan: 6,
    });
    if (rebuild) {
      drawn.clear();
      spacer.replaceChildren();
    }
    for (const [position, row] of drawn) {
      if (position < first || position >= end) {
        row.remove();
        drawn.delete(position);
      }
    }
    // From the last row up, so each new row goes before its successor and the DOM order is the list's.
    let successor: HTMLElement | null = null;
    for (let position = end - 1; position >= first; position--) {
      let row = drawn.get(position);
      const index = matching[position] ?? -1;
      const sample = samples[index];
      if (row === undefined && sample !== undefined) {
        row = sampleRow(strings, sample, taskName(sample.task), index === selected);
        row.setAttribute("data-position", String(position));
        row.style.top = `${position * rowPx}px`;
        row.style.height = `${rowPx}px`;
        spacer.insertBefore(row, successor);
        drawn.set(position, row);
      }
      successor = row ?? successor;
    }
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
    for (const [at, row] of drawn) {
      row.classList.toggle("selected", at === position);
      row.setAttribute("aria-selected", at === position ? "true" : "false");
    }
    drawRows(false);
  }

  function update(): void {
    const query = filter.query;
    const contains = stringSearch(strings, lowered, query);
    const result = filterSamples(samples, filter, (index) => {
      const sample = samples[index];
      return sample !== undefined && sampleHasText(sample, query, contains);
    });
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
