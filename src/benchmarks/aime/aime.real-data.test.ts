// aime on the shared data (skipped when absent): Maxwell-Jia/AIME_2024 rows and aiperf's prompt bytes, run-checked.
import { describe, expect, it } from "vitest";
import { resolveDefaultParams } from "../resolve-default-params.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import { AIME_SYSTEM_PROMPT, aime } from "./index.js";

const dataDir = sharedDataDir("aime/Maxwell-Jia_AIME_2024_train.parquet");
if (dataDir === undefined) printSkipReason("aime real-data tests");

// Row 0 (ID 2024-II-4, Answer 33) of the parquet, JSON-escaped; the problem has a space before its first newline.
const PROBLEM_0 =
  "Let $x,y$ and $z$ be positive real numbers that satisfy the following system of equations: \n" +
  "\\[\\log_2\\left({x \\over yz}\\right) = {1 \\over 2}\\]\n\\[\\log_2\\left({y \\over xz}\\right) = {1 \\over 3}\\]\n" +
  "\\[\\log_2\\left({z \\over xy}\\right) = {1 \\over 4}\\]\nThen the value of $\\left|\\log_2(x^4y^3z^2)\\right|$ " +
  "is $\\tfrac{m}{n}$ where $m$ and $n$ are relatively prime positive integers. Find $m+n$.";
const SOLUTION_0 =
  "Denote $\\log_2(x) = a$, $\\log_2(y) = b$, and $\\log_2(z) = c$.\n\nThen, we have:\n$a-b-c = \\frac{1}{2}$,\n" +
  "$-a+b-c = \\frac{1}{3}$,\n$-a-b+c = \\frac{1}{4}$.\n\nNow, we can solve to get $a = \\frac{-7}{24}, " +
  "b = \\frac{-9}{24}, c = \\frac{-5}{12}$.\nPlugging these values in, we obtain $|4a + 3b + 2c|  = \\frac{25}{8} " +
  "\\implies \\boxed{033}$.";
// Row 1 (ID 2024-II-12, Answer 23).
const PROBLEM_1 =
  "Let $O(0,0), A(\\tfrac{1}{2}, 0),$ and $B(0, \\tfrac{\\sqrt{3}}{2})$ be points in the coordinate plane. Let " +
  "$\\mathcal{F}$ be the family of segments $\\overline{PQ}$ of unit length lying in the first quadrant with $P$ on " +
  "the $x$-axis and $Q$ on the $y$-axis. There is a unique point $C$ on $\\overline{AB}$, distinct from $A$ and $B$, " +
  "that does not belong to any segment from $\\mathcal{F}$ other than $\\overline{AB}$. Then $OC^2 = \\tfrac{p}{q}$, " +
  "where $p$ and $q$ are relatively prime positive integers. Find $p + q$.";

