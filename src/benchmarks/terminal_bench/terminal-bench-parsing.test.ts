// terminal_bench's pure parts: command extraction, output limiting, the pytest and SWE-bench parsers and the
// resolved rule, task.yaml and docker-compose.yaml reading.
import { describe, expect, it } from "vitest";
import { DatasetError } from "../../errors.js";
import { extractCommands } from "./extract-commands.js";
import { limitOutput } from "./limit-output.js";
import { isResolved, parsePytestOutput, parseSwebenchOutput } from "./parse-test-output.js";
import { readComposeClient } from "./read-compose-file.js";
import { parseTerminalBenchTask } from "./terminal-bench-task.js";

describe("extractCommands", () => {
  it("reads a ```bash block as one script and `$ ` lines as one command each, in order", () => {
    const answer = [
      "First look around:",
      "$ ls -la",
      "```bash",
      "cd /app",
      "cat > a.txt << 'EOF'",
      "x",
      "EOF",
      "```",
      "Then:",
      "  $ cat a.txt",
    ].join("\n");
    expect(extractCommands(answer)).toEqual({
      commands: [
        { kind: "line", text: "ls -la" },
        { kind: "script", text: "cd /app\ncat > a.txt << 'EOF'\nx\nEOF" },
        { kind: "line", text: "cat a.txt" },
      ],
      isDone: false,
    });
  });

  it("takes sh and shell fences, a longer fence holding ``` lines, and an unclosed fence to the end", () => {
    expect(extractCommands("```sh\necho 1\n```\n```shell\necho 2\n```").commands).toEqual([
      { kind: "script", text: "echo 1" },
      { kind: "script", text: "echo 2" },
    ]);
    expect(extractCommands("````bash\ncat <<'X'\n```\nX\n````").commands).toEqual([
      { kind: "script", text: "cat <<'X'\n```\nX" },
    ]);
    expect(extractCommands("```bash\necho cut at max_tokens").commands).toEqual([
      { kind: "script", text: "echo cut at max_tokens" },
    ]);
  });

  it("runs a shell block written as a `$ ` transcript line by line", () => {
    expect(extractCommands("```bash\n$ mkdir -p /x\n\n$ cd /x\n```").commands).toEqual([
      { kind: "line", text: "mkdir -p /x" },
      { kind: "line", text: "cd /x" },
    ]);
  });

  it("ignores other languages' code except their `$ ` lines, and plain text", () => {
    const answer =
      "```python\nprint('$ not a command')\n```\n```console\n$ whoami\nroot\n```\nI would run ls.";
    expect(extractCommands(answer).commands).toEqual([{ kind: "line", text: "whoami" }]);
    expect(extractCommands("Nothing to run here.")).toEqual({ commands: [], isDone: false });
    expect(extractCommands("$ ").commands).toEqual([]);
  });

  it("hears DONE on a line of its own outside code blocks, with or without commands", () => {
    expect(extractCommands("All set.\nDONE")).toEqual({ commands: [], isDone: true });
    expect(extractCommands("**Done.**").isDone).toBe(true);
    expect(extractCommands("`DONE`").isDone).toBe(true);
    expect(extractCommands("$ rm -f /tmp/x\nDONE")).toEqual({
      commands: [{ kind: "line", text: "rm -f /tmp/x" }],
      isDone: true,
    });
    expect(extractCommands("```bash\necho DONE\nDONE\n```").isDone).toBe(false);
    expect(extractCommands("I am not done yet").isDone).toBe(false);
  });
});

describe("limitOutput", () => {
  it("keeps output within the limit as it is", () => {
    expect(limitOutput("x".repeat(10_000))).toBe("x".repeat(10_000));
  });

  it("keeps the first and last halves of a longer output and says how many bytes were left out", () => {
    const output = `${"a".repeat(6000)}${"b".repeat(6000)}`;
    const limited = limitOutput(output);
    expect(limited.startsWith(`${"a".repeat(5000)}\n[2000 bytes of output left out here`)).toBe(true);
    expect(limited.endsWith(`at most 10000 are shown]\n${"b".repeat(5000)}`)).toBe(true);
  });

  it("drops a character cut in two at either boundary and counts its bytes as left out", () => {
    // "é" is two bytes: the first 3 bytes end inside the first "é", the last 3 start inside the ninth.
    const limited = limitOutput(`aa${"é".repeat(10)}`, 6);
    expect(limited).toBe("aa\n[18 bytes of output left out here; at most 6 are shown]\né");
    expect(limitOutput(`${"é".repeat(4)}`, 6)).toBe(
      "é\n[4 bytes of output left out here; at most 6 are shown]\né",
    );
  });
});

/** `pytest -rA` output (pytest 9.0.3) for passed, failed, skipped, xfail and parametrized tests. */
const PYTEST_OUTPUT = `============================= test session starts ==============================
collected 6 items

test_x.py .FsxF.                                                          [100%]

=================================== FAILURES ===================================
___________________________________ test_bad ___________________________________
E   AssertionError: one is not two - really
test_x.py:3: AssertionError
==================================== PASSES ====================================
=========================== short test summary info ============================
PASSED test_x.py::test_ok
PASSED test_x.py::test_param[1]
SKIPPED [1] test_x.py:4: later
XFAIL test_x.py::test_xf
FAILED test_x.py::test_bad - AssertionError: one is not two - really
FAILED test_x.py::test_param[2] - assert 2 == 1
============== 2 failed, 2 passed, 1 skipped, 1 xfailed in 1.76s ===============`;

