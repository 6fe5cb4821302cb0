// User benchmarks through real runs: definition files (TypeScript and YAML) written to a temporary folder, run by
// `runBenchmarks` against the oracle mock server (which loads the same files), or with no server (eval-only).
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { SampleRecord } from "../core/sample-record.js";
import { createDatasetContext } from "../datasets/create-dataset-context.js";
import { ConfigError } from "../errors.js";
import { loadOracleBenchmarks } from "../mock-server/load-oracle-benchmarks.js";
import { type MockServer, startMockServer } from "../mock-server/start-mock-server.js";
import { runBenchmarks } from "../runner/run-benchmarks.js";
import { findDefinedBenchmarks } from "./find-definition-files.js";
import { removeTempFolders, tempFolder } from "./test-support/temp-folder.js";

const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(removeTempFolders);

const QA = [
  { q: "Capital of France?", a: "Paris", level: "easy" },
  { q: "Legs of a spider?", a: "8", level: "easy" },
  { q: "Red planet?", a: "Mars", level: "easy" },
  { q: "Largest ocean?", a: "Pacific", level: "hard" },
  { q: "Square root of 81?", a: "9", level: "easy" },
  { q: "Author of Hamlet?", a: "Shakespeare", level: "hard" },
];
const SHOTS = [
  { q: "2+2?", a: "4", level: "easy" },
  { q: "Opposite of hot?", a: "cold", level: "easy" },
  { q: "Color of the sky?", a: "blue", level: "easy" },
];

async function startOracle(file: string, accuracy = 0.5): Promise<MockServer> {
  const context = createDatasetContext({ env: {} });
  const server = await startMockServer({
    oracle: { benchmarks: await loadOracleBenchmarks([file], context), accuracy, seed: 3 },
  });
  servers.push(server);
  return server;
}

function journal(runDir: string): SampleRecord[] {
  return readFileSync(path.join(runDir, "samples.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as SampleRecord);
}

function resultOf(runDir: string, name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(runDir, `${name}.json`), "utf8")) as Record<string, unknown>;
}

