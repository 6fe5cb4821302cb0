// Slurm's outputs as Slurm 22.05 printed them here (squeue and scontrol from the real single-node cluster of
// scripts/setup-slurm.sh; sacct's from its documented --parsable2 form, since this cluster keeps no accounting).
import { describe, expect, it } from "vitest";
import {
  isEnded,
  parseArrayIndices,
  parseSacctTasks,
  parseScontrolTasks,
  parseSqueueTasks,
  phaseOf,
} from "./slurm-task-states.js";

/** `squeue --jobs 14 --array --noheader --format=%K|%T` of `--array=0-2,5%3` a second after submission. */
const SQUEUE = "5|PENDING\n2|RUNNING\n1|RUNNING\n";

/** `scontrol show job 14 --oneliner` once every task ended (long fields cut; the parser reads the rest). */
const SCONTROL_ENDED = [
  "JobId=14 ArrayJobId=14 ArrayTaskId=5 ArrayTaskThrottle=3 JobName=v.sh UserId=root(0) GroupId=root(0) MCS_label=N/A Priority=4294901755 Nice=0 Account=(null) QOS=(null) JobState=COMPLETED Reason=None Dependency=(null) Requeue=1 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=0:0 RunTime=00:00:15 TimeLimit=UNLIMITED TimeMin=N/A Command=/tmp/slt/v.sh WorkDir=/tmp/slt StdErr=/tmp/slt/v-5.out StdIn=/dev/null StdOut=/tmp/slt/v-5.out Power= ",
  "JobId=17 ArrayJobId=14 ArrayTaskId=2 ArrayTaskThrottle=3 JobName=v.sh UserId=root(0) GroupId=root(0) MCS_label=N/A Priority=4294901755 Nice=0 Account=(null) QOS=(null) JobState=COMPLETED Reason=None Dependency=(null) Requeue=1 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=0:0 RunTime=00:00:06 TimeLimit=365-00:00:00 TimeMin=N/A StdOut=/tmp/slt/v-2.out Power= ",
  "JobId=16 ArrayJobId=14 ArrayTaskId=1 ArrayTaskThrottle=3 JobName=v.sh UserId=root(0) GroupId=root(0) MCS_label=N/A Priority=4294901755 Nice=0 Account=(null) QOS=(null) JobState=FAILED Reason=NonZeroExitCode Dependency=(null) Requeue=1 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=3:0 RunTime=00:00:03 TimeLimit=365-00:00:00 TimeMin=N/A StdOut=/tmp/slt/v-1.out Power= ",
  "JobId=15 ArrayJobId=14 ArrayTaskId=0 ArrayTaskThrottle=3 JobName=v.sh UserId=root(0) GroupId=root(0) MCS_label=N/A Priority=4294901755 Nice=0 Account=(null) QOS=(null) JobState=COMPLETED Reason=None Dependency=(null) Requeue=1 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=0:0 RunTime=00:00:00 TimeLimit=365-00:00:00 TimeMin=N/A StdOut=/tmp/slt/v-0.out Power= ",
].join("\n");

/** A task cancelled with scancel. */
const SCONTROL_CANCELLED =
  "JobId=20 ArrayJobId=18 ArrayTaskId=2 JobName=u.sh UserId=root(0) GroupId=root(0) MCS_label=N/A Priority=4294901754 Nice=0 Account=(null) QOS=(null) JobState=CANCELLED Reason=None Dependency=(null) Requeue=1 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=0:15";

/** The tasks not started yet of `--array=0-9%3`: one line for all. */
const SCONTROL_PENDING =
  "JobId=13 ArrayJobId=13 ArrayTaskId=0-9%3 ArrayTaskThrottle=3 JobName=u.sh UserId=root(0) GroupId=root(0) MCS_label=N/A Priority=4294901756 Nice=0 Account=(null) QOS=(null) JobState=PENDING Reason=None Dependency=(null) Requeue=1 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=0:0";

describe("Slurm task states", () => {
  it("reads squeue's queued and running tasks by index", () => {
    expect(parseSqueueTasks(SQUEUE)).toEqual(
      new Map([
        [5, "PENDING"],
        [2, "RUNNING"],
        [1, "RUNNING"],
      ]),
    );
    expect(parseSqueueTasks("")).toEqual(new Map());
  });

  it("reads each ended task's state, reason and exit code from scontrol", () => {
    const tasks = parseScontrolTasks(SCONTROL_ENDED);
    expect([...tasks.keys()].sort()).toEqual([0, 1, 2, 5]);
    expect(tasks.get(1)).toEqual({ state: "FAILED", exitCode: 3, signal: 0, reason: "NonZeroExitCode" });
    expect(tasks.get(5)).toEqual({ state: "COMPLETED", exitCode: 0, signal: 0 });
    expect(parseScontrolTasks(SCONTROL_CANCELLED).get(2)).toEqual({
      state: "CANCELLED",
      exitCode: 0,
      signal: 15,
    });
    // The pending line stands for each of its tasks (the throttle %3 is not an index).
    const pending = parseScontrolTasks(SCONTROL_PENDING);
    expect([...pending.keys()]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pending.get(9)?.state).toBe("PENDING");
  });

  it("reads sacct's allocation lines, its pending ranges and 'CANCELLED by UID'", () => {
    const tasks = parseSacctTasks(
      [
        "22423095_0|COMPLETED|0:0",
        "22423095_1|FAILED|1:0",
        "22423095_2|CANCELLED by 1000|0:15",
        "22423095_3|TIMEOUT|0:0",
        "22423095_[4-5,7]|PENDING|0:0",
        "22423095_0.batch|COMPLETED|0:0",
      ].join("\n"),
    );
    expect(tasks.get(1)).toEqual({ state: "FAILED", exitCode: 1, signal: 0 });
    expect(tasks.get(2)?.state).toBe("CANCELLED");
    expect(tasks.get(3)?.state).toBe("TIMEOUT");
    expect([4, 5, 7].map((index) => tasks.get(index)?.state)).toEqual(["PENDING", "PENDING", "PENDING"]);
    expect(tasks.has(6)).toBe(false);
  });

  it("groups states into pending, running, completed and failed", () => {
    expect(["PENDING", "CONFIGURING", "REQUEUED"].map(phaseOf)).toEqual(["pending", "pending", "pending"]);
    expect(["RUNNING", "COMPLETING", "SUSPENDED"].map(phaseOf)).toEqual(["running", "running", "running"]);
    expect(phaseOf("COMPLETED")).toBe("completed");
    for (const state of [
      "FAILED",
      "CANCELLED",
      "TIMEOUT",
      "NODE_FAIL",
      "OUT_OF_MEMORY",
      "PREEMPTED",
      "UNKNOWN",
    ]) {
      expect(phaseOf(state)).toBe("failed");
      expect(isEnded(state)).toBe(true);
    }
    expect(isEnded("COMPLETING")).toBe(false);
  });

  it("expands array specifications", () => {
    expect(parseArrayIndices("3")).toEqual([3]);
    expect(parseArrayIndices("0-3")).toEqual([0, 1, 2, 3]);
    expect(parseArrayIndices("1,3,5-6%2")).toEqual([1, 3, 5, 6]);
    expect(parseArrayIndices("0-6:3")).toEqual([0, 3, 6]);
  });
});
