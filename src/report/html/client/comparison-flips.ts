/// <reference lib="dom" />
// The comparison's "Flipped samples" view: per benchmark and candidate, the samples the baseline got right and the
// candidate wrong, and the other way round (filterable by task, shown a page at a time); a row opens the two runs'
// versions of the sample side by side.
// Client code: exported function declarations only (see dom.ts).
import type {
  BenchmarkComparisonData,
  ComparisonReportData,
  FlipData,
  FlipsData,
} from "../comparison-data.js";
import type { SampleData } from "../report-model.js";
import { comparisonBenchmarkOf, comparisonRunName } from "./comparison-view.js";
import { h, section, textOf } from "./dom.js";
import { sampleDetail } from "./sample-detail.js";

export function comparisonFlips(data: ComparisonReportData): HTMLElement {
  const blocks = data.benchmarks.filter((benchmark) => benchmark.flips.length > 0);
  if (blocks.length === 0) {
    return h("p", { class: "empty" }, "No benchmark has samples graded in two runs: nothing flipped.");
  }
  return h(
    "div",
    null,
    h(
      "p",
      { class: "note" },
      "Samples graded in both runs with opposite verdicts. Click a row to see the two runs' answers side by side.",
    ),
    ...blocks.map((benchmark) =>
      section(
        benchmark.benchmark,
        ...benchmark.flips.map((flips) => comparisonFlipBlock(data, benchmark, flips)),
      ),
    ),
  );
}

/** One candidate against the baseline: a task filter and the two lists. */
export function comparisonFlipBlock(
  data: ComparisonReportData,
  benchmark: BenchmarkComparisonData,
  flips: FlipsData,
): HTMLElement {
  const lists = h("div", null);
  const tasks = [...new Set([...flips.rightToWrong, ...flips.wrongToRight].map((flip) => flip.task))].sort();
  const fill = (task: string) => {
    const keep = (flip: FlipData) => task === "" || flip.task === task;
    lists.replaceChildren(
      comparisonFlipList(data, benchmark, flips, "right-to-wrong", flips.rightToWrong.filter(keep)),
      comparisonFlipList(data, benchmark, flips, "wrong-to-right", flips.wrongToRight.filter(keep)),
    );
  };
  fill("");
  const filter =
    tasks.length > 1
      ? h(
          "div",
          { class: "controls" },
          h(
            "label",
            null,
            "Task ",
            h(
              "select",
              {
                "data-testid": "flip-task-filter",
                onchange: (event: Event) => fill((event.target as HTMLSelectElement).value),
              },
              h("option", { value: "" }, `all (${tasks.length} with flips)`),
              ...tasks.map((task) => h("option", { value: task }, task)),
            ),
          ),
        )
      : null;
  return h(
    "div",
    {
      class: "flip-block",
      "data-testid": "flip-block",
      "data-benchmark": benchmark.benchmark,
      "data-baseline": flips.baseline,
      "data-candidate": flips.candidate,
    },
    h(
      "h3",
      null,
      `${comparisonRunName(data, flips.candidate)} against ${comparisonRunName(data, flips.baseline)}: ` +
        `${flips.rightToWrong.length.toLocaleString()} right → wrong, ${flips.wrongToRight.length.toLocaleString()} wrong → right`,
    ),
    filter,
    lists,
  );
}

/** Rows shown at first and added by each "show more". */
export function comparisonFlipPageSize(): number {
  return 100;
}

/** One direction's flips as a table, a page at a time. */
export function comparisonFlipList(
  data: ComparisonReportData,
  benchmark: BenchmarkComparisonData,
  flips: FlipsData,
  direction: "right-to-wrong" | "wrong-to-right",
  list: readonly FlipData[],
): HTMLElement {
  const title = direction === "right-to-wrong" ? "Right → wrong" : "Wrong → right";
  const wrapper = h("div", { class: "flip-list", "data-testid": "flip-list", "data-direction": direction });
  wrapper.append(h("h4", null, `${title} (${list.length.toLocaleString()})`));
  if (list.length === 0) {
    wrapper.append(h("p", { class: "empty" }, "None."));
    return wrapper;
  }
  const header = [
    "Sample",
    "Task",
    comparisonRunName(data, flips.baseline),
    comparisonRunName(data, flips.candidate),
    "Gold",
  ];
  const body = h("tbody", null);
  const more = h("button", { type: "button", class: "more", "data-testid": "flip-more" });
  const showMore = () => {
    const start = body.querySelectorAll("tr.flip-row").length;
    const end = Math.min(list.length, start + comparisonFlipPageSize());
    for (const flip of list.slice(start, end))
      body.append(comparisonFlipRow(data, benchmark, flips, direction, flip));
    more.hidden = end >= list.length;
    more.textContent = `Show ${Math.min(comparisonFlipPageSize(), list.length - end).toLocaleString()} more of ${(list.length - end).toLocaleString()}`;
  };
  more.addEventListener("click", showMore);
  showMore();
  wrapper.append(
    h(
      "table",
      { class: "grid flips" },
      h("thead", null, h("tr", null, ...header.map((cell) => h("th", null, cell)))),
      body,
    ),
    more,
  );
  return wrapper;
}

