// math_500 on the shared data (skipped when absent): the 500 problems, the boxed-solution gold, prompt bytes.
import { describe, expect, it } from "vitest";
import {
  expectMathRecipeGoldens,
  FINAL_LINE_MUST_BE,
  SOLVE_EFFICIENTLY,
} from "../math-common/test-support/expect-math-recipe-goldens.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import { math500 } from "./index.js";

const dataDir = sharedDataDir("math500/test.jsonl");
if (dataDir === undefined) printSkipReason("math_500 real-data tests");

// Row 0 of math500/test.jsonl (test/precalculus/807.json), JSON-escaped; note the two spaces after "coordinates.".
const PROBLEM_0 =
  "Convert the point $(0,3)$ in rectangular coordinates to polar coordinates.  Enter your answer in the form " +
  "$(r,\\theta),$ where $r > 0$ and $0 \\le \\theta < 2 \\pi.$";
const SOLUTION_0 =
  "We have that $r = \\sqrt{0^2 + 3^2} = 3.$  Also, if we draw the line connecting the origin and $(0,3),$ this " +
  "line makes an angle of $\\frac{\\pi}{2}$ with the positive $x$-axis.\n\n[asy]\nunitsize(0.8 cm);\n\n" +
  "draw((-0.5,0)--(3.5,0));\ndraw((0,-0.5)--(0,3.5));\ndraw(arc((0,0),3,0,90),red,Arrow(6));\n\n" +
  'dot((0,3), red);\nlabel("$(0,3)$", (0,3), W);\ndot((3,0), red);\n[/asy]\n\n' +
  "Therefore, the polar coordinates are $\\boxed{\\left( 3, \\frac{\\pi}{2} \\right)}.$";

describe.skipIf(dataDir === undefined)("math_500 on the shared data", () => {
  const load = () => math500.load({ context: createLocalDatasetContext(dataDir), nShots: 0 });

  it("loads 500 problems keyed by unique_id, the gold being the whole solution", async () => {
    const { samples } = await load();
    expect(samples).toHaveLength(500);
    expect(new Set(samples.map((sample) => sample.id)).size).toBe(500);
    expect(samples[0]).toMatchObject({
      id: "test/precalculus/807.json",
      task: "math_500",
      gold: SOLUTION_0,
      answer: "\\left( 3, \\frac{\\pi}{2} \\right)",
    });
  });

  it("trtllm (the default) sends the bare problem of row 0 (chat; completions after a system prompt)", async () => {
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
      buildPrompt(sample, { endpointType: "completions", nShots: 0, systemPrompt: "Think.", cot: false }),
    ).toEqual({ type: "completion", text: `Think.\n\n${PROBLEM_0}` });
  });

  // Goldens from running the references' own prompt code on this row (outside the repo): lighteval v0.10.0
  // default_prompts.py + PromptManager.get_examples, lighteval v0.13.0 tasks/math_500.py + PromptManager
  // (prepare_prompt_api / _prepare_plain_text); the trtllm bytes are derived by hand from aiperf's math_500.py at d4295626 with its
  // loader's system-prompt placement. All 500 rows were compared in that run; row 0 is written down here.
  it("gives each recipe's golden prompt bytes and request parameters (row 0)", async () => {
    const problem = PROBLEM_0;
    await expectMathRecipeGoldens(math500, dataDir, 0, [
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
        body: `${FINAL_LINE_MUST_BE}\n\n${problem}`,
        flatWithSystem: (system) => `${system}\n\n${FINAL_LINE_MUST_BE}\n\n${problem}`,
        params: { maxTokens: 32768 },
      },
    ]);
  });
});
