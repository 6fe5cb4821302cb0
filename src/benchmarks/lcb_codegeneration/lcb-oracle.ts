// What the mock server answers a LiveCodeBench prompt with. The data has no reference solutions, so the oracle
// writes a program that knows the tests: a stdin program looks its input up, a call-based `Solution` returns the
// expected values in the order the tests call it. Wrong: the same with one extra output line, or a value equal to
// nothing. Fenced, as the prompt asks.
import type { OracleAnswer } from "../../byob/benchmark-config.js";
import type { LcbCases } from "./lcb-cases.js";
import { LCB_CASES_FIELD } from "./lcb-scorer.js";

/** A JSON text as a Python string literal (JSON's escapes are Python's). */
const pythonString = (text: string) => JSON.stringify(text);

function stdinProgram(cases: LcbCases, isCorrect: boolean): string {
  const answers = Object.fromEntries(cases.inputs.map((input, index) => [input, cases.outputs[index] ?? ""]));
  return [
    "import json",
    "import sys",
    `ANSWERS = json.loads(${pythonString(JSON.stringify(answers))})`,
    "data = sys.stdin.read()",
    isCorrect ? "print(ANSWERS[data])" : 'print(ANSWERS[data] + "\\n-1")',
  ].join("\n");
}

function callProgram(cases: LcbCases, isCorrect: boolean): string {
  return [
    "import builtins",
    "import json",
    "",
    `OUTPUTS = json.loads(${pythonString(JSON.stringify(cases.outputs))})`,
    "",
    "",
    "class Solution:",
    `    def ${cases.fn_name}(self, *args):`,
    '        calls = builtins.__dict__.setdefault("_llm_bench_oracle_calls", [0])',
    "        index = calls[0]",
    "        calls[0] += 1",
    isCorrect ? "        return json.loads(OUTPUTS[index])" : "        return object()",
  ].join("\n");
}

export const lcbOracle: OracleAnswer = (sample, isCorrect, variant) => {
  const cases = sample.metadata[LCB_CASES_FIELD] as LcbCases;
  const program = cases.fn_name === null ? stdinProgram(cases, isCorrect) : callProgram(cases, isCorrect);
  const lead = variant % 2 === 0 ? "" : "Here is a solution that reads the problem carefully.\n\n";
  return `${lead}\`\`\`python\n${program}\n\`\`\`\n`;
};
