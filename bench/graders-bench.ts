// Grader throughput: pairs/s of the math, qwen_math and lighteval graders on 500 MATH-500 pairs (right, reformatted,
// wrong) none of them has seen, each run in a fresh process. `tsx bench/graders-bench.ts [GRADER]`.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { getGrader } from "../src/graders/registry.js";

const golds = [
  "\\frac{5}{6}",
  "2\\sqrt{2}",
  "(3,\\frac{\\pi}{2})",
  "1, 3",
  "[-2,2)",
  "42",
  "x^2+2x+1",
  "\\text{Evelyn}",
  "0.25",
  "10\\%",
];
const answers = [
  "\\dfrac{5}{6}",
  "\\sqrt{8}",
  "\\left(3, \\frac{\\pi}{2}\\right)",
  "3,1",
  "[-2,2)",
  "42.0",
  "(x+1)^2",
  "Evelyn",
  "\\frac14",
  "0.1",
];
const pairs: { response: string; gold: string }[] = [];
for (let index = 0; index < 500; index++) {
  const slot = index % golds.length;
  const gold = `${golds[slot]}`;
  const answer = index % 3 === 2 ? `${index}` : (answers[slot] ?? "");
  pairs.push({
    response: `Step ${index}: we compute carefully.\n\nThe final answer is $\\boxed{${answer}}$.`,
    gold: index % 5 === 0 ? gold : `${gold}`,
  });
}
/**
 * Measured pairs: every MATH-500 problem once (its full solution as the gold, as math_500 grades), answered right,
 * right in another form, or wrong — 500 pairs no grader has seen, so no cache answers them. Without the shared data,
 * the synthetic pairs above.
 */
function realPairs(): { response: string; gold: string }[] | undefined {
  const dataDir = process.env.LLM_BENCH_SHARED_DATA ?? resolve(import.meta.dirname, "../../shared/data");
  const file = join(dataDir, "math500/test.jsonl");
  if (!existsSync(file)) return undefined;
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line, index) => {
      const row = JSON.parse(line) as { solution: string; answer: string };
      const answer =
        index % 3 === 0
          ? row.answer
          : index % 3 === 1
            ? row.answer.replaceAll("\\frac", "\\dfrac").replaceAll(",", ", ")
            : `${row.answer}+1`;
      return {
        response: `Let me work through it.\n\nTherefore the final answer is $\\boxed{${answer}}$.`,
        gold: row.solution,
      };
    });
}

const [, , onlyGrader] = process.argv;
const GRADERS = [
  "math",
  "qwen_math",
  "lighteval_latex",
  "lighteval_expr",
  "lighteval_math",
  "lighteval_0_10_math",
] as const;

if (onlyGrader === undefined) {
  // One child process per run: module-level caches (parsed expressions, verdicts) start empty each time.
  const measured = realPairs() === undefined ? "synthetic" : "MATH-500";
  for (const name of GRADERS) {
    const rates: number[] = [];
    for (let run = 0; run < 5; run++) {
      const child = spawnSync(process.execPath, [...process.execArgv, import.meta.filename, name], {
        encoding: "utf8",
      });
      if (child.status !== 0) throw new Error(`bench child for ${name} failed: ${child.stderr}`);
      rates.push(Number(child.stdout.trim()));
    }
    rates.sort((left, right) => left - right);
    process.stdout.write(
      `${name}: median ${Math.round(rates[2] ?? 0)} pairs/s over 500 unseen ${measured} pairs ` +
        `(5 fresh processes, each warmed on the synthetic pairs; slowest ${Math.round(rates[0] ?? 0)})\n`,
    );
  }
} else {
  const grader = getGrader(onlyGrader);
  // Warm-up: the JIT and the CAS's start-up, on pairs unlike the measured ones.
  for (const pair of pairs) grader(pair);
  const measured = realPairs() ?? pairs.map((pair) => ({ ...pair, response: `${pair.response} ` }));
  const start = performance.now();
  for (const pair of measured) grader(pair);
  process.stdout.write(`${measured.length / ((performance.now() - start) / 1000)}\n`);
}
