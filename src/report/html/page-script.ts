// The report page's script: the client modules (client/*.ts) inlined by their functions' source text, after the
// data decoder, ending with the call that starts the page. The client files export only function declarations
// (their compiled source is valid browser JavaScript on its own: imports between them are of names that are all
// global once inlined together, and type imports are erased).
import * as app from "./client/app.js";
import * as charts from "./client/charts.js";
import * as comparisonAccuracy from "./client/comparison-accuracy.js";
import * as comparisonFlips from "./client/comparison-flips.js";
import * as comparisonLatency from "./client/comparison-latency.js";
import * as comparisonView from "./client/comparison-view.js";
import * as differencePlot from "./client/difference-plot.js";
import * as dom from "./client/dom.js";
import * as profileGoodputView from "./client/profile-goodput-view.js";
import * as profileThroughputView from "./client/profile-throughput-view.js";
import * as profileView from "./client/profile-view.js";
import * as runView from "./client/run-view.js";
import * as sampleBrowser from "./client/sample-browser.js";
import * as sampleDetail from "./client/sample-detail.js";
import * as sampleFilter from "./client/sample-filter.js";
import { BROWSER_DECODE_SCRIPT } from "./encode-report-data.js";

const CLIENT_MODULES: Record<string, Record<string, unknown>> = {
  dom,
  charts,
  "sample-detail": sampleDetail,
  "sample-filter": sampleFilter,
  "sample-browser": sampleBrowser,
  "run-view": runView,
  "profile-view": profileView,
  "profile-throughput-view": profileThroughputView,
  "profile-goodput-view": profileGoodputView,
  "difference-plot": differencePlot,
  "comparison-accuracy": comparisonAccuracy,
  "comparison-flips": comparisonFlips,
  "comparison-latency": comparisonLatency,
  "comparison-view": comparisonView,
  app,
};

/** The source of every exported function of the client modules; refuses anything that would not run alone. */
export function clientSource(): string {
  const parts: string[] = [];
  // Every name is global in the page: a second declaration of a name would silently replace the first.
  const owners = new Map<string, string>();
  for (const [name, module] of Object.entries(CLIENT_MODULES)) {
    for (const [exported, value] of Object.entries(module)) {
      const owner = owners.get(exported);
      if (owner !== undefined) {
        throw new Error(`report client modules ${owner} and ${name} both export ${exported}.`);
      }
      owners.set(exported, name);
      if (typeof value !== "function") {
        throw new Error(
          `report client module ${name} exports ${exported}, which is not a function declaration.`,
        );
      }
      const source = Function.prototype.toString.call(value);
      if (!/^(async )?function[\s*]/.test(source)) {
        throw new Error(`report client module ${name}: ${exported} is not a function declaration.`);
      }
      // A test transform (vitest's) rewrites calls to imported names; the page needs the compiled build's text.
      if (source.includes("__vite_ssr_") || source.includes("__vi_import_")) {
        throw new Error(
          "the report page's script must come from the compiled build (dist/), not a test transform of src/.",
        );
      }
      parts.push(source);
    }
  }
  return parts.join("\n\n");
}

/** The page's whole script: decoder, client code, start. */
export function pageScript(): string {
  return `"use strict";\n${BROWSER_DECODE_SCRIPT}\n\n${clientSource()}\n\nstartReport().catch((error) => console.error(error));\n`;
}
