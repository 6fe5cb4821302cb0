// Golden prompts and request parameters of both bigbench recipes on the shared data (skipped when absent).
// Goldens: the output of a Python 3 run of the references' own logic at their pins on these rows — DeepEval's
// `BigBenchHardTemplate.generate_output` over its bundled cot_prompts/shot_prompts files plus the confinement line
// from its `bbh_confinement_statements_dict` (deepeval@a2e0d4cfd3118352d321c1c84bdeba17d4a201bc), appended as
// aiperf's bigbench.py@77be640ad3a80488766f85c78b69f4dd34072d6a does; lm-eval's `fewshot_context` with its own
// `Message`/`maybe_delimit` (lm_eval/api/utils.py) over the bbh yaml files (descriptions, doc_to_text, first_n
// samples) at lm-evaluation-harness@4e7e0d47f33bc71070c1d38394bafbb52b117163. The same run's 648 prompts (27 tasks,
// CoT and direct, 0–3 shots, with and without a system prompt, chat and flat) all matched when this was written.
import { describe, expect, it } from "vitest";
import { resolveDefaultParams } from "../resolve-default-params.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import type { PromptOptions } from "../types.js";
import { bigbench } from "./index.js";

const dataDir = sharedDataDir("bbh/bbh/sports_understanding.json");
if (dataDir === undefined) printSkipReason("bigbench recipe golden tests");

const DESCRIPTION =
  "Determine whether an artificially constructed sentence relating to sports is plausible or not.";
const SHOT_QUESTION =
  'Q: Is the following sentence plausible? "Bam Adebayo scored a reverse layup in the Western Conference Finals."';
const SHOT_REASONING =
  "Bam Adebayo is an American basketball player. Scoring a reverse layup in the Western Conference Finals is part of the NBA Finals. So the answer is yes.";
const QUESTION = 'Q: Is the following sentence plausible? "Elias Lindholm beat the buzzer."';

function options(overrides: Partial<PromptOptions>): PromptOptions {
  return { endpointType: "completions", nShots: 1, systemPrompt: undefined, cot: false, ...overrides };
}

async function sportsSample(recipeName: string) {
  const recipe = bigbench.recipes.find((candidate) => candidate.name === recipeName);
  if (recipe === undefined) throw new Error(`no recipe ${recipeName}`);
  const loaded = await bigbench.load({
    context: createLocalDatasetContext(dataDir),
    nShots: 3,
    recipe,
    tasks: ["sports_understanding", "snarks"],
  });
  const sample = loaded.samples.find((candidate) => candidate.id === "sports_understanding/0");
  if (sample === undefined) throw new Error("missing sample");
  return { loaded, sample, recipe };
}

