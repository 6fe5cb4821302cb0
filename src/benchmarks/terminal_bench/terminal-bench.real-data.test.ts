// terminal_bench on the staged real Terminal-Bench task folders (../shared/data/terminal_bench/tasks: 13 adapter
// tasks of evoeval, livecodebenchpro, swebench-verified and aider_polyglot): every task.yaml parses, every task
// loads with its image, parser and solution, and its first request builds.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import { loadTerminalBench } from "./index.js";
import { terminalBenchOracle } from "./terminal-bench-oracle.js";
import { terminalBenchFirstMessage } from "./terminal-bench-prompt.js";

const shared = sharedDataDir("terminal_bench/tasks");
if (shared === undefined) printSkipReason("terminal_bench real data");

describe.skipIf(shared === undefined)("terminal_bench real data", () => {
  const dataDir = path.join(shared ?? "", "terminal_bench", "tasks");

  // livecodebenchpro's task.yaml has no category: Terminal-Bench's default, software_engineering.
  it("loads all 13 staged tasks with their categories, parsers, images and solutions", async () => {
    const loaded = await loadTerminalBench({ context: createLocalDatasetContext(dataDir), nShots: 0 });
    expect(loaded.skipped).toBeUndefined();
    expect(loaded.samples.map((sample) => [sample.id, sample.task, sample.parser])).toEqual([
      ["aider_polyglot/polyglot_go_octal", "coding-exercises", "pytest"],
      ["aider_polyglot/polyglot_python_robot-name", "coding-exercises", "pytest"],
      ["aider_polyglot/polyglot_rust_robot-name", "coding-exercises", "pytest"],
      ["evoeval/24", "python_programming", "pytest"],
      ["evoeval/39", "python_programming", "pytest"],
      ["evoeval/45", "python_programming", "pytest"],
      ["evoeval/83", "python_programming", "pytest"],
      ["livecodebenchpro/lcbpro-1996a", "software_engineering", "pytest"],
      ["livecodebenchpro/lcbpro-1999a", "software_engineering", "pytest"],
      ["livecodebenchpro/lcbpro-2094a", "software_engineering", "pytest"],
      ["swebench-verified/django__django-11119", "debugging", "swebench"],
      ["swebench-verified/scikit-learn__scikit-learn-14141", "debugging", "swebench"],
      ["swebench-verified/sympy__sympy-19637", "debugging", "swebench"],
    ]);
    for (const sample of loaded.samples) {
      expect(sample.image).toEqual({
        kind: "build",
        contextDirectory: sample.taskDirectory,
        dockerfile: "Dockerfile",
      });
      expect(sample.solution?.length).toBeGreaterThan(0);
      expect(sample.hasTestsDirectory).toBe(true);
      const prompt = loaded.buildPrompt(sample, {
        endpointType: "chat",
        nShots: 0,
        systemPrompt: undefined,
        cot: false,
      });
      expect(prompt).toEqual({
        type: "chat",
        messages: [{ role: "user", content: terminalBenchFirstMessage(sample.config.instruction) }],
      });
      expect(terminalBenchOracle.promptSuffix(sample, { name: "spec" } as never)).toBe(
        terminalBenchFirstMessage(sample.config.instruction),
      );
    }
    const evoeval = loaded.samples.find((sample) => sample.id === "evoeval/24");
    expect(evoeval?.config).toMatchObject({
      difficulty: "easy",
      max_agent_timeout_sec: 600,
      max_test_timeout_sec: 120,
      tags: ["python", "programming", "evoeval"],
    });
    expect(evoeval?.environment).toEqual({ TEST_DIR: "/tests" });
    expect(evoeval?.config.instruction.startsWith("Solve this python programming problem")).toBe(true);
    const swebench = loaded.samples.find((sample) => sample.id === "swebench-verified/sympy__sympy-19637");
    expect(swebench?.config).toMatchObject({ run_tests_in_same_shell: false, max_test_timeout_sec: 3000 });
    // Its compose file sets no TEST_DIR (the tests run in /testbed from run-tests.sh).
    expect(swebench?.environment).toEqual({});
  });

  it("reads the shared data dir itself through its terminal_bench folder, ids prefixed by tasks/", async () => {
    const loaded = await loadTerminalBench({
      context: createLocalDatasetContext(shared),
      nShots: 0,
      tasks: ["python_programming"],
    });
    expect(loaded.samples.map((sample) => sample.id)).toEqual([
      "tasks/evoeval/24",
      "tasks/evoeval/39",
      "tasks/evoeval/45",
      "tasks/evoeval/83",
    ]);
  });
});