/** A flipped sample's row: its id, task and both runs' extracted answers; a click opens or closes the two runs' sides. */
export function comparisonFlipRow(
  data: ComparisonReportData,
  benchmark: BenchmarkComparisonData,
  flips: FlipsData,
  direction: string,
  flip: FlipData,
): HTMLElement {
  const baseline = comparisonSampleOf(data, benchmark, flips.baseline, flip.baselineSample);
  const candidate = comparisonSampleOf(data, benchmark, flips.candidate, flip.candidateSample);
  const answer = (sample: SampleData | null) =>
    sample === null
      ? "–"
      : sample.extracted === null
        ? h("em", null, "nothing extracted")
        : textOf(data.strings, sample.extracted);
  const row = h(
    "tr",
    {
      class: "flip-row",
      "data-testid": "flip-row",
      "data-sample-id": flip.id,
      "data-direction": direction,
      "data-task": flip.task,
      tabindex: 0,
      "aria-expanded": "false",
    },
    h("td", { class: "sample-id" }, flip.id),
    h("td", null, flip.task),
    h("td", { class: direction === "right-to-wrong" ? "right" : "wrong" }, answer(baseline)),
    h("td", { class: direction === "right-to-wrong" ? "wrong" : "right" }, answer(candidate)),
    h("td", null, baseline === null ? "–" : textOf(data.strings, baseline.gold)),
  );
  const toggle = () => {
    const next = row.nextElementSibling;
    if (next?.classList.contains("flip-detail-row")) {
      next.remove();
      row.setAttribute("aria-expanded", "false");
      return;
    }
    row.after(
      h(
        "tr",
        { class: "flip-detail-row" },
        h("td", { colspan: 5 }, comparisonFlipDetail(data, benchmark, flips, flip, baseline, candidate)),
      ),
    );
    row.setAttribute("aria-expanded", "true");
  };
  row.addEventListener("click", toggle);
  row.addEventListener("keydown", (event: KeyboardEvent) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      toggle();
    }
  });
  return row;
}

/** A run's sample of the benchmark by its place in that run's list, or null when missing. */
export function comparisonSampleOf(
  data: ComparisonReportData,
  benchmark: BenchmarkComparisonData,
  run: number,
  place: number,
): SampleData | null {
  return comparisonBenchmarkOf(data, benchmark, run)?.samples[place] ?? null;
}

/** The two runs' versions of a flipped sample side by side. */
export function comparisonFlipDetail(
  data: ComparisonReportData,
  benchmark: BenchmarkComparisonData,
  flips: FlipsData,
  flip: FlipData,
  baseline: SampleData | null,
  candidate: SampleData | null,
): HTMLElement {
  const side = (run: number, role: string, sample: SampleData | null) => {
    const result = comparisonBenchmarkOf(data, benchmark, run);
    const taskName = sample === null ? flip.task : (result?.tasks[sample.task]?.task ?? flip.task);
    return h(
      "div",
      { class: "side", "data-run": run, "data-role": role },
      h("h4", null, `${role}: ${comparisonRunName(data, run)}`),
      sample === null
        ? h("p", { class: "empty" }, "This run's journal has no record of the sample.")
        : sampleDetail(data.strings, sample, taskName),
    );
  };
  return h(
    "div",
    { class: "side-by-side", "data-testid": "flip-detail", "data-sample-id": flip.id },
    side(flips.baseline, "baseline", baseline),
    side(flips.candidate, "candidate", candidate),
  );
}
