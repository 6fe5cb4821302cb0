// The files the bad-input table feeds commands, made in a fresh temporary directory: datasets (good and broken),
// files that are empty, not JSON, binary or of the wrong schema, run directories (complete, incomplete, damaged, from
// a newer llm-bench), reference YAMLs and benchmark definitions. The run directories come from real `llm-bench run`s
// against the servers.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../../e2e/support/cli.js";
import type { BadInputServers } from "./bad-input-servers.js";

/** A key the table passes with --api-key and looks for in every output. */
export const BAD_INPUT_API_KEY = "sk-badinput-7f3a9c1e5d2b4a6f";

/** A tool version newer than any this repository will reach. */
export const NEWER_TOOL_VERSION = "99.0.0";

export interface BadInputFixtures {
  root: string;
  servers: BadInputServers;
  /** A path under `root` (made by the fixtures or not, as the row needs). */
  path(...parts: string[]): string;
  /** A path under `root/outputs/` for one row's output directory (not made: the command makes it). */
  outputDir(name: string): string;
  /** A `run gsm8k` directory that completed (2 samples). */
  completedRun: string;
  /** A `run gsm8k` directory whose every request was answered 401: status incomplete. */
  incompleteRun: string;
  /** A `run gsm8k --shard 0/2` directory. */
  shardRun: string;
}

const gsm8kRow = (question: string, answer: number): string =>
  JSON.stringify({ question, answer: `${question} = ${answer}\n#### ${answer}` });

function write(path: string, content: string | Buffer): void {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, content);
}

/** Random-looking but fixed bytes: never valid UTF-8 JSON. */
const binaryBytes = Buffer.from(Array.from({ length: 256 }, (_, index) => (index * 167 + 13) % 256));

function writeGsm8k(dataDir: string, testText: string | Buffer): void {
  write(join(dataDir, "gsm8k/test.jsonl"), testText);
  write(join(dataDir, "gsm8k/train.jsonl"), `${gsm8kRow("1+1", 2)}\n`);
}

function writeDatasets(root: string): void {
  writeGsm8k(join(root, "data"), `${gsm8kRow("2+3", 5)}\n${gsm8kRow("2+4", 6)}\n`);
  writeGsm8k(
    join(root, "data-missing-column"),
    `${gsm8kRow("2+3", 5)}\n${JSON.stringify({ question: "2+4" })}\n`,
  );
  writeGsm8k(join(root, "data-wrong-type"), `${JSON.stringify({ question: 5, answer: ["6"] })}\n`);
  writeGsm8k(join(root, "data-empty-split"), "");
  writeGsm8k(join(root, "data-not-jsonl"), "question,answer\n2+3,5\n");
  writeGsm8k(join(root, "data-binary"), binaryBytes);
  const mmlu = join(root, "data-mmlu-missing-column/mmlu");
  write(join(mmlu, "test/anatomy_test.csv"), "question,choice0,choice1,choice2,choice3\nWhich?,a,b,c,d\n");
  write(
    join(mmlu, "dev/anatomy_dev.csv"),
    "question,choice0,choice1,choice2,choice3,answer\nWhich?,a,b,c,d,0\n",
  );
}

function writeFiles(root: string): void {
  write(join(root, "files/empty.jsonl"), "");
  write(join(root, "files/not-json.jsonl"), "these are not JSON lines\n");
  write(join(root, "files/binary.jsonl"), binaryBytes);
  write(join(root, "files/wrong-schema.jsonl"), `${JSON.stringify({ colour: "blue" })}\n`);
  write(join(root, "files/wrong-schema.json"), `${JSON.stringify({ colour: "blue" })}\n`);
  write(
    join(root, "files/unknown-ids.jsonl"),
    `${JSON.stringify({ id: "no-such-sample", response: "5" })}\n`,
  );
  mkdirSync(join(root, "files/a-directory.jsonl"), { recursive: true });
}

function writeReferences(root: string): void {
  write(join(root, "refs-malformed/gsm8k.yaml"), "mock-model:\n  - accuracy: [90\n    dtype: bf16\n");
  write(join(root, "refs-wrong-schema/gsm8k.yaml"), "mock-model:\n  - accuracy: high\n");
  write(join(root, "refs-unknown-benchmark/gsm8kk.yaml"), "mock-model:\n  - accuracy: 90\n");
  write(join(root, "refs-other-model/gsm8k.yaml"), "other-model:\n  - accuracy: 90\n");
  write(join(root, "refs-binary/gsm8k.yaml"), binaryBytes);
}

