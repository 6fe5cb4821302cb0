// aime's --cot / --no-cot through the run planner: the shots' solutions and the prompt's last line.
import { describe, expect, it } from "vitest";
import { parseRunOptions } from "../../config/parse-run-options.js";
import { promptTail } from "../../core/prompt.js";
import { planBenchmark } from "../../runner/plan-benchmark.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { fixturesDir } from "../test-support/shared-data-dir.js";
import { aime } from "./index.js";

const context = createLocalDatasetContext(fixturesDir("aime"));

async function promptText(cot: boolean | undefined): Promise<string> {
  const options = parseRunOptions({
    benchmarks: ["aime"],
    endpointType: "completions",
    nShots: 2,
    ...(cot === undefined ? {} : { cot }),
  });
  const plan = await planBenchmark(aime, options, context);
  const [sample] = plan.samples.slice(-1);
  if (sample === undefined) throw new Error("no fixture samples");
  return promptTail(plan.loaded.buildPrompt(sample, plan.promptOptions));
}

describe("aime chain of thought", () => {
  it("is on by default: the shots carry their worked solutions", async () => {
    expect(aime.recipes[0].defaultCot).toBe(true);
    const text = await promptText(undefined);
    expect(text.match(/\*\*Solution\*\*:/g)).toHaveLength(2);
    expect(text.endsWith("\n**Answer**: \n\nLet's think step-by-step.")).toBe(true);
  });

  it("--no-cot leaves the solutions out of the shots and keeps the answers", async () => {
    const text = await promptText(false);
    expect(text).not.toContain("**Solution**:");
    expect(text.match(/\*\*Answer\*\*:/g)?.length).toBeGreaterThanOrEqual(3);
    expect(text.endsWith("\n**Answer**: \n\nNo explanation needed. Just return a number.")).toBe(true);
  });
});
