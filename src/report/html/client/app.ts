/// <reference lib="dom" />
// The report page's entry: decodes the inlined figures, draws the header and the view tabs, and renders each view
// when its tab is first shown (a hidden view has no width to draw charts in, and the first paint stays quick);
// then decodes the samples part, which the views that show samples wait for.
// Client code: function declarations only (see dom.ts).
import type { ComparisonReportData } from "../comparison-data.js";
import type { ProfileReportData } from "../profile-report-data.js";
import type { RunReportData } from "../report-model.js";
import { comparisonViews } from "./comparison-view.js";
import { h } from "./dom.js";
import { profileViews } from "./profile-view.js";
import { runViews } from "./run-view.js";

/** One tab of the page. */
export interface ReportView {
  /** The URL fragment selecting it (`#samples`) and its test hook (`data-view`). */
  id: string;
  title: string;
  render: () => HTMLElement;
  /** It shows samples or their texts: it is drawn once the samples part is decoded. */
  needsSamples?: boolean;
}

export type AnyReportData = RunReportData | ProfileReportData | ComparisonReportData;

export async function startReport(): Promise<void> {
  const main = document.getElementById("report-main");
  const nav = document.getElementById("report-nav");
  const header = document.getElementById("report-header");
  const source = document.getElementById("report-data");
  if (main === null || nav === null || header === null || source === null) return;
  let data: AnyReportData;
  try {
    data = (await decodeReportData(source.textContent ?? "")) as AnyReportData;
    if (data.version !== reportDataVersion()) {
      throw new Error(`report data version ${data.version}; this page reads version ${reportDataVersion()}`);
    }
  } catch (error) {
    main.replaceChildren(h("p", { class: "failure" }, `This report cannot be read: ${String(error)}`));
    throw error;
  }
  header.replaceChildren(...reportHeader(data));
  const views =
    data.kind === "run"
      ? runViews(data)
      : data.kind === "profile"
        ? profileViews(data)
        : comparisonViews(data);
  let isSamplesLoaded = false;
  let samplesLoaded: Promise<unknown> | undefined;
  const loadSamples = (): Promise<unknown> => {
    samplesLoaded ??= documentParsed()
      .then(() => decodeReportSamples(document.getElementById("report-samples")?.textContent ?? "", data))
      .then(() => {
        isSamplesLoaded = true;
        document.body.setAttribute("data-samples-ready", "true");
      });
    return samplesLoaded;
  };
  const rendered = new Map<string, HTMLElement>();
  const tabs = views.map((view) =>
    h("a", { href: `#${view.id}`, class: "tab", "data-tab": view.id, role: "tab" }, view.title),
  );
  nav.replaceChildren(...tabs);
  /** Shows the view the URL names (`#id`, or `#id?…` for a view's own state); resolves once it is drawn. */
  const show = async (): Promise<void> => {
    const wanted = location.hash.slice(1).split("?")[0];
    const view = views.find((candidate) => candidate.id === wanted) ?? views[0];
    if (view === undefined) return;
    for (const tab of tabs) tab.classList.toggle("active", tab.getAttribute("data-tab") === view.id);
    for (const [id, element] of rendered) element.hidden = id !== view.id;
    let element = rendered.get(view.id);
    if (element !== undefined) return;
    const drawn = h("div", { class: "view", "data-view": view.id });
    element = drawn;
    main.append(drawn);
    rendered.set(view.id, drawn);
    main.querySelector(".loading")?.remove();
    if (view.needsSamples === true && !isSamplesLoaded) {
      drawn.append(h("p", { class: "loading" }, "Reading the samples…"));
      await loadSamples();
      drawn.replaceChildren();
    }
    drawn.append(view.render());
    drawn.setAttribute("data-rendered", "true");
  };
  window.addEventListener("hashchange", () => {
    show().catch((error: unknown) => console.error(error));
  });
  // The samples part starts decoding now: its base64 and gunzip run while the first view is drawn.
  const samples = loadSamples();
  await show();
  window.llmBenchReportReadyMs = performance.now();
  document.body.setAttribute("data-ready", "true");
  await samples;
}

/** Resolves once the whole page is parsed (the samples part comes last in it). */
export function documentParsed(): Promise<void> {
  if (document.readyState !== "loading") return Promise.resolve();
  return new Promise((resolve) =>
    document.addEventListener("DOMContentLoaded", () => resolve(), { once: true }),
  );
}

/** The data model version this page reads (`REPORT_DATA_VERSION`, substituted by the page builder). */
export function reportDataVersion(): number {
  return Number(document.body.getAttribute("data-version"));
}

export function reportHeader(data: AnyReportData): HTMLElement[] {
  if (data.kind === "run") {
    const run = data.run;
    return [
      h("h1", null, `Run ${run.label}`),
      h(
        "p",
        { class: "meta" },
        `${run.model} · ${run.command} · ${run.status} · ${run.createdAt} · ${run.runDir}`,
      ),
    ];
  }
  if (data.kind === "profile") {
    const profile = data.profile;
    return [
      h("h1", null, `Profile ${profile.label}`),
      h("p", { class: "meta" }, `${profile.model} · ${profile.status} · ${profile.runDir}`),
    ];
  }
  return [
    h("h1", null, `Comparison of ${data.runs.length} runs`),
    h("p", { class: "meta" }, data.runs.map((run) => `${run.label} (${run.model})`).join(" · ")),
  ];
}