describe("BYOB definitions through run", () => {
  it("runs a TypeScript definition with every prompt parameter, against the oracle, exactly", async () => {
    const dir = tempFolder({
      "data/qa.jsonl": QA,
      "data/shots.jsonl": SHOTS,
      "prompts/system.txt": "Difficulty: {level}. Answer in one word.",
      "my_bench.ts": `import { benchmark, scorer, type ScorerInput, type ScorerConfig } from "llm-benchmarker";
export default benchmark(
  {
    name: "My QA Benchmark!",
    description: "capitals and such",
    dataset: "data/qa.jsonl",
    prompt: "Question: {question}\\nAnswer:",
    targetField: "answer",
    fieldMapping: { q: "question", a: "answer" },
    systemPrompt: "prompts/system.txt",
    numFewshot: 2,
    fewshotDataset: "data/shots.jsonl",
    fewshotPrefix: "Examples:\\n",
    fewshotTemplate: "Q: {question} => {answer}",
    fewshotSeparator: "\\n--\\n",
    extra: { caseSensitive: false },
  },
  scorer(async (sample: ScorerInput, config: ScorerConfig) => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    const response = config.extra["caseSensitive"] ? sample.response : sample.response.toLowerCase();
    return { correct: response.trim() === sample.target.toLowerCase(), length: sample.response.length, level_easy: sample.metadata["level"] === "easy" };
  }),
);
`,
    });
    const file = path.join(dir, "my_bench.ts");
    const server = await startOracle(file);
    const outcome = await runBenchmarks(
      {
        benchmarks: [file],
        baseUrl: server.url,
        model: "mock-model",
        outputDir: path.join(dir, "out"),
        concurrency: 3,
      },
      { env: {} },
    );
    expect(outcome.status).toBe("completed");
    const [result] = outcome.benchmarks;
    const served = server.oracle?.stats().benchmarks["my_qa_benchmark"];
    expect(result?.summary.benchmark).toBe("my_qa_benchmark");
    expect(result?.summary.gradedSamples).toBe(6);
    expect(result?.summary.overall.correct).toBe(served?.correct);
    expect(server.oracle?.stats().unrecognized).toBe(0);

    const records = journal(outcome.runDir);
    const first = records.find((record) => record.id === "0");
    // Random(42).sample of the 3 shots, 2 drawn: the same prefix for every sample.
    const examples = (first?.prompt.type === "chat" ? first.prompt.messages[1]?.content : "") ?? "";
    expect(first?.prompt).toEqual({
      type: "chat",
      messages: [
        { role: "system", content: "Difficulty: easy. Answer in one word." },
        {
          role: "user",
          content: `${examples.slice(0, examples.indexOf("Question:"))}Question: Capital of France?\nAnswer:`,
        },
      ],
    });
    expect(examples).toMatch(
      /^Examples:\nQ: .+ => .+\n--\nQ: .+ => .+\n--\nQuestion: Capital of France\?\nAnswer:$/,
    );
    expect(
      records.every((record) => record.scores !== undefined && typeof record.scores["length"] === "number"),
    ).toBe(true);
    const metrics = resultOf(outcome.runDir, "my_qa_benchmark")["metrics"] as Record<
      string,
      { mean: number; count: number; kind: string }
    >;
    expect(Object.keys(metrics)).toEqual(["correct", "length", "level_easy"]);
    expect(metrics["level_easy"]).toMatchObject({ kind: "boolean", count: 6, mean: 4 / 6 });
    expect(metrics["correct"]?.mean).toBeCloseTo((served?.correct ?? 0) / 6, 10);
    const manifest = JSON.parse(readFileSync(path.join(outcome.runDir, "run.json"), "utf8")) as {
      benchmarks: {
        name: string;
        recipe: { name: string; sources: string[] };
        fewshot: unknown;
        n_shots: number;
      }[];
    };
    expect(manifest.benchmarks[0]).toMatchObject({
      name: "my_qa_benchmark",
      n_shots: 2,
      recipe: { name: "byob" },
      fewshot: { source: path.join(dir, "data/shots.jsonl"), seed: 42, pool_size: 3 },
    });
    expect(manifest.benchmarks[0]?.recipe.sources[0]).toMatch(
      new RegExp(`^byob ${file.replace(/[.]/g, "\\.")}@[0-9a-f]{40}$`),
    );
  });

  it("sends completions as system + newline + prompt, and draws shots from the evaluated rows without the sample itself", async () => {
    const dir = tempFolder({
      "qa.jsonl": QA,
      "bench.ts": `import { benchmark, scorer } from "llm-benchmarker";
export const qa = benchmark(
  { name: "flat", dataset: "qa.jsonl", prompt: "Q: {q}\\nA:", targetField: "a", endpointType: "completions",
    systemPrompt: "Be brief.", numFewshot: 5 },
  scorer((sample) => ({ correct: sample.response.trim() === sample.target })),
);
`,
    });
    const file = path.join(dir, "bench.ts");
    const server = await startOracle(file, 1);
    const outcome = await runBenchmarks(
      { benchmarks: [file], baseUrl: server.url, model: "mock-model", outputDir: path.join(dir, "out") },
      { env: {} },
    );
    expect(outcome.benchmarks[0]?.summary.overall.accuracy).toBe(1);
    for (const record of journal(outcome.runDir)) {
      expect(record.prompt.type).toBe("completion");
      const text = record.prompt.type === "completion" ? record.prompt.text : "";
      expect(text.startsWith("Be brief.\nQ: ")).toBe(true);
      const own = QA[Number(record.id)];
      // Five examples (the default template: prompt, a space, the target), never the sample's own question.
      expect(text.split("\n\n")).toHaveLength(6);
      expect(text.slice(0, text.lastIndexOf("\n\n"))).not.toContain(`Q: ${own?.q}\n`);
    }
  });

  it("marks a sample whose scorer throws an error and goes on; a scorer returning a string stops the run (exit 2)", async () => {
    const dir = tempFolder({
      "qa.jsonl": QA,
      "throws.ts": `import { benchmark, scorer } from "llm-benchmarker";
export default benchmark({ name: "throws", dataset: "qa.jsonl", prompt: "{q}", targetField: "a" },
  scorer((sample) => { if (sample.target === "Mars") throw new Error("no Mars today"); return { correct: true }; }));
`,
      "string.ts": `import { benchmark, scorer } from "llm-benchmarker";
export default benchmark({ name: "stringy", dataset: "qa.jsonl", prompt: "{q}", targetField: "a" },
  scorer((sample) => "yes" as never));
`,
    });
    const server = await startOracle(path.join(dir, "throws.ts"), 1);
    const outcome = await runBenchmarks(
      {
        benchmarks: [path.join(dir, "throws.ts")],
        baseUrl: server.url,
        model: "mock-model",
        outputDir: path.join(dir, "out"),
      },
      { env: {} },
    );
    const records = journal(outcome.runDir);
    const failed = records.filter((record) => record.status === "error");
    expect(failed.map((record) => [record.id, record.error?.code, record.error?.message])).toEqual([
      [
        "2",
        "E_SCORER",
        "scorer  (throws.ts) threw: no Mars today".replace("scorer  ", "the anonymous scorer "),
      ],
    ]);
    expect(outcome.benchmarks[0]?.summary.gradedSamples).toBe(5);
    const run = runBenchmarks(
      {
        benchmarks: [path.join(dir, "string.ts")],
        baseUrl: server.url,
        model: "mock-model",
        outputDir: path.join(dir, "out2"),
      },
      { env: {} },
    );
    await expect(run).rejects.toThrow(ConfigError);
    await expect(run).rejects.toThrow(
      /returned the string "yes"; a scorer must return an object of named booleans, numbers and ratio\(n, d\) values/,
    );
  });

  it("grades a responses column with no server at all (eval-only), in TypeScript and in YAML with a built-in scorer", async () => {
    const saved = QA.map((row, index) => ({ ...row, model_a: index % 2 === 0 ? row.a : "unsure" }));
    const dir = tempFolder({
      "saved.jsonl": saved,
      "eval.yaml":
        "name: model-a\ndataset: saved.jsonl\nprompt: '{q}'\ntarget_field: a\nresponse_field: model_a\nscorer: exact_match\n",
    });
    const outcome = await runBenchmarks(
      { benchmarks: [path.join(dir, "eval.yaml")], outputDir: path.join(dir, "out") },
      { env: {} },
    );
    expect(outcome.status).toBe("completed");
    expect(outcome.benchmarks[0]?.summary.overall).toMatchObject({ correct: 3, total: 6 });
    const records = journal(outcome.runDir);
    expect(records.map((record) => record.response)).toEqual(saved.map((row) => row.model_a));
    expect(records[0]?.prompt).toEqual({
      type: "chat",
      messages: [{ role: "user", content: "Capital of France?" }],
    });
  });

  it("takes a YAML scorer from a module, and lists definitions of a folder with list --include's loader", async () => {
    const dir = tempFolder({
      "qa.csv": "q,a\nCapital of France?,Paris\nRed planet?,Mars\n",
      "score.ts": `export function startsWith(sample: { response: string; target: string }) {
  return { correct: sample.response.startsWith(sample.target) };
}
`,
      "capitals.yml":
        "name: Capitals\ndataset: qa.csv\nprompt: 'Q: {q}'\ntarget_field: a\nscorer:\n  module: ./score.ts\n  export: startsWith\n",
    });
    const listed = await findDefinedBenchmarks([dir]);
    expect(listed.map((benchmark) => [benchmark.name, benchmark.dataset])).toEqual([
      ["capitals", path.join(dir, "qa.csv")],
    ]);
    const file = path.join(dir, "capitals.yml");
    const server = await startOracle(file, 1);
    const outcome = await runBenchmarks(
      { benchmarks: [file], baseUrl: server.url, model: "mock-model", outputDir: path.join(dir, "out") },
      { env: {} },
    );
    expect(outcome.benchmarks[0]?.summary.overall).toMatchObject({ correct: 2, total: 2 });
  });
});

