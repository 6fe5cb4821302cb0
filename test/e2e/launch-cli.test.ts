// `llm-bench launch slurm` without a cluster: --dry-run prints the job script and writes nothing; bad launches are
// refused with exit 2 before anything is submitted, saying what to change — sbatch missing from PATH included.
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliPath, runCli } from "./support/cli.js";

/** A PATH with node but without Slurm's commands. */
const PATH_WITHOUT_SLURM = dirname(process.execPath);

describe("launch slurm (no cluster needed)", () => {
  it("--dry-run prints the job-array script and writes nothing", async () => {
    const outputDir = join(mkdtempSync(join(tmpdir(), "e2e-launch-dry-")), "results");
    const result = await runCli([
      "launch",
      "slurm",
      "--shards",
      "3",
      "--partition",
      "gpu",
      "--time",
      "1:00:00",
      "--sbatch",
      "--mail-type=END,FAIL",
      "--dry-run",
      "--output-dir",
      outputDir,
      "--",
      "run",
      "gsm8k",
      "--system-prompt",
      "Think, then say it's done.",
      "--limit",
      "30",
    ]);
    expect(result.stderr).toMatch(
      /Dry run: nothing submitted; the launch directory would be .*launch-\d{8}-\d{6}/,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^#!\/bin\/bash\n/);
    for (const line of [
      "#SBATCH --array=0-2",
      "#SBATCH --partition=gpu",
      "#SBATCH --time=1:00:00",
      "#SBATCH --mail-type=END,FAIL",
    ]) {
      expect(result.stdout).toContain(`${line}\n`);
    }
    expect(result.stdout).toContain(
      `exec ${process.execPath} ${cliPath} run gsm8k --system-prompt 'Think, then say it'\\''s done.' --limit 30 --shard "$index"/3`,
    );
    expect(existsSync(outputDir)).toBe(false);
  });

  it("refuses an unknown launcher", async () => {
    const result = await runCli(["launch", "pbs", "--shards", "2", "--", "run", "gsm8k"]);
    expect(result.stderr).toMatch(/unknown launcher "pbs" \(slurm, k8s\)/);
    expect(result.code).toBe(2);
  });

  it("says where to run it when sbatch is not on PATH, before writing anything", async () => {
    const outputDir = join(mkdtempSync(join(tmpdir(), "e2e-launch-nosbatch-")), "results");
    const result = await runCli(
      ["launch", "slurm", "--shards", "2", "--output-dir", outputDir, "--", "run", "gsm8k"],
      { env: { PATH: PATH_WITHOUT_SLURM } },
    );
    expect(result.stderr).toMatch(
      /sbatch was not found on PATH: run llm-bench launch slurm on a machine of the Slurm cluster/,
    );
    expect(result.stderr).toMatch(/apt-get install slurm-client/);
    expect(result.code).toBe(2);
    expect(existsSync(outputDir) ? readdirSync(outputDir) : []).toEqual([]);
  });
});
