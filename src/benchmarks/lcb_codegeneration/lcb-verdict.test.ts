// Verdicts from harness lines and from sandboxes that stopped the harness first.
import { describe, expect, it } from "vitest";
import { type LcbRunOutcome, lcbVerdict, parseLcbHarnessLine } from "./lcb-verdict.js";

const line = (fields: Record<string, unknown>) =>
  JSON.stringify({
    results: [],
    error_code: null,
    error_message: null,
    error: null,
    output: null,
    inputs: null,
    expected: null,
    failed_stage: null,
    execution_time_s: null,
    ...fields,
  });
const ran = (stdout: string, overrides: Partial<LcbRunOutcome> = {}): LcbRunOutcome => ({
  status: "ok",
  stdout,
  stderr: "",
  ...overrides,
});

describe("lcbVerdict from the harness line", () => {
  it("passes when every result is true", () => {
    expect(lcbVerdict(ran(`${line({ results: [true, true, true], execution_time_s: 0.01 })}\n`), 3)).toEqual({
      passed: true,
      reason: "passed",
      testsPassed: 3,
      testsTotal: 3,
      errorCode: null,
      results: [true, true, true],
    });
  });

  it("wrong answer: stdin -2 and call-based false", () => {
    const stdin = line({
      results: [true, -2],
      error_code: -2,
      error_message: "Wrong answer at output_line_idx=0: b != x",
      output: "b\n",
      inputs: "b\n",
      expected: "x",
      failed_stage: "tests",
    });
    expect(lcbVerdict(ran(stdin), 3)).toEqual({
      passed: false,
      reason: "wrong answer",
      testsPassed: 1,
      testsTotal: 3,
      errorCode: -2,
      results: [true, -2],
      failure: {
        message: "Wrong answer at output_line_idx=0: b != x",
        output: "b\n",
        inputs: "b\n",
        expected: "x",
      },
    });
    const callBased = line({
      results: [false],
      error_code: -2,
      error_message: "Wrong Answer",
      failed_stage: "tests",
    });
    expect(lcbVerdict(ran(callBased), 2)).toMatchObject({
      passed: false,
      reason: "wrong answer",
      testsPassed: 0,
    });
  });

  it("time limit, runtime error, compile error", () => {
    const timeLimit = line({
      results: [-3],
      error_code: -3,
      error_message: "Time Limit Exceeded",
      failed_stage: "tests",
    });
    expect(lcbVerdict(ran(timeLimit), 1)).toMatchObject({ reason: "time limit", errorCode: -3 });
    const runtime = line({
      results: [true, -4],
      error_code: -4,
      error_message: "Runtime Error",
      error: "ZeroDivisionError('integer division or modulo by zero')",
      failed_stage: "tests",
    });
    expect(lcbVerdict(ran(runtime), 2)).toMatchObject({
      reason: "runtime error",
      errorCode: -4,
      testsPassed: 1,
      failure: { message: "Runtime Error", error: "ZeroDivisionError('integer division or modulo by zero')" },
    });
    const compile = line({
      results: [-4],
      error_code: -4,
      error_message: "Error during testing: invalid syntax (<string>, line 1)",
      failed_stage: "compile",
    });
    expect(lcbVerdict(ran(compile), 4)).toMatchObject({
      passed: false,
      reason: "compile error",
      errorCode: -4,
    });
  });

  it("a harness failure names its message", () => {
    const harness = line({
      results: [-5],
      error_code: -5,
      error_message: "TestRunnerError",
      failed_stage: "harness",
    });
    expect(lcbVerdict(ran(harness), 1)).toMatchObject({
      reason: "harness error: TestRunnerError",
      errorCode: -5,
    });
  });

  it("reads the last non-empty line, so output printed before it does not matter", () => {
    const stdout = `noise\n{"results": [true]}${line({ results: [true] })}\n${line({ results: [true] })}\n\n`;
    expect(lcbVerdict(ran(stdout), 1).passed).toBe(true);
  });

  it("keeps a result line even when the sandbox then stopped the process (LiveCodeBench keeps its worker's result)", () => {
    expect(
      lcbVerdict(ran(line({ results: [true] }), { status: "timeout", reason: "killed" }), 1).passed,
    ).toBe(true);
  });

  it("no tests at all passes, as np.all([]) does", () => {
    expect(lcbVerdict(ran(line({ results: [] })), 0)).toMatchObject({ passed: true, testsPassed: 0 });
  });
});

describe("lcbVerdict without a result line", () => {
  it("a sandbox stop is LiveCodeBench's global timeout: -1 on every test", () => {
    const outcome = ran("", {
      status: "timeout",
      reason: "killed after the 26 s wall-clock limit",
      stderr: "",
    });
    expect(lcbVerdict(outcome, 3)).toEqual({
      passed: false,
      reason: "sandbox: killed after the 26 s wall-clock limit",
      testsPassed: 0,
      testsTotal: 3,
      errorCode: -1,
      results: [-1, -1, -1],
      failure: { message: "killed after the 26 s wall-clock limit" },
    });
    expect(lcbVerdict(ran("", { status: "memory-limit" }), 1).reason).toBe("sandbox: memory-limit");
  });

  it("a program that ended without the line: 'harness printed no result', stderr kept", () => {
    const outcome = ran("garbage\n", { status: "exit", stderr: "Traceback …\nSyntaxError: boom" });
    expect(lcbVerdict(outcome, 2)).toEqual({
      passed: false,
      reason: "harness printed no result",
      testsPassed: 0,
      testsTotal: 2,
      errorCode: -1,
      results: [-1, -1],
      failure: { message: "harness printed no result", error: "Traceback …\nSyntaxError: boom" },
    });
    expect(lcbVerdict(ran('{"results": "yes"}'), 1).reason).toBe("harness printed no result");
    expect(lcbVerdict(ran(""), 1).reason).toBe("harness printed no result");
  });

  it("an aborted run is no grade", () => {
    expect(lcbVerdict(ran("", { status: "aborted" }), 2)).toEqual({
      passed: false,
      reason: "sandbox: aborted",
      testsPassed: 0,
      testsTotal: 2,
      errorCode: null,
      results: [],
    });
  });
});

describe("parseLcbHarnessLine", () => {
  it("accepts the line with absent optional fields, rejects a line without results", () => {
    expect(parseLcbHarnessLine('{"results": [true, -2]}')).toEqual({ results: [true, -2] });
    expect(parseLcbHarnessLine('{"error_code": -2}')).toBeUndefined();
    expect(parseLcbHarnessLine('{"results": [1.5]}')).toBeUndefined();
    expect(parseLcbHarnessLine("not json")).toBeUndefined();
  });
});