describe.skipIf(dataDir === undefined)("aime on the shared data", () => {
  const load = (nShots: number) => aime.load({ context: createLocalDatasetContext(dataDir), nShots });

  it("loads the 30 rows in file order, keyed by ID", async () => {
    const { samples } = await load(0);
    expect(samples).toHaveLength(30);
    expect(samples.slice(0, 3).map((sample) => [sample.id, sample.gold])).toEqual([
      ["2024-II-4", "33"],
      ["2024-II-12", "23"],
      ["2024-I-4", "116"],
    ]);
    expect(samples[29]?.id).toBe("2024-II-13");
  });

  // Goldens: ai-dynamo/aiperf src/aiperf/accuracy/benchmarks/aime.py@21694629b214ff983a116f5a60315496b709445d run on
  // these rows (`_format_prompt`, `_build_chat_messages`, with the system prompt placed as
  // accuracy_dataset_loader.py at that commit does); every row and shot count compared, rows 1 and 29 written here.
  const SHOT_0_COT = `**Problem**: ${PROBLEM_0}\n**Solution**: ${SOLUTION_0}\n**Answer**: 33\n\n`;
  const QUERY_1_COT = `**Problem**: ${PROBLEM_1}\n**Answer**: \n\nLet's think step-by-step.`;

  it("builds aiperf's 1-shot CoT completion prompt of row 1: system, blank line, header, shot, query", async () => {
    const { samples, buildPrompt } = await load(8);
    const sample = samples[1];
    if (sample === undefined) throw new Error("missing sample");
    expect(AIME_SYSTEM_PROMPT).toBe(
      "Please reason step by step, and put your final answer within \\boxed{}.",
    );
    expect(
      buildPrompt(sample, { endpointType: "completions", nShots: 1, systemPrompt: undefined, cot: true }),
    ).toEqual({
      type: "completion",
      text:
        "Please reason step by step, and put your final answer within \\boxed{}.\n\n" +
        "The following are problems from the American Invitational Mathematics Examination (AIME) 2024. AIME is a " +
        "prestigious high school mathematics competition known for its challenging mathematical problems.\n\n" +
        SHOT_0_COT +
        QUERY_1_COT,
    });
  });

  it("builds aiperf's 1-shot CoT chat prompt of row 1: the system message, then ONE user message with it all", async () => {
    const { samples, buildPrompt } = await load(8);
    const sample = samples[1];
    if (sample === undefined) throw new Error("missing sample");
    expect(
      buildPrompt(sample, { endpointType: "chat", nShots: 1, systemPrompt: undefined, cot: true }),
    ).toEqual({
      type: "chat",
      messages: [
        {
          role: "system",
          content: "Please reason step by step, and put your final answer within \\boxed{}.",
        },
        {
          role: "user",
          content:
            "The following are problems from the American Invitational Mathematics Examination (AIME) 2024. AIME " +
            "is a prestigious high school mathematics competition known for its challenging mathematical problems." +
            `\n\n${SHOT_0_COT}${QUERY_1_COT}`,
        },
      ],
    });
  });

  it("at 0 shots with CoT off: no header, the 'just return a number' line, and --system-prompt '' sends none", async () => {
    const { samples, buildPrompt } = await load(0);
    const sample = samples[1];
    if (sample === undefined) throw new Error("missing sample");
    const text = `**Problem**: ${PROBLEM_1}\n**Answer**: \n\nNo explanation needed. Just return a number.`;
    const options = { nShots: 0, systemPrompt: "", cot: false } as const;
    expect(buildPrompt(sample, { endpointType: "chat", ...options })).toEqual({
      type: "chat",
      messages: [{ role: "user", content: text }],
    });
    expect(buildPrompt(sample, { endpointType: "completions", ...options })).toEqual({
      type: "completion",
      text,
    });
    // 1 shot with CoT off: the shot loses its **Solution** line, the header stays.
    const oneShot = await load(1);
    expect(
      oneShot.buildPrompt(sample, { endpointType: "completions", nShots: 1, systemPrompt: "S.", cot: false }),
    ).toEqual({
      type: "completion",
      text:
        "S.\n\nThe following are problems from the American Invitational Mathematics Examination (AIME) 2024. AIME " +
        "is a prestigious high school mathematics competition known for its challenging mathematical problems.\n\n" +
        `**Problem**: ${PROBLEM_0}\n**Answer**: 33\n\n${text}`,
    });
  });

  it("the default 8 shots are rows 0–7 inline in one user message; the request: 32768 max tokens, no stop", async () => {
    const { samples, buildPrompt } = await load(8);
    const sample = samples[29];
    if (sample === undefined) throw new Error("missing sample");
    const prompt = buildPrompt(sample, {
      endpointType: "chat",
      nShots: 8,
      systemPrompt: undefined,
      cot: true,
    });
    if (prompt.type !== "chat") throw new Error("expected a chat prompt");
    expect(prompt.messages.map((message) => message.role)).toEqual(["system", "user"]);
    const body = prompt.messages[1]?.content ?? "";
    expect(body.match(/\*\*Solution\*\*: /g)).toHaveLength(8);
    expect(body.indexOf(`**Problem**: ${PROBLEM_0}\n`)).toBeGreaterThan(0);
    expect(body).toContain(`\n**Answer**: ${samples[7]?.answer}\n\n**Problem**: ${samples[29]?.problem}\n`);
    expect(
      body.endsWith(`**Problem**: ${samples[29]?.problem}\n**Answer**: \n\nLet's think step-by-step.`),
    ).toBe(true);
    const recipe = aime.recipes[0];
    expect([recipe.name, recipe.grader, recipe.defaultNShots, recipe.defaultCot, recipe.chatFewShot]).toEqual(
      ["aiperf", "math", 8, true, "inline"],
    );
    for (const endpointType of ["chat", "completions"] as const) {
      expect(resolveDefaultParams(recipe, endpointType)).toEqual({ maxTokens: 32768 });
    }
  });
});
