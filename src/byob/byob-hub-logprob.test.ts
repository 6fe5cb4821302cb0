// Data files of a Hub repository at a revision; and a BYOB log-likelihood multiple choice read from `hf://` (the Hub client against the local Hub-layout server:
// the test split for questions, `fewshot_split: train` for shots, `choices_field: choices.text`), scored by the
// in-process llama.cpp model (real tokenizer, real log-probabilities) through a real run.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parquetWriteBuffer } from "hyparquet-writer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createLocalLlamaBackend,
  type LocalLlamaBackend,
} from "../backends/local-llama/create-local-llama-backend.js";
import { NO_TEMPLATE_MODEL, sharedModelPath } from "../backends/local-llama/test-support/shared-models.js";
import type { SampleRecord } from "../core/sample-record.js";
import { createDatasetContext } from "../datasets/create-dataset-context.js";
import { type FakeHub, startFakeHub } from "../datasets/test-support/fake-hub-server.js";
import { runBenchmarks } from "../runner/run-benchmarks.js";
import { parseDatasetSource } from "./datasets/dataset-source.js";
import { readDatasetSource } from "./datasets/read-dataset-source.js";

const modelPath = sharedModelPath(NO_TEMPLATE_MODEL, "BYOB completions_logprob on the in-process model");

/** ARC's schema: `choices` is `{text: [...], label: [...]}`, `answerKey` a letter. */
function arcParquet(
  directory: string,
  name: string,
  rows: { question: string; choices: string[]; answerKey: string }[],
) {
  const buffer = parquetWriteBuffer({
    columnData: [
      { name: "id", data: rows.map((_, index) => `${name}-${index}`), type: "STRING" },
      { name: "question", data: rows.map((row) => row.question), type: "STRING" },
      {
        name: "choices",
        data: rows.map((row) => ({ text: row.choices, label: row.choices.map((_, index) => "ABCD"[index]) })),
        type: "JSON",
      },
      { name: "answerKey", data: rows.map((row) => row.answerKey), type: "STRING" },
    ],
  });
  const file = path.join(directory, `${name}.parquet`);
  writeFileSync(file, new Uint8Array(buffer));
  return file;
}

const TEST = [
  {
    question: "Which gas do plants take in?",
    choices: ["oxygen", "carbon dioxide", "helium"],
    answerKey: "B",
  },
  { question: "What melts ice?", choices: ["heat", "cold", "darkness"], answerKey: "A" },
  { question: "Which is a mammal?", choices: ["shark", "trout", "whale", "eel"], answerKey: "C" },
];
const TRAIN = [
  { question: "What do bees make?", choices: ["honey", "silk"], answerKey: "A" },
  { question: "Where do fish live?", choices: ["trees", "water"], answerKey: "B" },
];

