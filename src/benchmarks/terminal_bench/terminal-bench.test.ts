// terminal_bench's loader on its fixtures and on broken folders, its prompt, its oracle's answers as the loop reads
// them, and the agent loop against a container whose commands run in a local bash (directories kept, stop rules,
// the turn and time limits).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ExecResult, SampleContainer } from "../../containers/types.js";
import type { ChatMessage } from "../../core/prompt.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { fixturesDir } from "../test-support/shared-data-dir.js";
import type { SampleSession } from "../types.js";
import { extractCommands } from "./extract-commands.js";
import { loadTerminalBench, terminalBench } from "./index.js";
import { runAgentLoop } from "./run-agent-loop.js";
import { imageRepository } from "./run-terminal-bench-task.js";
import { ORACLE_WRONG_COMMAND, oracleCommands, terminalBenchOracle } from "./terminal-bench-oracle.js";
import { commandResultsMessage, terminalBenchFirstMessage } from "./terminal-bench-prompt.js";
import type { TerminalBenchSample } from "./terminal-bench-sample.js";

const FIXTURES = fixturesDir("terminal_bench");
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), "terminal-bench-test-")));
  dirs.push(dir);
  return dir;
}

async function loadFrom(dataDir: string | undefined, tasks?: string[]) {
  return loadTerminalBench({
    context: createLocalDatasetContext(dataDir),
    nShots: 0,
    ...(tasks === undefined ? {} : { tasks }),
  });
}