function writeDefinitions(root: string): void {
  const dir = join(root, "byob");
  write(join(dir, "capitals.jsonl"), `${JSON.stringify({ country: "France", capital: "Paris" })}\n`);
  const base = "name: capitals\ndataset: capitals.jsonl\ntarget_field: capital\n";
  write(join(dir, "missing-prompt.yaml"), `${base}scorer: exact_match\n`);
  write(
    join(dir, "bad-type.yaml"),
    `${base}prompt: "Capital of {country}?"\nscorer: exact_match\nnum_fewshot: many\n`,
  );
  write(join(dir, "unknown-scorer.yaml"), `${base}prompt: "Capital of {country}?"\nscorer: exact_matchh\n`);
  write(join(dir, "malformed.yaml"), "name: [capitals\n  dataset: :\n");
  write(
    join(dir, "missing-dataset.yaml"),
    'name: capitals\ndataset: nowhere.jsonl\nprompt: "{country}?"\ntarget_field: capital\nscorer: exact_match\n',
  );
  write(
    join(dir, "unknown-field.yaml"),
    `${base}prompt: "Capital of {country}?"\nscorer: exact_match\nprompt_templat: x\n`,
  );
  write(join(dir, "no-export.ts"), "export const capitals = 1;\n");
  write(join(dir, "binary.yaml"), binaryBytes);
}

/** The one run directory under `outputDir`. */
function onlyDirectory(outputDir: string): string {
  const entry = readdirSync(outputDir, { withFileTypes: true }).find((each) => each.isDirectory());
  if (entry === undefined) throw new Error(`no run directory under ${outputDir}`);
  return join(outputDir, entry.name);
}

async function makeRun(
  root: string,
  name: string,
  baseUrl: string,
  extra: readonly string[],
  expected: number,
): Promise<string> {
  const outputDir = join(root, "runs", name);
  const argv = [
    "run",
    "gsm8k",
    "--base-url",
    baseUrl,
    "--data-dir",
    join(root, "data"),
    "--output-dir",
    outputDir,
    "-q",
  ];
  const result = await runCli([...argv, ...extra]);
  if (result.code !== expected) {
    throw new Error(`fixture run ${name} exited ${result.code}, not ${expected}:\n${result.stderr}`);
  }
  return onlyDirectory(outputDir);
}

/** Copies a run directory and rewrites its run.json with `edit`. */
function copyRun(from: string, to: string, edit: (manifest: Record<string, unknown>) => void): void {
  cpSync(from, to, { recursive: true });
  const path = join(to, "run.json");
  const manifest = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
  edit(manifest);
  writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
}

function writeDamagedRuns(root: string, completedRun: string): void {
  const newer = (manifest: Record<string, unknown>): void => {
    manifest["tool"] = { name: "llm-benchmarker", version: NEWER_TOOL_VERSION };
  };
  copyRun(completedRun, join(root, "runs/newer-version"), newer);
  copyRun(completedRun, join(root, "runs/newer-schema"), (manifest) => {
    newer(manifest);
    manifest["benchmarks"] = { gsm8k: { planned_samples: 2 } };
    manifest["format"] = 2;
  });
  copyRun(completedRun, join(root, "runs/wrong-schema"), (manifest) => {
    delete manifest["benchmarks"];
  });
  for (const [name, content] of [
    ["empty-run-json", ""],
    ["not-json-run-json", "status: completed\n"],
    ["binary-run-json", binaryBytes],
  ] as const) {
    cpSync(completedRun, join(root, "runs", name), { recursive: true });
    writeFileSync(join(root, "runs", name, "run.json"), content);
  }
  mkdirSync(join(root, "runs/no-run-json"), { recursive: true });
}

export async function makeBadInputFixtures(servers: BadInputServers): Promise<BadInputFixtures> {
  const root = mkdtempSync(join(tmpdir(), "bad-input-"));
  writeDatasets(root);
  writeFiles(root);
  writeReferences(root);
  writeDefinitions(root);
  const [completedRun, incompleteRun, shardRun] = await Promise.all([
    makeRun(root, "completed", servers.mockUrl, [], 0),
    makeRun(root, "incomplete", servers.scriptedUrl("chat-unauthorized"), ["--max-retries", "0"], 1),
    makeRun(root, "shard", servers.mockUrl, ["--shard", "0/2"], 0),
  ]);
  writeDamagedRuns(root, completedRun);
  return {
    root,
    servers,
    path: (...parts) => join(root, ...parts),
    outputDir: (name) => {
      const dir = join(root, "outputs", name);
      rmSync(dir, { recursive: true, force: true });
      return dir;
    },
    completedRun,
    incompleteRun,
    shardRun,
  };
}
