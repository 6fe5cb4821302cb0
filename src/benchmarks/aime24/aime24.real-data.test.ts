// aime24 on the shared data (skipped when absent): the 30 problems and hand-checked prompt bytes.
import { describe, expect, it } from "vitest";
import {
  expectMathRecipeGoldens,
  SOLVE_EFFICIENTLY,
} from "../math-common/test-support/expect-math-recipe-goldens.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import { aime24 } from "./index.js";

const dataDir = sharedDataDir("aime/aime24_test.jsonl");
if (dataDir === undefined) printSkipReason("aime24 real-data tests");

// Row 0 (id 60, AIME 2024 I problem 1) of aime/aime24_test.jsonl, its `problem` field as JSON-escaped.
const PROBLEM_0 =
  "Every morning Aya goes for a $9$-kilometer-long walk and stops at a coffee shop afterwards. When she walks at a " +
  "constant speed of $s$ kilometers per hour, the walk takes her 4 hours, including $t$ minutes spent in the coffee " +
  "shop. When she walks $s+2$ kilometers per hour, the walk takes her 2 hours and 24 minutes, including $t$ minutes " +
  "spent in the coffee shop. Suppose Aya walks at $s+\\frac{1}{2}$ kilometers per hour. Find the number of minutes " +
  "the walk takes her, including the $t$ minutes spent in the coffee shop.";

describe.skipIf(dataDir === undefined)("aime24 on the shared data", () => {
  const load = () => aime24.load({ context: createLocalDatasetContext(dataDir), nShots: 0 });

  it("loads the 30 problems in file order with their zero-padded gold answers", async () => {
    const { samples } = await load();
    expect(samples).toHaveLength(30);
    expect(samples[0]).toMatchObject({ id: "train/0", task: "aime24", gold: "204", answer: "204" });
    expect(samples[29]).toMatchObject({ id: "train/29", gold: "902" });
  });

  it("trtllm (the default) sends the bare problem: one user message in chat, the text itself for completions", async () => {
    const { samples, buildPrompt } = await load();
    const sample = samples[0];
    if (sample === undefined) throw new Error("missing sample");
    expect(
      buildPrompt(sample, { endpointType: "chat", nShots: 0, systemPrompt: undefined, cot: false }),
    ).toEqual({
      type: "chat",
      messages: [{ role: "user", content: PROBLEM_0 }],
    });
    expect(
      buildPrompt(sample, { endpointType: "completions", nShots: 0, systemPrompt: "Be careful.", cot: true }),
    ).toEqual({ type: "completion", text: `Be careful.\n\n${PROBLEM_0}` });
  });

  // Goldens from running the references' own prompt code on this row (outside the repo): lighteval v0.10.0
  // default_prompts.py + PromptManager.get_examples, lighteval v0.13.0 tasks/aime.py + PromptManager
  // (prepare_prompt_api / _prepare_plain_text); the trtllm bytes are derived by hand from aiperf's aime24.py at d4295626 with its
  // loader's system-prompt placement. All 30 rows were compared in that run; row 0 is written down here.
  it("gives each recipe's golden prompt bytes and request parameters (row 0)", async () => {
    const problem = PROBLEM_0;
    await expectMathRecipeGoldens(aime24, dataDir, 0, [
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
        params: { maxTokens: 32768 },
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
