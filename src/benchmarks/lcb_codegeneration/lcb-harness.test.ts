// The grading harness run with plain python3 (the sandbox comes later). Each expected record is what LiveCodeBench's
// own testing_util.run_test (@28fef95ea8c9f7a547c8329f2cd3d32b92c1fa24) returned for the same program and tests
// under CPython 3.11.7, run outside the repository.
import { describe, expect, it } from "vitest";
import { hasPython3, printNoPythonReason, runPythonInDir } from "../test-support/run-python-in-dir.js";
import type { LcbCases } from "./lcb-cases.js";
import { LCB_HARNESS, LCB_HARNESS_FILES } from "./lcb-harness.js";
import { type LcbHarnessLine, parseLcbHarnessLine } from "./lcb-verdict.js";

if (!hasPython3) printNoPythonReason("lcb harness tests");

type CasesInput = Pick<LcbCases, "inputs" | "outputs"> & Partial<Pick<LcbCases, "fn_name" | "timeout">>;

async function grade(solution: string, cases: CasesInput): Promise<LcbHarnessLine> {
  const run = await runPythonInDir(LCB_HARNESS, {
    [LCB_HARNESS_FILES.cases]: JSON.stringify({ fn_name: null, timeout: 6, ...cases }),
    [LCB_HARNESS_FILES.solution]: solution,
  });
  const line = parseLcbHarnessLine(run.stdout);
  if (line === undefined) throw new Error(`no result line; stdout ${run.stdout}; stderr ${run.stderr}`);
  expect(run.stdout.trim().split("\n")).toHaveLength(1);
  return line;
}

const SHORT_SORT =
  "t = int(input())\nfor _ in range(t):\n    s = input()\n" +
  "    print('YES' if sum(a != b for a, b in zip(s, 'abc')) in (0, 2) else 'NO')\n";

const COUNT_PAIRS =
  "class Solution:\n    def countPairs(self, nums: List[int], target: int) -> int:\n" +
  "        return sum(1 for i in range(len(nums)) for j in range(i + 1, len(nums)) if nums[i] + nums[j] < target)\n";

describe.skipIf(!hasPython3)("lcb_harness.py: accepted programs", () => {
  it("stdin: every test passes", async () => {
    const line = await grade(SHORT_SORT, {
      inputs: ["2\nabc\nbca\n", "1\ncab\n"],
      outputs: ["YES\nNO\n", "NO\n"],
    });
    expect(line).toMatchObject({ results: [true, true], error_code: null, failed_stage: null });
    expect(line.execution_time_s).toBeGreaterThanOrEqual(0);
  });

  it("call-based: Solution() is made when the text has `class Solution`, one JSON value per input line", async () => {
    const line = await grade(COUNT_PAIRS, {
      inputs: ["[-1, 1, 2, 3, 1]\n2", "[-6, 2, 5, -2, -7, -1, 3]\n-2", "[5]\n10"],
      outputs: ["3", "10", "0"],
      fn_name: "countPairs",
    });
    expect(line).toMatchObject({ results: [true, true, true], error_code: null, failed_stage: null });
  });

  it("call-based: a module-level function, a tuple answer counted as its list, 1 == 1.0", async () => {
    const solution = "def pair(a, b):\n    return (a, b * 1.0)\n";
    const line = await grade(solution, { inputs: ['"x"\n2'], outputs: ['["x", 2]'], fn_name: "pair" });
    expect(line.results).toEqual([true]);
  });

  it("stdin: Decimal fallback ('1.0  2.50' equals '1 2.5'), stripped lines, trailing blank lines", async () => {
    expect((await grade("print('1.0  2.50')\n", { inputs: [""], outputs: ["1 2.5"] })).results).toEqual([
      true,
    ]);
    expect((await grade("print('  a b ')\nprint()\n", { inputs: [""], outputs: ["a b\n"] })).results).toEqual(
      [true],
    );
  });

  it("stdin: the import prelude, a unwrapped __main__ guard, exit() keeping what was printed", async () => {
    const solution =
      "def main():\n    print(gcd(int(input()), 6))\n    print(deque([1]).pop())\n    exit()\n    print('never')\n" +
      'if __name__ == "__main__":\n    main()\n';
    expect((await grade(solution, { inputs: ["4\n"], outputs: ["2\n1\n"] })).results).toEqual([true]);
  });

  it("stdin: LiveCodeBench's patched stdin (readline with newline, bare stdin without, buffer, read, open)", async () => {
    const solution =
      "import sys\nfrom sys import stdin as own\n" +
      "print(repr(sys.stdin.readline()), repr(own.readline()), repr(sys.stdin.buffer.readline()))\n" +
      "print(repr(sys.stdin.read()), repr(sys.stdin.readlines()), repr(own.buffer.read()), repr(open(0).read()))\n";
    const line = await grade(solution, { inputs: ["x\ny\n"], outputs: ["?"] });
    expect(line).toMatchObject({
      results: [-2],
      output: "'x\\n' 'x' b'x\\n'\n'x\\ny\\n' ['x', 'y', ''] b'' ''\n",
      error_message: "Wrong answer: mismatched output length",
    });
  });

  it("call-based: what the solution prints cannot spoil the result line", async () => {
    const solution =
      "import os\nclass Solution:\n    def f(self, x):\n        print('noise')\n" +
      "        os.write(1, b'{\"results\": [true]}')\n        return x\n";
    const line = await grade(solution, { inputs: ["1", "2"], outputs: ["1", "3"], fn_name: "f" });
    expect(line).toMatchObject({ results: [true, false], error_code: -2 });
  });
});

