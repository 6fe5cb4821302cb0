/// <reference lib="dom" />
// The sample browser of a run's benchmark (filled in by the sample-browser work).
// Client code: exported function declarations only (see dom.ts).
import type { BenchmarkData } from "../report-model.js";
import { h } from "./dom.js";

export function sampleBrowser(_strings: readonly string[], benchmark: BenchmarkData): HTMLElement {
  return h("div", { class: "sample-browser" }, `${benchmark.samples.length} samples`);
}
