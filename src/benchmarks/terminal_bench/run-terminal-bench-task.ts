// One terminal_bench sample end to end: the task's image (built from its Dockerfile, or pulled), a container with no
// network, the agent loop, then the task's tests; correct when Terminal-Bench's harness would call it resolved. The
// engine's `withContainer` removes the container whatever happens.
import type { ContainerEngine } from "../../containers/types.js";
import { ConfigError } from "../../errors.js";
import type { SampleSession, ScorerOutput } from "../types.js";
import { isResolved } from "./parse-test-output.js";
import { type LoopEnding, runAgentLoop } from "./run-agent-loop.js";
import { outputTail, runTaskTests, type TaskTestsResult } from "./run-task-tests.js";
import type { TerminalBenchSample } from "./terminal-bench-sample.js";

export interface TerminalBenchTaskOptions {
  readonly maxTurns: number;
  readonly commandTimeoutMs?: number;
  readonly now?: () => number;
  /** The run's stop: ends the command running and the sample (not recorded; --resume runs it again). */
  readonly signal?: AbortSignal;
}

/** A repository name for the task's image: `llm-bench/terminal-bench-<id>`, in the characters image names allow. */
export function imageRepository(id: string): string {
  const slug = id
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^[._-]+|[._-]+$/g, "");
  return `llm-bench/terminal-bench-${slug === "" ? "task" : slug}`;
}

async function prepareImage(
  engine: ContainerEngine,
  sample: TerminalBenchSample,
  signal: AbortSignal | undefined,
): Promise<string> {
  const { image } = sample;
  if (image.kind === "pull") return engine.ensureImage(image.reference, signal);
  return engine.buildImage(
    {
      contextDirectory: image.contextDirectory,
      dockerfile: image.dockerfile,
      repository: imageRepository(sample.id),
    },
    signal,
  );
}

function reasonOf(endedBy: LoopEnding, tests: TaskTestsResult, isCorrect: boolean): string {
  const loop = {
    done: "the model said it was done",
    no_commands: "the model gave no command",
    max_turns: "the turn limit was reached",
    agent_timeout: "the task's agent time limit passed",
  }[endedBy];
  if (tests.parsed.status === "parse_error") return `unresolved: ${loop}; ${tests.parsed.reason}`;
  const outcomes = Object.values(tests.parsed.results);
  const failed = outcomes.filter((outcome) => outcome === "failed").length;
  const summary = `${outcomes.length - failed} of ${outcomes.length} tests passed`;
  return `${isCorrect ? "resolved" : "unresolved"}: ${loop}; ${summary}`;
}

export async function runTerminalBenchTask(
  sample: TerminalBenchSample,
  session: SampleSession,
  engine: ContainerEngine | undefined,
  options: TerminalBenchTaskOptions,
): Promise<ScorerOutput> {
  if (engine === undefined)
    throw new ConfigError(
      "terminal_bench runs each task in a container: the run needs a container engine (Docker or Podman's Docker API; --docker-host or DOCKER_HOST).",
    );
  const image = await prepareImage(engine, sample, options.signal);
  return engine.withContainer(
    {
      image,
      purpose: sample.id,
      env: sample.environment,
      ...(sample.workdir === undefined ? {} : { workdir: sample.workdir }),
    },
    async (container) => {
      const loop = await runAgentLoop(sample.config.instruction, session, container, {
        maxTurns: options.maxTurns,
        agentTimeoutMs: sample.config.max_agent_timeout_sec * 1000,
        ...(sample.workdir === undefined ? {} : { workdir: sample.workdir }),
        ...(options.commandTimeoutMs === undefined ? {} : { commandTimeoutMs: options.commandTimeoutMs }),
        ...(options.now === undefined ? {} : { now: options.now }),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
      const tests = await runTaskTests(sample, container, loop.cwd, options.signal);
      const isCorrect = isResolved(tests.parsed);
      return {
        correct: isCorrect,
        reason: reasonOf(loop.endedBy, tests, isCorrect),
        details: {
          image,
          ended_by: loop.endedBy,
          turns: loop.turns,
          tests: {
            status: tests.status === "timeout" ? "timeout" : tests.parsed.status,
            parser: sample.parser,
            exit_code: tests.exec.exitCode,
            results: tests.parsed.status === "parsed" ? tests.parsed.results : {},
            ...(tests.parsed.status === "parse_error" ? { error: tests.parsed.reason } : {}),
            output_tail: outputTail(tests.output),
          },
        },
      };
    },
    options.signal,
  );
}
