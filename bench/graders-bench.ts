// Grader throughput: pairs/s of the math, qwen_math and lighteval graders on MATH-500-shaped pairs (right, reformatted, wrong).
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
for (const name of ["math", "qwen_math", "lighteval_latex", "lighteval_expr"] as const) {
  const grader = getGrader(name);
  const rates: number[] = [];
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    for (const pair of pairs) grader(pair);
    rates.push(pairs.length / ((performance.now() - start) / 1000));
  }
  rates.sort((left, right) => left - right);
  process.stdout.write(
    `${name}: median ${Math.round(rates[2] ?? 0)} pairs/s (5 runs of ${pairs.length} pairs; first run ${Math.round(rates[0] ?? 0)} min)\n`,
  );
}