describe.skipIf(!hasPython3)("lcb_harness.py: rejected programs", () => {
  it("stdin wrong answer (-2): stops at the failing test, records the line that differs", async () => {
    const line = await grade("print(input())\n", { inputs: ["a\n", "b\n", "c\n"], outputs: ["a", "x", "c"] });
    expect(line).toEqual({
      results: [true, -2],
      error_code: -2,
      error_message: "Wrong answer at output_line_idx=0: b != x",
      error: null,
      output: "b\n",
      inputs: "b\n",
      expected: "x",
      failed_stage: "tests",
      execution_time_s: null,
    });
  });

  it("stdin wrong answer (-2): a different number of lines", async () => {
    const line = await grade("print(1)\n", { inputs: ["x"], outputs: ["1\n2\n"] });
    expect(line).toMatchObject({
      results: [-2],
      error_code: -2,
      error_message: "Wrong answer: mismatched output length",
      output: "1\n",
      expected: "1\n2\n",
    });
  });

  it("stdin wrong answer (-2): a non-numeric line that differs, and NaN (Decimal NaN != NaN)", async () => {
    expect(await grade("print('1.0 abc')\n", { inputs: ["x"], outputs: ["1 abc"] })).toMatchObject({
      results: [-2],
      error_message: "Wrong answer at output_line_idx=0: 1.0 abc != 1 abc",
    });
    expect((await grade("print('nan')\n", { inputs: ["x"], outputs: ["nan"] })).results).toEqual([true]);
    expect((await grade("print('nan')\n", { inputs: ["x"], outputs: ["NaN"] })).results).toEqual([-2]);
  });

  it("call-based wrong answer: false in results, the value's str() as output, no float tolerance", async () => {
    const solution = "class Solution:\n    def f(self, a, b):\n        return [a, b]\n";
    expect(await grade(solution, { inputs: ["[1, 2]\n3"], outputs: ["[1, 2]"], fn_name: "f" })).toMatchObject(
      {
        results: [false],
        error_code: -2,
        error_message: "Wrong Answer",
        output: "[[1, 2], 3]",
        inputs: "[[1, 2], 3]",
        expected: "[1, 2]",
        failed_stage: "tests",
      },
    );
    const float = "class Solution:\n    def f(self, a):\n        return 0.1 + 0.2\n";
    expect((await grade(float, { inputs: ["0"], outputs: ["0.3"], fn_name: "f" })).results).toEqual([false]);
  });

  it("time limit (-3), stdin and call-based, with a 1 s alarm", async () => {
    const stdin = await grade("while True:\n    pass\n", { inputs: ["x"], outputs: ["1"], timeout: 1 });
    expect(stdin).toMatchObject({
      results: [-3],
      error_code: -3,
      error_message: "Time Limit Exceeded",
      error: "TimeoutException()",
      inputs: "x",
      expected: "1",
    });
    const solution = "class Solution:\n    def f(self, a):\n        while True:\n            pass\n";
    const callBased = await grade(solution, {
      inputs: ["1", "2"],
      outputs: ["1", "2"],
      fn_name: "f",
      timeout: 1,
    });
    expect(callBased).toMatchObject({ results: [-3], error_code: -3, inputs: "[1]" });
  });

  it("runtime error (-4): the exception's repr", async () => {
    expect(await grade("print(1 // 0)\n", { inputs: ["x"], outputs: ["1"] })).toMatchObject({
      results: [-4],
      error_code: -4,
      error_message: "Runtime Error",
      error: "ZeroDivisionError('integer division or modulo by zero')",
      failed_stage: "tests",
    });
    const solution = "class Solution:\n    def f(self, a):\n        return a[5]\n";
    expect(await grade(solution, { inputs: ["[1]"], outputs: ["1"], fn_name: "f" })).toMatchObject({
      results: [-4],
      error: "IndexError('list index out of range')",
    });
    // LiveCodeBench's stdin object is not iterable, and its reliability guard switches os functions off.
    expect(
      await grade("import sys\nfor line in sys.stdin:\n    print(line)\n", {
        inputs: ["x\n"],
        outputs: ["x"],
      }),
    ).toMatchObject({ results: [-4], error: `TypeError("'MockStdinWithBuffer' object is not iterable")` });
    expect(await grade("import os\nprint(os.getcwd())\n", { inputs: ["x"], outputs: ["/"] })).toMatchObject({
      results: [-4],
      error: "TypeError(\"'NoneType' object is not callable\")",
    });
  });

  it("a program that does not compile: [-4] 'Error during testing: …', as LiveCodeBench records it", async () => {
    expect(await grade("def f(:\n    pass\n", { inputs: ["x"], outputs: ["1"] })).toMatchObject({
      results: [-4],
      error_code: -4,
      error_message: "Error during testing: invalid syntax (<string>, line 1)",
      failed_stage: "compile",
    });
    // Call-based code follows the 35-line prelude and "\n\n" (two empty lines): line 2 of the answer is line 39.
    const callBased = "class Solution:\n    def f(self, a)\n        return a\n";
    expect(await grade(callBased, { inputs: ["1"], outputs: ["1"], fn_name: "f" })).toMatchObject({
      results: [-4],
      error_message: "Error during testing: expected ':' (<string>, line 39)",
      failed_stage: "compile",
    });
  });

  it("no such function, or a module-level import that fails: the compile stage", async () => {
    const solution = "class Solution:\n    def g(self, a):\n        return a\n";
    expect(await grade(solution, { inputs: ["1"], outputs: ["1"], fn_name: "f" })).toMatchObject({
      results: [-4],
      error_message: "Error during testing: cannot unpack non-iterable NoneType object",
      failed_stage: "compile",
    });
    expect(
      await grade("import no_such_module_here\nprint(1)\n", { inputs: ["x"], outputs: ["1"] }),
    ).toMatchObject({
      results: [-4],
      error_message: "Error during testing: No module named 'no_such_module_here'",
      failed_stage: "compile",
    });
  });

  it("a harness that cannot start says so (-5, failed_stage harness)", async () => {
    const run = await runPythonInDir(LCB_HARNESS, { [LCB_HARNESS_FILES.solution]: "print(1)\n" });
    expect(parseLcbHarnessLine(run.stdout)).toMatchObject({
      results: [-5],
      error_code: -5,
      error_message: "TestRunnerError",
      failed_stage: "harness",
    });
  });
});