describe("bad BYOB definitions", () => {
  const load = async (files: Record<string, string | readonly object[]>, name: string) => {
    const server = await startMockServer({});
    servers.push(server);
    return runBenchmarks(
      {
        benchmarks: [path.join(tempFolder(files), name)],
        outputDir: tmpdir(),
        baseUrl: server.url,
        model: "mock-model",
      },
      { env: {} },
    );
  };

  it.each([
    [
      "a missing parameter",
      `export default benchmark({ name: "x", dataset: "qa.jsonl" } as never, scorer((s) => ({ correct: true })));`,
      /bench\.ts: "prompt": /,
    ],
    [
      "an unknown endpoint type",
      `export default benchmark({ name: "x", dataset: "qa.jsonl", prompt: "{q}", endpointType: "responses" as never }, scorer((s) => ({ correct: true })));`,
      /bench\.ts: "endpointType": .*"chat"\|"completions"\|"completions_logprob"|bench\.ts: "endpointType": Invalid option/,
    ],
    [
      "a scorer not wrapped in scorer()",
      `export default benchmark({ name: "x", dataset: "qa.jsonl", prompt: "{q}" }, ((s: unknown) => ({ correct: true })) as never);`,
      /bench\.ts: benchmark "x": its scorer must be wrapped in scorer\(\)/,
    ],
    [
      "a scorer of no parameter",
      `export default benchmark({ name: "x", dataset: "qa.jsonl", prompt: "{q}" }, scorer((() => ({ correct: true })) as never));`,
      /takes 0 parameters; a scorer takes one, \(sample\), or two, \(sample, config\)/,
    ],
    [
      "a scorer of three parameters",
      `export default benchmark({ name: "x", dataset: "qa.jsonl", prompt: "{q}" }, scorer(((a: never, b: never, c: never) => ({ correct: true })) as never));`,
      /takes 3 parameters/,
    ],
    [
      "a name with no letter",
      `export default benchmark({ name: "!!!", dataset: "qa.jsonl", prompt: "{q}" }, scorer((s) => ({ correct: true })));`,
      /"!!!" has no letter or digit/,
    ],
    [
      "a field the rows lack",
      `export default benchmark({ name: "x", dataset: "qa.jsonl", prompt: "{question}", targetField: "a" }, scorer((s) => ({ correct: true })));`,
      /inline: row 1: no field "question" in the row \(its fields: q, a, level\)/,
    ],
    [
      "a template never closed",
      `export default benchmark({ name: "x", dataset: "qa.jsonl", prompt: "{q", targetField: "a" }, scorer((s) => ({ correct: true })));`,
      /"\{" at character 1 is never closed/,
    ],
    [
      "a missing requirement",
      `export default benchmark({ name: "x", dataset: "qa.jsonl", prompt: "{q}", targetField: "a", requirements: ["left-pad-never-installed"] }, scorer((s) => ({ correct: true })));`,
      /needs npm package left-pad-never-installed, not installed where it can find it: run `npm install left-pad-never-installed` in /,
    ],
    [
      "a built-in's name",
      `export default benchmark({ name: "GSM8K", dataset: "qa.jsonl", prompt: "{q}", targetField: "a" }, scorer((s) => ({ correct: true })));`,
      /defines "gsm8k", the name of a built-in benchmark/,
    ],
  ])("rejects %s with exit code 2 and the file named", async (_, body, message) => {
    const run = load(
      { "qa.jsonl": QA, "bench.ts": `import { benchmark, scorer } from "llm-benchmarker";\n${body}\n` },
      "bench.ts",
    );
    await expect(run).rejects.toMatchObject({ exitCode: 2 });
    await expect(run).rejects.toThrow(message);
  });

  it("names a YAML definition's parameters as YAML spells them", async () => {
    const run = load(
      {
        "qa.jsonl": QA,
        "b.yaml": "name: x\ndataset: qa.jsonl\nprompt: '{q}'\ntarget_feld: a\nscorer: contains\n",
      },
      "b.yaml",
    );
    await expect(run).rejects.toThrow(
      /b\.yaml: unknown parameter "target_feld" \(known: name, dataset, prompt, target_field,/,
    );
    const noScorer = load(
      { "qa.jsonl": QA, "b.yaml": "name: x\ndataset: qa.jsonl\nprompt: '{q}'\n" },
      "b.yaml",
    );
    await expect(noScorer).rejects.toThrow(
      /b\.yaml: "scorer" is missing; give a built-in scorer \(contains, exact_match/,
    );
  });
});