describe.skipIf(modelPath === undefined)(
  "BYOB completions_logprob from hf:// on the in-process model",
  () => {
    let hub: FakeHub;
    let backend: LocalLlamaBackend;
    const directory = mkdtempSync(path.join(tmpdir(), "byob-hub-"));

    beforeAll(async () => {
      hub = await startFakeHub({
        datasets: {
          "acme/arc-mini": {
            default: {
              test: [arcParquet(directory, "test", TEST)],
              train: [arcParquet(directory, "train", TRAIN)],
            },
          },
        },
      });
      backend = createLocalLlamaBackend({ modelPath, parallel: 1, contextSize: 512, threads: 1 });
      await backend.load();
    });
    afterAll(async () => {
      await backend?.close();
      await hub?.close();
      if (process.env["KEEP"] === undefined) rmSync(directory, { recursive: true, force: true });
    });

    it("scores every candidate, picks the most likely, and hands the scorer the candidates with their log-probabilities", async () => {
      const definition = path.join(directory, "arc.yaml");
      writeFileSync(
        definition,
        [
          "name: ARC mini",
          "dataset: hf://acme/arc-mini?split=test",
          'prompt: "Question: {question}\\nAnswer:"',
          "target_field: answerKey",
          "endpoint_type: completions_logprob",
          "choices_field: choices.text",
          "num_fewshot: 1",
          "fewshot_split: train",
          "scorer: multiple_choice_acc",
          "",
        ].join("\n"),
      );
      const env = { HF_ENDPOINT: hub.endpoint, LLM_BENCH_CACHE: path.join(directory, "cache") };
      const outcome = await runBenchmarks(
        { benchmarks: [definition], model: "llama-2-tiny-random", outputDir: path.join(directory, "out") },
        { backend, env },
      );
      expect(outcome.status).toBe("completed");
      expect(hub.requests.map((request) => request.path)).toEqual(
        expect.arrayContaining([
          "/api/datasets/acme/arc-mini/parquet/default/test",
          "/api/datasets/acme/arc-mini/parquet/default/train",
        ]),
      );
      const records = readFileSync(path.join(outcome.runDir, "samples.jsonl"), "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as SampleRecord);
      expect(records).toHaveLength(3);
      for (const [index, record] of records.entries()) {
        const row = TEST[index];
        const choices = record.loglikelihood?.choices ?? [];
        expect(choices.map((choice) => choice.continuation)).toEqual(row?.choices);
        const best = choices.reduce((top, choice) => (choice.logprob > top.logprob ? choice : top));
        expect(record.response).toBe(best.continuation);
        // multiple_choice_acc: the letter target resolved to its index; acc is whether the most likely is it.
        const gold = "ABCD".indexOf(row?.answerKey ?? "");
        expect(record.scores?.["acc"]).toBe(choices.indexOf(best) === gold ? 1 : 0);
        expect(Object.keys(record.scores ?? {})).toEqual(["acc", "acc_norm", "acc_greedy"]);
        // One shot drawn from train (Random(42) over 2 rows, 1 drawn), rendered as prompt + " " + target.
        const context = record.prompt.type === "completion" ? record.prompt.text : "";
        expect(context).toMatch(
          new RegExp(
            `^Question: (What do bees make\\?\\nAnswer: A|Where do fish live\\?\\nAnswer: B)\\n\\nQuestion: ${row?.question.replace("?", "\\?")}\\nAnswer:$`,
          ),
        );
      }
      const manifest = JSON.parse(readFileSync(path.join(outcome.runDir, "run.json"), "utf8")) as {
        benchmarks: { fewshot?: { source: string; pool_size: number } }[];
      };
      expect(manifest.benchmarks[0]?.fewshot).toMatchObject({
        source: "hf://acme/arc-mini?split=train",
        pool_size: 2,
      });
      const result = JSON.parse(readFileSync(path.join(outcome.runDir, "arc_mini.json"), "utf8")) as {
        metrics: Record<string, { count: number }>;
      };
      expect(Object.keys(result.metrics)).toEqual(["acc", "acc_norm", "acc_greedy"]);
    });
  },
);

describe("BYOB hf:// data_files at a revision", () => {
  it("downloads the repository's raw files once through the Hub client and reads them (JSONL, a JSON field), filtered", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "byob-files-"));
    const rows = [
      { q: "2+2?", a: "4", lang: "en" },
      { q: "3+3?", a: "6", lang: "fr" },
      { q: "5+5?", a: "10", lang: "en" },
    ];
    writeFileSync(
      path.join(directory, "part1.jsonl"),
      `${rows
        .slice(0, 2)
        .map((row) => JSON.stringify(row))
        .join("\n")}\n`,
    );
    writeFileSync(path.join(directory, "part2.json"), JSON.stringify({ items: rows.slice(2) }));
    const hub = await startFakeHub({
      datasets: {},
      files: {
        "acme/sums": {
          "v1.0/data/part1.jsonl": path.join(directory, "part1.jsonl"),
          "v1.0/data/part2.json": path.join(directory, "part2.json"),
        },
      },
    });
    try {
      const context = createDatasetContext({
        cacheDir: path.join(directory, "cache"),
        env: { HF_ENDPOINT: hub.endpoint },
      });
      const read = (uri: string) => readDatasetSource(parseDatasetSource(uri, directory, "dataset"), context);
      expect(await read("hf://acme/sums?data_files=data/part1.jsonl&revision=v1.0")).toEqual(
        rows.slice(0, 2),
      );
      expect(await read("hf://acme/sums?data_files=data/part2.json&field=items&revision=v1.0")).toEqual(
        rows.slice(2),
      );
      expect(
        await read(
          "hf://acme/sums?data_files=data/part1.jsonl,data/part2.json&field=items&revision=v1.0&filter_field=lang&filter_value=en",
        ),
      ).toEqual([rows[0], rows[2]]);
      // The second read of a file comes from the cache: one download per file.
      expect(hub.downloads()).toBe(2);
      const offline = createDatasetContext({
        cacheDir: path.join(directory, "cache"),
        env: { HF_ENDPOINT: hub.endpoint, HF_HUB_OFFLINE: "1" },
      });
      const cached = parseDatasetSource(
        "hf://acme/sums?data_files=data/part1.jsonl&revision=v1.0",
        directory,
        "dataset",
      );
      expect(await readDatasetSource(cached, offline)).toHaveLength(2);
      await expect(read("hf://acme/sums?data_files=data/missing.jsonl&revision=v1.0")).rejects.toThrow(
        /The Hub has no file data\/missing\.jsonl at revision v1\.0 of dataset acme\/sums/,
      );
      await expect(read("hf://acme/sums?revision=v1.0")).rejects.toThrow(/revision applies to data_files/);
    } finally {
      await hub.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