describe("loadTerminalBench", () => {
  it("reads every task folder under <data-dir>/terminal_bench, ids their paths, tasks their categories", async () => {
    const loaded = await loadFrom(FIXTURES);
    const root = path.join(FIXTURES, "terminal_bench");
    expect(loaded.samples.map((sample) => [sample.id, sample.task, sample.parser, sample.facets])).toEqual([
      ["files/write-greeting", "file-operations", "pytest", { difficulty: "easy" }],
      ["numbers/sum-numbers", "data-processing", "swebench", { difficulty: "medium" }],
    ]);
    const [greeting, numbers] = loaded.samples;
    expect(greeting?.image).toEqual({
      kind: "build",
      contextDirectory: path.join(root, "files/write-greeting"),
      dockerfile: "Dockerfile",
    });
    expect(greeting?.environment).toEqual({ TEST_DIR: "/tests" });
    expect(greeting?.hasTestsDirectory).toBe(true);
    expect(greeting?.solution).toBe("#!/bin/bash\nprintf 'hello, terminal\\n' > /app/greeting.txt\n");
    // No compose file: its Dockerfile still builds; no tests/ folder.
    expect(numbers?.image).toMatchObject({ kind: "build", dockerfile: "Dockerfile" });
    expect(numbers?.environment).toEqual({});
    expect(numbers?.hasTestsDirectory).toBe(false);
    expect(numbers?.config.max_agent_timeout_sec).toBe(300);
  });

  it("gives every sample the run's --max-turns, else the spec's 15", async () => {
    expect((await loadFrom(FIXTURES)).samples.map((sample) => sample.maxTurns)).toEqual([15, 15]);
    const loaded = await loadTerminalBench({
      context: createLocalDatasetContext(FIXTURES),
      nShots: 0,
      containerTier: { maxTurns: 3 },
    });
    expect(loaded.samples.map((sample) => sample.maxTurns)).toEqual([3, 3]);
  });

  it("follows linked folders", async () => {
    const dir = tempDir();
    symlinkSync(path.join(FIXTURES, "terminal_bench", "numbers"), path.join(dir, "linked"));
    expect((await loadFrom(dir)).samples.map((sample) => sample.id)).toEqual(["linked/sum-numbers"]);
  });

  it("searches a folder reached again through a link once (a link to an ancestor does not loop)", async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, "suite"));
    symlinkSync(path.join(FIXTURES, "terminal_bench", "numbers"), path.join(dir, "suite", "numbers"));
    symlinkSync(dir, path.join(dir, "suite", "again"));
    expect((await loadFrom(dir)).samples.map((sample) => sample.id)).toEqual(["suite/numbers/sum-numbers"]);
  });

  it("keeps the categories --tasks names and refuses an unknown one, listing those there are", async () => {
    expect((await loadFrom(FIXTURES, ["data-processing"])).samples.map((sample) => sample.id)).toEqual([
      "numbers/sum-numbers",
    ]);
    await expect(loadFrom(FIXTURES, ["games"])).rejects.toThrow(
      "terminal_bench has no task category games in this data dir. Categories: data-processing, file-operations.",
    );
  });

  it("says how to get the tasks (git, at the pinned commit) when no --data-dir is given", async () => {
    await expect(loadFrom(undefined)).rejects.toThrow(
      /needs --data-dir[\s\S]*git clone -b dataset\/terminal-bench-core\/v0\.1\.x https:\/\/github\.com\/laude-institute\/terminal-bench && git -C terminal-bench checkout 91e10457b5410f16c44364da1a34cb6de8c488a5/,
    );
  });

  it("takes a dir that is one task, gives the spec's ubuntu:22.04 to a task naming no image, skips parsers not ported", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "task.yaml"), "instruction: Say hi.\ndifficulty: easy\n");
    writeFileSync(path.join(dir, "run-tests.sh"), "echo\n");
    const [only] = (await loadFrom(dir)).samples;
    expect(only).toMatchObject({
      id: path.basename(dir),
      image: { kind: "pull", reference: "ubuntu:22.04" },
    });
    expect(only?.solution).toBeUndefined();

    const root = tempDir();
    for (const [name, parser] of [
      ["a", "pytest"],
      ["b", "mlebench"],
    ] as const) {
      mkdirSync(path.join(root, name));
      writeFileSync(
        path.join(root, name, "task.yaml"),
        `instruction: x\ndifficulty: easy\nparser_name: ${parser}\n`,
      );
      writeFileSync(path.join(root, name, "run-tests.sh"), "echo\n");
    }
    const loaded = await loadFrom(root);
    expect(loaded.samples.map((sample) => sample.id)).toEqual(["a"]);
    expect(loaded.skipped).toEqual({ count: 1, reason: "tasks graded by parsers not ported (mlebench)" });
  });

  it("names the folder or file of a task that cannot be read", async () => {
    const empty = tempDir();
    await expect(loadFrom(empty)).rejects.toThrow(
      /No Terminal-Bench task under .*: a task is a folder with a task\.yaml/,
    );
    await expect(loadFrom(path.join(empty, "missing"))).rejects.toThrow(
      /--data-dir .*missing is not a directory/,
    );

    const noTests = tempDir();
    writeFileSync(path.join(noTests, "task.yaml"), "instruction: x\ndifficulty: easy\n");
    await expect(loadFrom(noTests)).rejects.toThrow(/has a task\.yaml but no run-tests\.sh/);

    const badYaml = tempDir();
    mkdirSync(path.join(badYaml, "t"));
    writeFileSync(path.join(badYaml, "t", "task.yaml"), "instruction: 'unclosed\n");
    await expect(loadFrom(badYaml)).rejects.toThrow(`${path.join(badYaml, "t", "task.yaml")}:`);

    const badBuild = tempDir();
    writeFileSync(path.join(badBuild, "task.yaml"), "instruction: x\ndifficulty: easy\n");
    writeFileSync(path.join(badBuild, "run-tests.sh"), "echo\n");
    writeFileSync(
      path.join(badBuild, "docker-compose.yaml"),
      "services:\n  client:\n    build:\n      dockerfile: Other.Dockerfile\n",
    );
    await expect(loadFrom(badBuild)).rejects.toThrow(/builds from .*Other\.Dockerfile, which does not exist/);
  });

  it("builds the first request: the rules, then the instruction; --system-prompt before it", async () => {
    const loaded = await loadFrom(FIXTURES);
    const sample = loaded.samples[0] as TerminalBenchSample;
    const options = { endpointType: "chat" as const, nShots: 0, cot: false };
    const prompt = loaded.buildPrompt(sample, { ...options, systemPrompt: "Be brief." });
    expect(prompt).toEqual({
      type: "chat",
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: terminalBenchFirstMessage(sample.config.instruction) },
      ],
    });
    const text = terminalBenchFirstMessage(sample.config.instruction);
    expect(
      text.endsWith("\n\nTask:\nCreate the file /app/greeting.txt whose only line is: hello, terminal"),
    ).toBe(true);
    expect(text).toContain("```bash code block");
    expect(text).toContain("`$ `");
    expect(text).toContain("reply with DONE on a line of its own");
    expect(loaded.buildPrompt(sample, { ...options, systemPrompt: "" })).toMatchObject({
      messages: [{ role: "user" }],
    });
  });
});

