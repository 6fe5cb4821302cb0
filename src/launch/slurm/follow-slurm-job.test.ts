// Following a job array through the states Slurm reports, poll by poll: progress counts, ended tasks read from
// scontrol (sacct where scontrol forgot the job), a task no one knows counted as lost, squeue outages tolerated.
import { describe, expect, it } from "vitest";
import { BenchError } from "../../errors.js";
import { type FollowProgress, followSlurmJob } from "./follow-slurm-job.js";
import type { SlurmCommandResult, SlurmProgram, SlurmRunner } from "./slurm-cli.js";

const ok = (stdout: string): SlurmCommandResult => ({ exitCode: 0, stdout, stderr: "" });
const scontrolLine = (index: number, state: string, exit = "0:0", reason = "None") =>
  `JobId=${100 + index} ArrayJobId=7 ArrayTaskId=${index} JobName=llm-bench JobState=${state} Reason=${reason} Dependency=(null) ExitCode=${exit}`;

/** Answers each program from its own list of outputs, poll by poll (the last one repeats). */
function scripted(outputs: Partial<Record<SlurmProgram, SlurmCommandResult[]>>) {
  const calls: { program: SlurmProgram; args: readonly string[] }[] = [];
  const runner: SlurmRunner = async (program, args) => {
    calls.push({ program, args });
    const list = outputs[program] ?? [];
    const next = list.length > 1 ? list.shift() : list[0];
    if (next === undefined) throw new Error(`no output scripted for ${program}`);
    return next;
  };
  return { runner, calls };
}

const noWait = async () => {};

describe("followSlurmJob", () => {
  it("counts pending, running, completed and failed tasks until every task ended", async () => {
    const { runner, calls } = scripted({
      squeue: [
        ok("0|PENDING\n1|PENDING\n2|PENDING\n"),
        ok("0|RUNNING\n1|RUNNING\n2|PENDING\n"),
        ok("2|RUNNING\n"),
        ok(""),
      ],
      scontrol: [
        ok(
          [
            scontrolLine(0, "COMPLETED"),
            scontrolLine(1, "FAILED", "1:0", "NonZeroExitCode"),
            scontrolLine(2, "RUNNING"),
          ].join("\n"),
        ),
        ok(
          [
            scontrolLine(0, "COMPLETED"),
            scontrolLine(1, "FAILED", "1:0", "NonZeroExitCode"),
            scontrolLine(2, "COMPLETED"),
          ].join("\n"),
        ),
      ],
    });
    const progress: FollowProgress["counts"][] = [];
    const ends = await followSlurmJob({
      jobId: "7",
      tasks: [0, 1, 2],
      runner,
      pollIntervalMs: 1000,
      wait: noWait,
      onProgress: (update) => progress.push(update.counts),
    });
    expect(progress).toEqual([
      { pending: 3, running: 0, completed: 0, failed: 0 },
      { pending: 1, running: 2, completed: 0, failed: 0 },
      { pending: 0, running: 1, completed: 1, failed: 1 },
      { pending: 0, running: 0, completed: 2, failed: 1 },
    ]);
    expect(ends.get(1)).toEqual({ state: "FAILED", exitCode: 1, signal: 0, reason: "NonZeroExitCode" });
    expect(ends.get(2)?.state).toBe("COMPLETED");
    expect(calls[0]).toEqual({
      program: "squeue",
      args: ["--jobs", "7", "--array", "--noheader", "--format=%K|%T"],
    });
    // scontrol is asked only once tasks leave the queue.
    expect(calls.slice(0, 2).map((call) => call.program)).toEqual(["squeue", "squeue"]);
  });

  it("reads the ends from sacct when scontrol no longer knows the job, and counts an unknown task as lost", async () => {
    const { runner } = scripted({
      squeue: [{ exitCode: 1, stdout: "", stderr: "slurm_load_jobs error: Invalid job id specified\n" }],
      scontrol: [{ exitCode: 1, stdout: "", stderr: "slurm_load_jobs error: Invalid job id specified\n" }],
      sacct: [ok("7_0|COMPLETED|0:0\n7_1|TIMEOUT|0:0\n")],
    });
    const ends = await followSlurmJob({
      jobId: "7",
      tasks: [0, 1, 2],
      runner,
      pollIntervalMs: 1,
      wait: noWait,
    });
    expect(ends.get(0)?.state).toBe("COMPLETED");
    expect(ends.get(1)?.state).toBe("TIMEOUT");
    expect(ends.get(2)).toEqual({
      state: "UNKNOWN",
      exitCode: undefined,
      signal: undefined,
      reason: "not known to Slurm",
    });
  });

  it("rides out a few squeue failures, then gives up saying what to check", async () => {
    const failing: SlurmCommandResult = {
      exitCode: 1,
      stdout: "",
      stderr: "slurm_load_jobs error: Unable to contact slurm controller",
    };
    const recovering = scripted({
      squeue: [failing, failing, ok("")],
      scontrol: [ok(scontrolLine(0, "COMPLETED"))],
    });
    const ends = await followSlurmJob({
      jobId: "7",
      tasks: [0],
      runner: recovering.runner,
      pollIntervalMs: 1,
      wait: noWait,
    });
    expect(ends.get(0)?.state).toBe("COMPLETED");
    const down = scripted({ squeue: [failing] });
    await expect(
      followSlurmJob({ jobId: "7", tasks: [0], runner: down.runner, pollIntervalMs: 1, wait: noWait }),
    ).rejects.toThrow(BenchError);
    await expect(
      followSlurmJob({
        jobId: "7",
        tasks: [0],
        runner: scripted({ squeue: [failing] }).runner,
        pollIntervalMs: 1,
        wait: noWait,
      }),
    ).rejects.toThrow(/squeue failed 5 times in a row while following job 7; is slurmctld up/);
  });

  it("stops waiting when its signal is aborted", async () => {
    const controller = new AbortController();
    const { runner } = scripted({ squeue: [ok("0|RUNNING\n")] });
    let polls = 0;
    const following = followSlurmJob({
      jobId: "7",
      tasks: [0],
      runner,
      pollIntervalMs: 1,
      signal: controller.signal,
      wait: async () => {
        polls++;
        if (polls === 3) controller.abort(new Error("interrupted"));
      },
    });
    await expect(following).rejects.toThrow("interrupted");
    expect(polls).toBe(3);
  });
});