describe("parsePytestOutput", () => {
  it("reads the short test summary as Terminal-Bench does: names after `::`, only the last ` - ` part cut", () => {
    expect(parsePytestOutput(PYTEST_OUTPUT)).toEqual({
      status: "parsed",
      results: {
        test_ok: "passed",
        "test_param[1]": "passed",
        // No `::`: the whole rest of the line is the name.
        "[1] test_x.py:4: later": "passed",
        test_xf: "passed",
        // The description is cut at its last " - " only.
        "test_bad - AssertionError: one is not two": "failed",
        "test_param[2]": "failed",
      },
    });
    expect(isResolved(parsePytestOutput(PYTEST_OUTPUT))).toBe(false);
  });

  it("passes a run whose every test passed; XPASS and ERROR fail it; the header's case does not matter", () => {
    const passing =
      "== SHORT TEST SUMMARY INFO ==\nPASSED /tests/test_outputs.py::test_a\nPASSED /tests/test_outputs.py::test_b\n== 2 passed in 0.1s ==";
    expect(isResolved(parsePytestOutput(passing))).toBe(true);
    expect(parsePytestOutput(`${passing}\nXPASS t.py::test_c`)).toMatchObject({
      results: { test_c: "failed" },
    });
    expect(parsePytestOutput(`${passing}\nERROR t.py::test_d`)).toMatchObject({
      results: { test_d: "failed" },
    });
  });

  it("is a parse error without a summary, and resolved (as Terminal-Bench's all()) when no line of it parses", () => {
    const crashed = parsePytestOutput("bash: uv: command not found\n");
    expect(crashed).toEqual({ status: "parse_error", reason: expect.stringContaining("short test summary") });
    expect(isResolved(crashed)).toBe(false);
    const empty = parsePytestOutput("=== short test summary info ===\n=== no tests ran in 0.01s ===");
    expect(empty).toEqual({ status: "parsed", results: {} });
    expect(isResolved(empty)).toBe(true);
  });
});

describe("parseSwebenchOutput", () => {
  it("is one test, passed only when PASSED alone stands between the markers", () => {
    const wrap = (block: string) =>
      `noise\nSWEBench results starts here\n${block}\nSWEBench results ends here\n`;
    expect(parseSwebenchOutput(wrap("PASSED"))).toEqual({ status: "parsed", results: { tests: "passed" } });
    expect(parseSwebenchOutput(wrap("FAILED"))).toEqual({ status: "parsed", results: { tests: "failed" } });
    expect(parseSwebenchOutput(wrap("PASSED\nextra"))).toEqual({
      status: "parsed",
      results: { tests: "failed" },
    });
    expect(parseSwebenchOutput("SWEBench results starts here\nPASSED\n")).toMatchObject({
      status: "parse_error",
    });
  });
});

describe("parseTerminalBenchTask", () => {
  it("applies Terminal-Bench's defaults and keeps keys it does not know", () => {
    const task = parseTerminalBenchTask(
      "# canary\ninstruction: Do it.\ndifficulty: hard\nexpert_time_estimate_min: 5\n",
      "t/task.yaml",
    );
    expect(task).toEqual({
      instruction: "Do it.",
      author_name: "unknown",
      author_email: "unknown",
      difficulty: "hard",
      category: "software_engineering",
      tags: [],
      parser_name: "pytest",
      max_agent_timeout_sec: 360,
      max_test_timeout_sec: 60,
      run_tests_in_same_shell: false,
      expert_time_estimate_min: 5,
    });
  });

  it("names the file and line of bad YAML, and the file and field of a bad value", () => {
    expect(() => parseTerminalBenchTask("instruction: [unclosed\n", "a/task.yaml")).toThrow(
      /^a\/task\.yaml:\d+ is not valid YAML/,
    );
    expect(() => parseTerminalBenchTask("instruction: x\ndifficulty: trivial\n", "b/task.yaml")).toThrow(
      /b\/task\.yaml is not a Terminal-Bench task\.yaml: difficulty: /,
    );
    expect(() => parseTerminalBenchTask("difficulty: easy\n", "c/task.yaml")).toThrow(/instruction/);
    expect(() => parseTerminalBenchTask("- a list\n", "d/task.yaml")).toThrow(DatasetError);
  });
});

describe("readComposeClient", () => {
  it("reads the client's build, environment (Terminal-Bench's variables filled in) and working_dir", () => {
    const text = `services:
  client:
    build:
      dockerfile: Dockerfile
    image: \${T_BENCH_TASK_DOCKER_CLIENT_IMAGE_NAME}
    working_dir: /work
    environment:
      - TEST_DIR=\${T_BENCH_TEST_DIR}
      - LOGS=\${T_BENCH_CONTAINER_LOGS_PATH}/x
      - UNSET=\${SOMETHING_ELSE}
`;
    expect(readComposeClient(text, "c.yaml", "/tasks/a")).toEqual({
      image: { kind: "build", contextDirectory: "/tasks/a", dockerfile: "Dockerfile" },
      workdir: "/work",
      environment: { TEST_DIR: "/tests", LOGS: "/logs/x", UNSET: "" },
    });
  });

  it("takes a named image when nothing is built, and nothing from a compose file without a client", () => {
    expect(readComposeClient("services:\n  client:\n    image: alpine:3\n", "c.yaml", "/t")).toEqual({
      image: { kind: "pull", reference: "alpine:3" },
      environment: {},
    });
    expect(readComposeClient("services:\n  db:\n    image: x\n", "c.yaml", "/t")).toEqual({
      environment: {},
    });
    expect(() => readComposeClient("services: [\n", "bad/docker-compose.yaml", "/t")).toThrow(
      /bad\/docker-compose\.yaml is not valid YAML/,
    );
  });
});