describe("the oracle", () => {
  it("answers right with solution.sh as one bash block, wrong with a command that solves nothing, then DONE", async () => {
    const [sample] = (await loadFrom(FIXTURES)).samples;
    if (sample === undefined) throw new Error("no fixture");
    const recipe = terminalBench.recipes[0];
    const first: ChatMessage[] = [
      { role: "user", content: terminalBenchFirstMessage(sample.config.instruction) },
    ];
    expect(terminalBenchOracle.dialogue?.keys(sample, recipe)).toEqual([first[0]?.content]);
    const right = terminalBenchOracle.dialogue?.reply(sample, true, recipe, first, false).text ?? "";
    expect(extractCommands(right)).toEqual({
      commands: [{ kind: "script", text: "#!/bin/bash\nprintf 'hello, terminal\\n' > /app/greeting.txt" }],
      isDone: false,
    });
    const wrong = terminalBenchOracle.dialogue?.reply(sample, false, recipe, first, false).text ?? "";
    expect(extractCommands(wrong).commands).toEqual([{ kind: "script", text: ORACLE_WRONG_COMMAND }]);
    const later = [
      ...first,
      { role: "assistant" as const, content: right },
      { role: "user" as const, content: "…" },
    ];
    expect(
      extractCommands(terminalBenchOracle.dialogue?.reply(sample, true, recipe, later, false).text ?? ""),
    ).toEqual({
      commands: [],
      isDone: true,
    });
  });

  it("fences a solution that holds ``` with a longer fence", () => {
    const sample = { solution: "cat <<'EOF' > README.md\n```\ncode\n```\nEOF\n" } as TerminalBenchSample;
    expect(extractCommands(oracleCommands(sample, true)).commands).toEqual([
      { kind: "script", text: "cat <<'EOF' > README.md\n```\ncode\n```\nEOF" },
    ]);
  });
});

describe("imageRepository", () => {
  it("makes an image repository of a task id", () => {
    expect(imageRepository("evoeval/24")).toBe("llm-bench/terminal-bench-evoeval-24");
    expect(imageRepository("swebench-verified/Django__django-11119")).toBe(
      "llm-bench/terminal-bench-swebench-verified-django__django-11119",
    );
  });
});

/** A container whose commands run in a local bash, started in `workdir` (what a container's exec does). */
function localContainer(workdir: string, seen: string[] = []): SampleContainer {
  return {
    id: "local",
    image: "local",
    async exec(command, options) {
      const script = typeof command === "string" ? command : command.join(" ");
      seen.push(script);
      const started = performance.now();
      const run = spawnSync("bash", ["-c", script], {
        cwd: options?.workdir ?? workdir,
        encoding: "utf8",
        timeout: options?.timeoutMs ?? 120_000,
      });
      const isTimeout = run.error !== undefined && "code" in run.error && run.error.code === "ETIMEDOUT";
      const result: ExecResult = {
        status: isTimeout ? "timeout" : run.status === 0 ? "ok" : "exit",
        exitCode: isTimeout ? null : run.status,
        stdout: run.stdout,
        stderr: run.stderr,
        isTruncated: false,
        durationMs: performance.now() - started,
        isOutOfMemory: false,
      };
      return result;
    },
    putFiles: () => Promise.reject(new Error("not used")),
    putDirectory: () => Promise.reject(new Error("not used")),
    readFile: () => Promise.reject(new Error("not used")),
  };
}

/** A session answering from a list, recording what it was sent. */
function scriptedSession(answers: readonly string[], sent: ChatMessage[][]): SampleSession {
  let index = 0;
  return {
    async send(messages) {
      sent.push([...messages]);
      const response = answers[index++] ?? "DONE";
      return { response, reasoning: "", finishReason: "stop", isThinkUnclosed: false };
    },
    sendToUserModel: () => Promise.reject(new Error("no user model")),
    scorePrompt: () => Promise.reject(new Error("no scoring")),
  };
}

