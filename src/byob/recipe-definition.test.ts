// Reference recipes in the definition API (`recipes`, `rowSchema`, `sampleId`, `maxNumFewshot`, `oracle`) through
// real runs of a definition file against the oracle mock server, reading an `hf://` dataset from `--data-dir`; and
// the clear errors a wrong recipe definition gets.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { SampleRecord } from "../core/sample-record.js";
import { createDatasetContext } from "../datasets/create-dataset-context.js";
import { ConfigError, DatasetError } from "../errors.js";
import { loadOracleBenchmarks } from "../mock-server/load-oracle-benchmarks.js";
import { type MockServer, startMockServer } from "../mock-server/start-mock-server.js";
import { runBenchmarks } from "../runner/run-benchmarks.js";
import { compileBenchmark } from "./compile-benchmark.js";
import { benchmark } from "./define-benchmark.js";
import type { RecipeDefinitionInput } from "./recipe-definition.js";
import { type ScorerInput, scorer } from "./scorer.js";
import { removeTempFolders, tempFolder } from "./test-support/temp-folder.js";

const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(removeTempFolders);

function journal(runDir: string): SampleRecord[] {
  return readFileSync(path.join(runDir, "samples.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as SampleRecord);
}

const TEST = [
  { q: "3 + 4", sol: "3 + 4 = 7. #7" },
  { q: "2 * 5", sol: "2 * 5 = 10. #10" },
  { q: "9 - 1", sol: "9 - 1 = 8. #8" },
  { q: "6 / 2", sol: "6 / 2 = 3. #3" },
  { q: "1 + 1", sol: "1 + 1 = 2. #2" },
];
const TRAIN = [
  { q: "1 + 2", sol: "1 + 2 = 3. #3" },
  { q: "2 + 2", sol: "2 + 2 = 4. #4" },
  { q: "5 - 3", sol: "5 - 3 = 2. #2" },
  { q: "4 * 2", sol: "4 * 2 = 8. #8" },
];

// A definition with two recipes, a row schema (zod's safeParse contract: a definition outside a project with zod
// installed writes it by hand), ids of its own, a shot limit and an oracle of its own.
const DEFINITION = `import { benchmark, scorer } from "llm-benchmarker";
const rowSchema = {
  safeParse(row) {
    const match = typeof row.sol === "string" ? /#(-?\\d+)$/.exec(row.sol) : null;
    if (match === null) {
      return { success: false, error: { issues: [{ code: "custom", path: ["sol"], message: "expected a solution ending in '#N'" }] } };
    }
    return { success: true, data: { ...row, gold: match[1] } };
  },
};
export default benchmark(
  {
    name: "Arith Ref",
    dataset: "hf://org/arith/main?split=test",
    rowSchema,
    targetField: "gold",
    prompt: "Question: {q}\\nAnswer:",
    sampleId: (_row, index) => \`test/\${index}\`,
    maxNumFewshot: 3,
    recipes: [
      {
        name: "turns",
        description: "lm-eval-style: seeded shots from train, one turn pair each",
        sources: [{ repository: "example/ref", path: "task.yaml", pin: "0123456789abcdef0123456789abcdef01234567" }],
        grader: "number",
        defaultNShots: 2,
        defaultParams: { maxTokens: 64, stop: ["Question:"] },
        systemPrompt: "You solve sums.",
        systemSeparator: "",
        chatFewShot: "turns",
        fewshot: { pool: { split: "train" }, select: "lm-eval", answer: "{sol}" },
      },
      {
        name: "fixed",
        description: "fixed exemplars, Q:/A:",
        sources: [{ repository: "example/ref", pin: "1.2.0" }],
        prompt: "Q: {q}\\nA:",
        defaultNShots: 1,
        fewshot: { pool: [{ q: "10 + 10", sol: "20", gold: "20" }], select: "first", answer: "{sol}" },
      },
    ],
    oracle: (sample, isCorrect, variant) =>
      \`\${sample.recipe}: so it is \${isCorrect ? sample.target : Number(sample.target) + 1 + variant}\`,
  },
  scorer((sample) => ({ correct: sample.response.trim().endsWith(" " + sample.target) })),
);
`;

async function startOracle(file: string, dataDir: string, accuracy: number): Promise<MockServer> {
  const context = createDatasetContext({ env: {}, dataDir });
  const server = await startMockServer({
    oracle: { benchmarks: await loadOracleBenchmarks([file], context), accuracy, seed: 5 },
  });
  servers.push(server);
  return server;
}

describe("reference recipes in a definition, through run", () => {
  it("follows each recipe's pool, picks, layout, grader and defaults, reading the hf:// splits from --data-dir", async () => {
    const dir = tempFolder({
      "bench.ts": DEFINITION,
      "data/arith_ref/test.jsonl": TEST,
      "data/arith_ref/train.jsonl": TRAIN,
    });
    const file = path.join(dir, "bench.ts");
    const dataDir = path.join(dir, "data");
    const server = await startOracle(file, dataDir, 0.6);
    const outcome = await runBenchmarks(
      {
        benchmarks: [file],
        baseUrl: server.url,
        model: "mock-model",
        outputDir: path.join(dir, "out"),
        dataDir,
      },
      { env: {} },
    );
    expect(outcome.status).toBe("completed");
    const served = server.oracle?.stats().benchmarks["arith_ref"];
    expect(outcome.benchmarks[0]?.summary.overall.correct).toBe(served?.correct);
    expect(served?.correct).toBeGreaterThan(0);
    expect(served?.correct).toBeLessThan(5);
    expect(server.oracle?.stats().unrecognized).toBe(0);

    const records = journal(outcome.runDir);
    expect(records.map((record) => record.id).sort()).toEqual([
      "test/0",
      "test/1",
      "test/2",
      "test/3",
      "test/4",
    ]);
    // Python: [random.Random(1234).sample(range(4), 2) for _ in range(5)] == [[3, 0], [0, 3], [0, 2], [0, 3], [2, 0]]
    // (CPython 3.11.7), so test/2 gets train rows 0 and 2 as turn pairs.
    const record = records.find((each) => each.id === "test/2");
    expect(record?.prompt).toEqual({
      type: "chat",
      messages: [
        { role: "system", content: "You solve sums." },
        { role: "user", content: "Question: 1 + 2\nAnswer:" },
        { role: "assistant", content: "1 + 2 = 3. #3" },
        { role: "user", content: "Question: 5 - 3\nAnswer:" },
        { role: "assistant", content: "5 - 3 = 2. #2" },
        { role: "user", content: "Question: 9 - 1\nAnswer:" },
      ],
    });
    expect(record?.response).toMatch(/^turns: so it is \d+$/);
    const manifest = JSON.parse(readFileSync(path.join(outcome.runDir, "run.json"), "utf8")) as {
      benchmarks: Record<string, unknown>[];
    };
    expect(manifest.benchmarks[0]).toMatchObject({
      name: "arith_ref",
      n_shots: 2,
      grader: "number",
      recipe: { name: "turns", sources: ["example/ref task.yaml@0123456789abcdef0123456789abcdef01234567"] },
      fewshot: {
        source: "arith_ref/train.jsonl",
        selection: "lm-eval",
        seed: 1234,
        pool_size: 4,
      },
    });
  });

  it("runs the second recipe by --recipe: its own prompt, fixed exemplars, the scorer, completions", async () => {
    const dir = tempFolder({
      "bench.ts": DEFINITION,
      "data/arith_ref/test.jsonl": TEST,
    });
    const file = path.join(dir, "bench.ts");
    const dataDir = path.join(dir, "data");
    const server = await startOracle(file, dataDir, 1);
    const outcome = await runBenchmarks(
      {
        benchmarks: [file],
        baseUrl: server.url,
        model: "mock-model",
        outputDir: path.join(dir, "out"),
        dataDir,
        recipe: ["fixed"],
        endpointType: "completions",
        systemPrompt: "Sys.",
      },
      { env: {} },
    );
    expect(outcome.benchmarks[0]?.summary.overall.accuracy).toBe(1);
    const record = journal(outcome.runDir).find((each) => each.id === "test/0");
    // NeMo's flat layout: system + "\n" + example + "\n\n" + query.
    expect(record?.prompt).toEqual({ type: "completion", text: "Sys.\nQ: 10 + 10\nA: 20\n\nQ: 3 + 4\nA:" });
    expect(record?.response).toBe("fixed: so it is 7");
  });
});

const SOURCE = [{ repository: "example/ref", pin: "1.0.0" }];
const base = { name: "errs", dataset: "rows.jsonl", prompt: "{q}", targetField: "a" };
const recipe = (extra: Partial<RecipeDefinitionInput> = {}): RecipeDefinitionInput => ({
  name: "r",
  description: "a recipe",
  sources: SOURCE,
  ...extra,
});

describe("reference recipes: mistakes get clear errors", () => {
  it("at definition time: no grader and no scorer, an unknown grader, duplicate names, a bad pin, exclusion without its pool", () => {
    expect(() => benchmark({ ...base, recipes: [recipe()] })).toThrow(
      /recipe "r" names no grader and there is no scorer/,
    );
    expect(() => benchmark({ ...base, recipes: [recipe({ grader: "nope" })] })).toThrow(
      /"recipes" \(at 0\.grader\): .*not a registered grader/,
    );
    expect(() =>
      benchmark({ ...base, recipes: [recipe({ grader: "number" }), recipe({ grader: "math" })] }),
    ).toThrow(/two recipes have the same name/);
    expect(() =>
      benchmark({
        ...base,
        recipes: [recipe({ grader: "number", sources: [{ repository: "x", pin: "main" }] })],
      }),
    ).toThrow(/40-hex commit or a package version/);
    expect(() =>
      benchmark({
        ...base,
        recipes: [
          recipe({ grader: "number", fewshot: { pool: { split: "train" }, excludeFromEvaluation: true } }),
        ],
      }),
    ).toThrow(ConfigError);
    expect(() => benchmark({ ...base, recipes: [recipe({ grader: "number" })] })).not.toThrow();
    expect(() =>
      benchmark(
        { ...base, recipes: [recipe()] },
        scorer((sample: ScorerInput) => ({ correct: sample.target === "" })),
      ),
    ).not.toThrow();
  });

  it("at load: a split pool on a file dataset, too few shot rows, duplicate ids, rows the schema rejects", async () => {
    const dir = tempFolder({
      "rows.jsonl": [
        { q: "a", a: "1" },
        { q: "b", a: "2" },
      ],
    });
    const context = createDatasetContext({ env: {} });
    const define = (extra: Record<string, unknown>, recipeExtra: Partial<RecipeDefinitionInput> = {}) =>
      compileBenchmark(
        benchmark({
          ...base,
          dataset: path.join(dir, "rows.jsonl"),
          recipes: [recipe({ grader: "number", ...recipeExtra })],
          ...extra,
        }),
      );
    await expect(
      define({}, { fewshot: { pool: { split: "train" } } }).load({ context, nShots: 1 }),
    ).rejects.toThrow(/few-shot pool \{ split: "train" \} needs an hf:\/\/ dataset/);
    await expect(
      define({}, { fewshot: { pool: "dataset", select: "first" } }).load({ context, nShots: 3 }),
    ).rejects.toThrow(/errs recipe r: --n-shots 3 needs 3 shot rows, the data has 2/);
    await expect(define({ maxNumFewshot: 1 }).load({ context, nShots: 2 })).rejects.toThrow(
      /errs: --n-shots 2 is out of range: 0 to 1/,
    );
    await expect(define({ sampleId: () => "same" }).load({ context, nShots: 0 })).rejects.toThrow(
      /row 2: sample id "same" is also row 1's/,
    );
    const strict = z.object({ q: z.string(), a: z.string().regex(/^1$/, "expected 1") });
    const promise = define({ rowSchema: strict }).load({ context, nShots: 0 });
    await expect(promise).rejects.toBeInstanceOf(DatasetError);
    await expect(define({ rowSchema: strict }).load({ context, nShots: 0 })).rejects.toThrow(
      /rows\.jsonl row 2: field "a": expected 1, got "2"/,
    );
  });
});
