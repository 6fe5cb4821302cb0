// The end of a failed task's log: the last lines, a progress bar's redraws reduced to what they left, a missing or
// empty log said in words, and a long log read from its end only.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resubmitCommand } from "./conclude-launch.js";
import { taskLogTail } from "./task-log-tail.js";

describe("taskLogTail", () => {
  const dir = mkdtempSync(join(tmpdir(), "task-log-"));

  it("keeps the last lines, each as its last redraw left it", () => {
    const path = join(dir, "task-1.err");
    writeFileSync(path, "gsm8k  10/60\rgsm8k  20/60\rgsm8k  25/60\nerror: Cannot reach the server\n\n");
    expect(taskLogTail(path)).toBe("gsm8k  25/60\nerror: Cannot reach the server");
    expect(taskLogTail(path, 1)).toBe("error: Cannot reach the server");
  });

  it("says when the log is missing or empty", () => {
    expect(taskLogTail(join(dir, "none.err"))).toMatch(/^\(no log at .*none\.err: the task did not start\)$/);
    writeFileSync(join(dir, "empty.err"), "");
    expect(taskLogTail(join(dir, "empty.err"))).toBe("(empty)");
  });

  it("reads a long log from its end", () => {
    const path = join(dir, "long.err");
    const lines = Array.from({ length: 50_000 }, (_, index) => `line ${index}`);
    writeFileSync(path, `${lines.join("\n")}\n`);
    expect(taskLogTail(path, 3)).toBe("line 49997\nline 49998\nline 49999");
  });
});

describe("resubmitCommand", () => {
  it("names the launcher, the launch directory (quoted for a shell) and the tasks", () => {
    expect(resubmitCommand("slurm", "/r/launch-1", [2])).toBe(
      "llm-bench launch slurm --resubmit /r/launch-1 --task 2",
    );
    expect(resubmitCommand("slurm", "/r/my runs/launch-1", [0, 3])).toBe(
      "llm-bench launch slurm --resubmit '/r/my runs/launch-1' --task 0,3",
    );
  });
});
