// `llm-bench launch slurm`'s refusals, in process: each bad launch is a ConfigError (exit 2) saying what to change,
// thrown before anything is written or submitted (the command line's own exit-code path: test/e2e/launch-cli.test.ts).
import { describe, expect, it } from "vitest";
import { launchRefusal } from "./test-support/launch-refusal.js";

const refusal = (argv: readonly string[]): Promise<string> => launchRefusal(argv, { PATH: "/nonexistent" });

describe("launch slurm refuses", () => {
  it.each([
    [["--shards", "2", "run", "gsm8k"], /no -- before the command to launch/],
    [["--", "run", "gsm8k"], /--shards N is required/],
    [["--shards", "0", "--", "run", "gsm8k"], /--shards: expected a positive integer, got "0"/],
    [
      ["--shards", "2", "--", "run", "gsm8k", "--shard", "0/2"],
      /--shard cannot be given to the launched run: each task gets its own shard/,
    ],
    [
      ["--shards", "2", "--", "run", "gsm8k", "--output-dir", "x"],
      /--output-dir cannot be given to the launched run/,
    ],
    [
      ["--shards", "2", "--", "run", "gsm8k", "--resume", "x"],
      /--resume cannot be given to the launched run/,
    ],
    [
      ["--shards", "2", "--", "run", "gsm8k", "--concurency", "4"],
      /unknown option --concurency; did you mean --concurrency/,
    ],
    [["--shards", "2", "--", "profile"], /must be one of run/],
    [
      ["--shards", "2", "--", "run", "gsm8k", "--api-key", "sk-LLMBENCHSECRET-1"],
      /--api-key cannot be given to the launched run on Slurm: the key would be written into the job script.*export OPENAI_API_KEY/,
    ],
    [
      [
        "--shards",
        "2",
        "--dry-run",
        "--",
        "run",
        "gsm8k",
        "--base-url=http://u:sk-LLMBENCHSECRET-1@h:8000/v1",
      ],
      /a key inside --base-url cannot be given to the launched run on Slurm/,
    ],
    [["--shards", "2", "--time", "soon", "--", "run", "gsm8k"], /--time: must be a Slurm time/],
    [["--shards", "2", "--task", "1", "--", "run", "gsm8k"], /--task goes with --resubmit/],
    [
      ["--shards", "2", "--sbatch", "--array=0-9", "--", "run", "gsm8k"],
      /--sbatch: sets what the launcher writes itself/,
    ],
    [["--resubmit", "/nonexistent/launch-x"], /no launch.json there/],
    [["--resubmit", "/nonexistent/launch-x", "--shards", "2"], /--shards is for a new launch/],
  ])("refuses %j", async (args, message) => {
    expect(await refusal(["slurm", ...args])).toMatch(message);
  });
});
