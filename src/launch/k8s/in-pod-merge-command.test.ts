// The merge pod's script, run with this machine's /bin/sh: it hands `merge` the run directory of each shard (the
// directories with a run.json, whatever their time-stamped names), then --output <launch dir>/merged.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { IMAGE_ENTRYPOINT, inPodMergeCommand } from "./in-pod-merge-command.js";

const run = promisify(execFile);

describe("inPodMergeCommand", () => {
  it("passes merge each shard's run directory and the merged directory, quoting the path", async () => {
    const launchDir = join(mkdtempSync(join(tmpdir(), "k8s-merge-")), "it's a launch");
    const runDir = (shard: number, name: string, hasRun: boolean): string => {
      const dir = join(launchDir, `shard-${shard}`, name);
      mkdirSync(dir, { recursive: true });
      if (hasRun) writeFileSync(join(dir, "run.json"), "{}");
      return dir;
    };
    const first = runDir(0, "20260101-000000_qwen", true);
    const second = runDir(1, "20260101-000002_qwen", true);
    runDir(1, "not-a-run", false);
    writeFileSync(join(launchDir, "shard-1", "notes.txt"), "");
    // A program that prints the argv it was given, in place of the image's CLI.
    const program = [process.execPath, "-e", "console.log(JSON.stringify(process.argv.slice(1)))"];
    const { command, args } = inPodMergeCommand({ launchDir, program });
    expect(command).toEqual(["/bin/sh", "-c"]);
    const { stdout } = await run(command[0] ?? "", [...command.slice(1), ...args]);
    expect(JSON.parse(stdout)).toEqual(["merge", first, second, "--output", join(launchDir, "merged")]);
  });

  it("runs the image's entrypoint by default and writes no $( that Kubernetes would expand", () => {
    const { args } = inPodMergeCommand({ launchDir: "/results/nightly" });
    expect(args[0]).toContain(
      "exec 'node' '/app/dist/cli/main.js' merge \"$@\" --output '/results/nightly/merged'",
    );
    expect(args[0]).not.toContain("$(");
    expect(IMAGE_ENTRYPOINT).toEqual(["node", "/app/dist/cli/main.js"]);
  });
});