describe("runAgentLoop", () => {
  it("runs each answer's commands, keeps the directory between them, sends the outputs back, stops at DONE", async () => {
    const home = tempDir();
    mkdirSync(path.join(home, "sub"));
    const sent: ChatMessage[][] = [];
    const session = scriptedSession(
      ["$ cd sub\n$ pwd", "```bash\necho made > file.txt\nls\nexit 3\n```", "DONE"],
      sent,
    );
    const result = await runAgentLoop("Do things.", session, localContainer(home), {
      maxTurns: 15,
      agentTimeoutMs: 60_000,
    });
    expect(result.endedBy).toBe("done");
    expect(result.cwd).toBe(path.join(home, "sub"));
    expect(
      result.turns.map((turn) => turn.commands.map((each) => [each.command, each.exit_code, each.cwd_after])),
    ).toEqual([
      [
        ["cd sub", 0, path.join(home, "sub")],
        ["pwd", 0, path.join(home, "sub")],
      ],
      [["echo made > file.txt\nls\nexit 3", 3, path.join(home, "sub")]],
      [],
    ]);
    expect(sent).toHaveLength(3);
    expect(sent[1]?.at(-1)).toEqual({
      role: "user",
      content: `$ cd sub\n[exit code 0]\n(no output)\n\n$ pwd\n[exit code 0]\n${path.join(home, "sub")}`,
    });
    expect(sent[2]?.at(-1)?.content).toBe(
      "bash block (3 lines):\necho made > file.txt\nls\nexit 3\n[exit code 3]\nfile.txt",
    );
  });

  it("joins stderr to the output in order and stops at an answer without commands", async () => {
    const sent: ChatMessage[][] = [];
    const session = scriptedSession(["$ echo out; echo err >&2; echo out2", "I give up."], sent);
    const result = await runAgentLoop("x", session, localContainer(tempDir()), {
      maxTurns: 15,
      agentTimeoutMs: 60_000,
    });
    expect(result.endedBy).toBe("no_commands");
    expect(sent[1]?.at(-1)?.content).toBe(
      "$ echo out; echo err >&2; echo out2\n[exit code 0]\nout\nerr\nout2",
    );
  });

  it("stops after maxTurns answers, running the last one's commands without sending their output", async () => {
    const sent: ChatMessage[][] = [];
    const seen: string[] = [];
    const session = scriptedSession(["$ echo 1", "$ echo 2", "$ echo 3"], sent);
    const result = await runAgentLoop("x", session, localContainer(tempDir(), seen), {
      maxTurns: 2,
      agentTimeoutMs: 60_000,
    });
    expect(result.endedBy).toBe("max_turns");
    expect(sent).toHaveLength(2);
    expect(seen).toHaveLength(2);
    expect(result.messages.at(-1)).toEqual({ role: "assistant", content: "$ echo 2" });
  });

  it("runs commands and then stops when an answer also says DONE", async () => {
    const seen: string[] = [];
    const result = await runAgentLoop(
      "x",
      scriptedSession(["$ true\nDONE"], []),
      localContainer(tempDir(), seen),
      {
        maxTurns: 15,
        agentTimeoutMs: 60_000,
      },
    );
    expect(result.endedBy).toBe("done");
    expect(seen).toHaveLength(1);
  });

  it("gives a command at most the agent time left, reports its time limit, and ends at the task's agent timeout", async () => {
    let clock = 0;
    const sent: ChatMessage[][] = [];
    const session = scriptedSession(["$ sleep 5", "$ echo never"], sent);
    const container = localContainer(tempDir());
    const exec = container.exec.bind(container);
    const timeouts: (number | undefined)[] = [];
    container.exec = async (command, options) => {
      timeouts.push(options?.timeoutMs);
      const result = await exec(command, options);
      clock += 1500;
      return result;
    };
    const result = await runAgentLoop("x", session, container, {
      maxTurns: 15,
      agentTimeoutMs: 200,
      commandTimeoutMs: 180_000,
      now: () => clock,
    });
    expect(timeouts).toEqual([200]);
    expect(result.endedBy).toBe("agent_timeout");
    expect(result.turns[0]?.commands[0]?.status).toBe("timeout");
    expect(sent).toHaveLength(1);
  });
});

describe("commandResultsMessage", () => {
  it("says how a command ended when it had no exit code of its own", () => {
    expect(
      commandResultsMessage([
        {
          command: { kind: "line", text: "yes" },
          status: "timeout",
          exitCode: null,
          output: "y\n",
          timeoutMs: 180_000,
        },
        {
          command: { kind: "line", text: "big" },
          status: "killed",
          exitCode: 137,
          output: "",
          timeoutMs: 5000,
          reason: "out of memory",
        },
      ]),
    ).toBe("$ yes\n[stopped at its time limit of 180 s]\ny\n\n$ big\n[killed: out of memory]\n(no output)");
  });
});