describe.skipIf(dataDir === undefined)("bigbench recipes on the shared data", () => {
  it("deepeval: DeepEval's template + aiperf's confinement line, one user message, CoT by default", async () => {
    const { loaded, sample, recipe } = await sportsSample("deepeval");
    expect(sample.gold).toBe("no");
    const cotText =
      `Task description: ${DESCRIPTION}\n\n${SHOT_QUESTION}\nA: Let's think step by step. ${SHOT_REASONING}\n\n` +
      `${QUESTION}\nA: \n\nOutput 'yes' or 'no'. Full answer not needed.`;
    expect(loaded.buildPrompt(sample, options({ cot: true }))).toEqual({ type: "completion", text: cotText });
    expect(loaded.buildPrompt(sample, options({ cot: true, endpointType: "chat" }))).toEqual({
      type: "chat",
      messages: [{ role: "user", content: cotText }],
    });
    const directText =
      `Task description: ${DESCRIPTION}\n\n${SHOT_QUESTION}\nA: yes\n\n` +
      `${QUESTION}\nA: \n\nOutput 'yes' or 'no'. Full answer not needed.`;
    expect(loaded.buildPrompt(sample, options({}))).toEqual({ type: "completion", text: directText });
    // aiperf sends no system prompt; --system-prompt goes in front (chat: a system message).
    expect(loaded.buildPrompt(sample, options({ systemPrompt: "Be brief." }))).toEqual({
      type: "completion",
      text: `Be brief.\n\n${directText}`,
    });
    expect(loaded.buildPrompt(sample, options({ systemPrompt: "Be brief.", endpointType: "chat" }))).toEqual({
      type: "chat",
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: directText },
      ],
    });
    expect(recipe.defaultCot).toBe(true);
    expect(recipe.defaultNShots).toBe(3);
    for (const endpoint of ["chat", "completions"] as const) {
      for (const isCot of [true, false])
        expect(resolveDefaultParams(recipe, endpoint, isCot)).toEqual({ maxTokens: 1024 });
    }
  });

  it("deepeval: snarks keeps DeepEval's naive split (two description paragraphs, two exemplars at 3 shots)", async () => {
    const { loaded } = await sportsSample("deepeval");
    const snarks = loaded.samples.find((candidate) => candidate.id === "snarks/0");
    if (snarks === undefined) throw new Error("missing sample");
    const prompt = loaded.buildPrompt(snarks, options({ nShots: 3, cot: true }));
    const text = prompt.type === "completion" ? prompt.text : "";
    expect(text.match(/^Q: /gm)).toHaveLength(3);
    expect(text).toContain("According to Cambridge University Dictionary");
    // DeepEval's copy of the file fixes the upstream typo "adressed".
    expect(text).toContain("ad hominem attacks are addressed at a person");
    expect(text.endsWith("\nA: \n\nOutput '(A)' or'(B)'. Full answer not needed.")).toBe(true);
  });

  it("lm-eval bbh_cot_fewshot (--cot): description as system message, shots as turns, 1024 tokens", async () => {
    const { loaded, sample, recipe } = await sportsSample("lm-eval");
    const query = `${QUESTION}\nA: Let's think step by step.\n`;
    const shotQuery = `${SHOT_QUESTION}\nA: Let's think step by step.\n`;
    expect(loaded.buildPrompt(sample, options({ cot: true }))).toEqual({
      type: "completion",
      text: `${DESCRIPTION}\n\n${shotQuery}${SHOT_REASONING}\n\n${query}`,
    });
    expect(loaded.buildPrompt(sample, options({ cot: true, systemPrompt: "SYS" }))).toEqual({
      type: "completion",
      text: `SYS\n\n${DESCRIPTION}\n\n${shotQuery}${SHOT_REASONING}\n\n${query}`,
    });
    expect(
      loaded.buildPrompt(sample, options({ cot: true, endpointType: "chat", systemPrompt: "SYS" })),
    ).toEqual({
      type: "chat",
      messages: [
        { role: "system", content: `SYS\n\n${DESCRIPTION}\n\n` },
        { role: "user", content: shotQuery },
        { role: "assistant", content: SHOT_REASONING },
        { role: "user", content: query },
      ],
    });
    expect(resolveDefaultParams(recipe, "chat", true)).toEqual({
      maxTokens: 1024,
      stop: ["</s>", "Q", "\n\n"],
    });
    expect(recipe.byCot?.cot?.grader).toBe("lm_eval_bbh_cot");
  });

  it("lm-eval bbh_fewshot (default): 'A:' with no trailing space, ' ' + target in shots, 256 tokens", async () => {
    const { loaded, sample, recipe } = await sportsSample("lm-eval");
    expect(loaded.buildPrompt(sample, options({}))).toEqual({
      type: "completion",
      text: `${DESCRIPTION}\n\n${SHOT_QUESTION}\nA: yes\n\n${QUESTION}\nA:`,
    });
    expect(loaded.buildPrompt(sample, options({ endpointType: "chat" }))).toEqual({
      type: "chat",
      messages: [
        { role: "system", content: `${DESCRIPTION}\n\n` },
        { role: "user", content: `${SHOT_QUESTION}\nA:` },
        { role: "assistant", content: "yes" },
        { role: "user", content: `${QUESTION}\nA:` },
      ],
    });
    // --system-prompt "": no system message at all; the description opens the first user turn.
    expect(
      loaded.buildPrompt(sample, options({ endpointType: "chat", systemPrompt: "", nShots: 0 })),
    ).toEqual({
      type: "chat",
      messages: [{ role: "user", content: `${DESCRIPTION}\n\n${QUESTION}\nA:` }],
    });
    expect(recipe.defaultCot).toBe(false);
    expect(recipe.grader).toBe("lm_eval_bbh_fewshot");
    for (const endpoint of ["chat", "completions"] as const) {
      expect(resolveDefaultParams(recipe, endpoint, false)).toEqual({
        maxTokens: 256,
        stop: ["</s>", "Q", "\n\n"],
      });
    }
  });
});
