// aime25 on the shared data (skipped when absent): the 30 problems and hand-checked prompt bytes.
import { describe, expect, it } from "vitest";
import {
  expectMathRecipeGoldens,
  SOLVE_EFFICIENTLY,
} from "../math-common/test-support/expect-math-recipe-goldens.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import { aime25 } from "./index.js";

const dataDir = sharedDataDir("aime/aime25_test.jsonl");
if (dataDir === undefined) printSkipReason("aime25 real-data tests");

describe.skipIf(dataDir === undefined)("aime25 on the shared data", () => {
  const load = () => aime25.load({ context: createLocalDatasetContext(dataDir), nShots: 0 });

  it("loads the 30 problems in file order with integer gold answers", async () => {
    const { samples } = await load();
    expect(samples).toHaveLength(30);
    expect(samples.map((sample) => sample.gold).slice(0, 2)).toEqual(["70", "588"]);
    expect(samples[29]?.gold).toBe("240");
  });

  it("trtllm (the default) sends the bare problem text of row 0", async () => {
    const { samples, buildPrompt } = await load();
    const sample = samples[0];
    if (sample === undefined) throw new Error("missing sample");
    expect(
      buildPrompt(sample, { endpointType: "chat", nShots: 0, systemPrompt: undefined, cot: false }),
    ).toEqual({
      type: "chat",
      messages: [
        {
          role: "user",
          content: "Find the sum of all integer bases $b>9$ for which $17_b$ is a divisor of $97_b.$",
        },
      ],
    });
  });

  it("sends row 18 byte for byte, the upstream form feeds of its broken \\frac escapes included", async () => {
    const { samples, buildPrompt } = await load();
    const sample = samples[18];
    if (sample === undefined) throw new Error("missing sample");
    expect(sample.gold).toBe("106");
    const prompt = buildPrompt(sample, {
      endpointType: "completions",
      nShots: 0,
      systemPrompt: "",
      cot: false,
    });
    expect(prompt).toEqual({
      type: "completion",
      text:
        "The product\\[\\prod^{63}_{k=4} \frac{\\log_k (5^{k^2 - 1})}{\\log_{k + 1} (5^{k^2 - 4})} = " +
        "\frac{\\log_4 (5^{15})}{\\log_5 (5^{12})} \\cdot \frac{\\log_5 (5^{24})}{\\log_6 (5^{21})}\\cdot " +
        "\frac{\\log_6 (5^{35})}{\\log_7 (5^{32})} \\cdots \frac{\\log_{63} (5^{3968})}{\\log_{64} (5^{3965})}\\]" +
        "is equal to $\\tfrac mn,$ where $m$ and $n$ are relatively prime positive integers. Find $m + n.$",
    });
    expect(prompt.type === "completion" && prompt.text.includes("\u000crac{")).toBe(true);
  });

  // Goldens from running the references' own prompt code on this row (outside the repo): lighteval v0.10.0
  // default_prompts.py + PromptManager.get_examples, lighteval v0.13.0 tasks/aime.py + PromptManager
  // (prepare_prompt_api / _prepare_plain_text); the trtllm bytes are derived by hand from aiperf's aime25.py at d4295626 with its
  // loader's system-prompt placement. All 30 rows were compared in that run; row 0 is written down here.
  it("gives each recipe's golden prompt bytes and request parameters (row 0)", async () => {
    const problem = "Find the sum of all integer bases $b>9$ for which $17_b$ is a divisor of $97_b.$";
    await expectMathRecipeGoldens(aime25, dataDir, 0, [
      {
        recipe: "trtllm",
        body: problem,
        flatWithSystem: (system) => `${system}\n\n${problem}`,
        params: { maxTokens: 32768 },
      },
      {
        recipe: "lighteval-0.10",
        body: `${SOLVE_EFFICIENTLY}\n\n${problem}`,
        // ≤ 0.10 concatenates a system prompt and the query with nothing between them.
        flatWithSystem: (system) => `${system}${SOLVE_EFFICIENTLY}\n\n${problem}`,
        params: { maxTokens: 10000 },
      },
      {
        recipe: "lighteval",
        body: `\n${SOLVE_EFFICIENTLY}\n\n${problem}\n`,
        flatWithSystem: (system) => `${system}\n\n\n${SOLVE_EFFICIENTLY}\n\n${problem}\n`,
        params: {},
      },
    ]);
  });
});
