// `llm-bench byob new NAME`: a commented starter definition and a three-row dataset to edit, never over a file.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ConfigError } from "../errors.js";
import { normalizeBenchmarkName } from "./normalize-benchmark-name.js";

const ROWS = [
  { question: "What is the capital of France?", answer: "Paris" },
  { question: "How many legs does a spider have?", answer: "8" },
  { question: "Which planet is known as the Red Planet?", answer: "Mars" },
];

function starter(name: string, datasetFile: string): string {
  return `// A benchmark of your own: \`llm-bench byob validate ./${name}.ts\` checks it,
// \`llm-bench run ./${name}.ts --base-url http://127.0.0.1:8000/v1\` runs it. The guide: docs/BYOB.md.
import { benchmark, type ScorerInput, scorer } from "llm-benchmarker";

export default benchmark(
  {
    name: "${name}",
    // A .jsonl/.json/.csv/.parquet file (relative to this one), or hf://org/name?split=test
    dataset: "./${datasetFile}",
    // Python str.format fields from each row ({{ and }} for braces); Jinja when it holds {% or {#.
    prompt: "Answer in one word or number.\\nQuestion: {question}\\nAnswer:",
    // The ground-truth column (default "target").
    targetField: "answer",
    // endpointType: "chat" (default), "completions" or "completions_logprob" (with choices / choicesField).
    // systemPrompt: "You are a careful assistant.",
    // numFewshot: 2, fewshotSplit: "train", fewshotPrefix: "", fewshotSeparator: "\\n\\n",
    // responseField: "model_output", // eval-only: grade a saved answer column, send nothing
    // extra: { threshold: 0.5 },     // given to a two-parameter scorer as config.extra
  },
  // Named booleans and numbers; \`correct\` (or the first boolean) is the accuracy. It may be async.
  scorer((sample: ScorerInput) => ({
    correct: sample.response.trim().toLowerCase().startsWith(sample.target.toLowerCase()),
  })),
);
`;
}

/** Writes `<name>.ts` and `<name>.jsonl` in `dir`; returns their paths. An existing file is a ConfigError. */
export function writeStarterDefinition(name: string, dir: string): string[] {
  const normalized = normalizeBenchmarkName(name);
  const definition = path.resolve(dir, `${normalized}.ts`);
  const dataset = path.resolve(dir, `${normalized}.jsonl`);
  for (const file of [definition, dataset]) {
    if (existsSync(file)) throw new ConfigError(`${file} already exists; choose another name or --dir.`);
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(definition, starter(normalized, path.basename(dataset)));
  writeFileSync(dataset, `${ROWS.map((row) => JSON.stringify(row)).join("\n")}\n`);
  return [definition, dataset];
}
