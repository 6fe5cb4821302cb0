// The report data as the page carries it, in two parts: the figures (everything but the samples and their texts),
// which the page decodes first and draws from, and the samples with the string table, decoded right after (a view
// that shows samples waits for them). Each part is JSON, gzipped (node:zlib, level 9), base64; the page decodes
// with the browser's own `DecompressionStream("gzip")`. In the samples part a chat prompt's turns are indices into
// one table of distinct turns (`chatTurns`): a few-shot turn shared by every question of a subject is written once.
// For the full MMLU the figures are ~0.2 MB of JSON and the samples ~12.6 MB: the page is drawn before the big part
// is read.
import { gunzipSync, gzipSync } from "node:zlib";
import type { ChatTurnData, SampleData } from "./report-model.js";
import { REPORT_DATA_VERSION } from "./report-model.js";

/** The report data once decoded: the page and the tests tell the kinds apart by `kind`. */
export interface EncodedReportHeader {
  kind: string;
  version: number;
}

/** The two parts, each gzip + base64. */
export interface EncodedReport {
  figures: string;
  samples: string;
}

interface WirePrompt {
  form: "chat";
  turnRefs: number[];
}

interface SamplesWire {
  strings: string[];
  chatTurns: ChatTurnData[];
  /** The sample lists in `sampleLists` order. */
  lists: unknown[];
}

/**
 * JSON with every non-ASCII character as its `\u` escape (four hex digits): the page's UTF-8 decoding then takes Chromium's
 * ASCII path and JSON.parse reads a one-byte string (for the full MMLU's samples, 12.6 MB with ~16k non-ASCII bytes,
 * the decoding went from ~260 ms to ~20 ms).
 */
function asciiJson(json: string): string {
  return json.replace(
    /[\u007f-\uffff]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

const gzipBase64 = (json: string): string =>
  gzipSync(Buffer.from(asciiJson(json), "latin1"), { level: 9 }).toString("base64");
const gunzipJson = (base64: string): unknown =>
  JSON.parse(gunzipSync(Buffer.from(base64, "base64")).toString("utf8"));

export function encodeReportData(data: EncodedReportHeader): EncodedReport {
  const figures = JSON.stringify(data, function (this: unknown, key, value: unknown) {
    if (this === data && key === "strings") return [];
    if (key === "samples" && Array.isArray(value)) return [];
    return value;
  });
  const turns: ChatTurnData[] = [];
  const turnIndex = new Map<string, number>();
  const intern = (turn: ChatTurnData): number => {
    const key = `${turn.role}\u0000${turn.content.join(",")}`;
    let index = turnIndex.get(key);
    if (index === undefined) {
      index = turns.length;
      turns.push(turn);
      turnIndex.set(key, index);
    }
    return index;
  };
  const lists = JSON.stringify(sampleLists(data), (_key, value: unknown) =>
    isChatPrompt(value) ? ({ form: "chat", turnRefs: value.turns.map(intern) } satisfies WirePrompt) : value,
  );
  const strings = "strings" in data && Array.isArray(data.strings) ? data.strings : [];
  const samples = `{"strings":${JSON.stringify(strings)},"chatTurns":${JSON.stringify(turns)},"lists":${lists}}`;
  return { figures: gzipBase64(figures), samples: gzipBase64(samples) };
}

function isChatPrompt(value: unknown): value is { form: "chat"; turns: ChatTurnData[] } {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { form?: unknown }).form === "chat" &&
    Array.isArray((value as { turns?: unknown }).turns)
  );
}

/** The inverse of `encodeReportData`, both parts put together; refuses data of another model version. */
export function decodeReportData(encoded: EncodedReport): EncodedReportHeader & Record<string, unknown> {
  const json = gunzipJson(encoded.figures);
  if (typeof json !== "object" || json === null || !("kind" in json) || !("version" in json)) {
    throw new Error("not report data: no kind or version.");
  }
  const { version } = json;
  if (version !== REPORT_DATA_VERSION) {
    throw new Error(`report data version ${String(version)}; this reader knows ${REPORT_DATA_VERSION}.`);
  }
  const wire = gunzipJson(encoded.samples) as SamplesWire;
  if ("strings" in json) (json as { strings: string[] }).strings = wire.strings;
  const holders = sampleHolders(json);
  holders.forEach((holder, at) => {
    const samples = (wire.lists[at] ?? []) as SampleData[];
    for (const sample of samples) {
      const prompt = sample.prompt as unknown as WirePrompt | SampleData["prompt"];
      if ("turnRefs" in prompt) {
        sample.prompt = {
          form: "chat",
          turns: prompt.turnRefs.map((index) => wire.chatTurns[index] as ChatTurnData),
        };
      }
    }
    holder.samples = samples;
  });
  return json as EncodedReportHeader & Record<string, unknown>;
}

/** The objects holding a `samples` list in report data: a run's benchmarks, or each compared run's. */
function sampleHolders(data: object): { samples?: unknown[] }[] {
  const sections = [
    ...("run" in data ? [data.run] : []),
    ...("runs" in data && Array.isArray(data.runs) ? data.runs : []),
  ] as { benchmarks?: { samples?: unknown[] }[] }[];
  return sections.flatMap((section) => section.benchmarks ?? []);
}

function sampleLists(data: object): unknown[][] {
  return sampleHolders(data).map((holder) => holder.samples ?? []);
}

/**
 * The page's decoders, to inline in a `<script>`: base64 → bytes (`Uint8Array.fromBase64` where the browser has it,
 * Chromium 140+) → gunzip through the browser's own
 * `DecompressionStream("gzip")` (Chromium 80+, Firefox 113+, Safari 16.4+; Node 18+ has the same globals) → JSON.
 * `decodeReportSamples` puts the second part into the first: the string table, and each sample list in its place
 * with its chat prompts' turns looked up in the shared table (the objects are shared, not copied).
 */
export const BROWSER_DECODE_SCRIPT = `async function gunzipReportJson(base64) {
  let bytes;
  if (typeof Uint8Array.fromBase64 === "function") {
    bytes = Uint8Array.fromBase64(base64);
  } else {
    const binary = atob(base64);
    bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  }
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(new TextDecoder().decode(await new Response(stream).arrayBuffer()));
}

async function decodeReportData(base64) {
  return await gunzipReportJson(base64);
}

async function decodeReportSamples(base64, report) {
  const wire = await gunzipReportJson(base64);
  if ("strings" in report) report.strings = wire.strings;
  const sections = report.run ? [report.run] : report.runs || [];
  let at = 0;
  for (const section of sections) {
    for (const benchmark of section.benchmarks || []) {
      const samples = wire.lists[at++] || [];
      for (const sample of samples) {
        const prompt = sample.prompt;
        if (prompt && prompt.turnRefs) {
          sample.prompt = { form: "chat", turns: prompt.turnRefs.map((index) => wire.chatTurns[index]) };
        }
      }
      benchmark.samples = samples;
    }
  }
  return report;
}`;
