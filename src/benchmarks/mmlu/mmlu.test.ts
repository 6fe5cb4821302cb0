// Tests of the MMLU benchmark on its fixtures: prompt bytes, ids and order, Hub vs local, tasks and errors.
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Row } from "../../datasets/types.js";
import { ConfigError, DatasetError } from "../../errors.js";
import { createLocalDatasetContext, hubKey } from "../test-support/local-dataset-context.js";
import { fixturesDir } from "../test-support/shared-data-dir.js";
import type { Recipe } from "../types.js";
import { mmlu } from "./index.js";
import { readMmluLocalSplit } from "./read-mmlu-rows.js";

const FIXTURES = fixturesDir("mmlu");
const SUBJECTS = ["abstract_algebra", "college_medicine"] as const;

function localContext() {
  return createLocalDatasetContext(FIXTURES);
}

/** The fixture CSVs in the Hub's shape (question, subject, choices, answer as bigint), subjects interleaved. */
async function hubRows(split: "test" | "dev"): Promise<Row[]> {
  const bySubject = await readMmluLocalSplit(localContext(), split, SUBJECTS);
  const lists = [...bySubject].map(([subject, rows]) =>
    rows.map((row) => ({
      question: row.question,
      subject,
      choices: [...row.choices],
      answer: BigInt(row.answerIndex),
    })),
  );
  const interleaved: Row[] = [];
  for (let index = 0; index < 5; index++) {
    for (const list of lists.reverse()) {
      const row = list[index];
      if (row) interleaved.push(row);
    }
  }
  interleaved.push({ question: "Other?", subject: "anatomy", choices: ["a", "b", "c", "d"], answer: 0 });
  return interleaved;
}

async function hubContext() {
  return createLocalDatasetContext(undefined, {
    [hubKey({ repo: "cais/mmlu", config: "all", split: "test" })]: await hubRows("test"),
    [hubKey({ repo: "cais/mmlu", config: "all", split: "dev" })]: await hubRows("dev"),
  });
}

describe("mmlu: samples", () => {
  it("orders subjects alphabetically, rows in file order, ids {subject}/{index}", async () => {
    const loaded = await mmlu.load({ context: localContext(), nShots: 0 });
    expect(loaded.samples.map((sample) => [sample.id, sample.gold])).toEqual([
      ["abstract_algebra/0", "B"],
      ["abstract_algebra/1", "B"],
      ["abstract_algebra/2", "C"],
      ["college_medicine/0", "B"],
      ["college_medicine/1", "C"],
    ]);
    expect(loaded.samples[1]?.choices).toEqual(["S_3", "Z_4", "D_4", "Q_8, the quaternions"]);
    expect(loaded.samples[0]?.choices).toEqual(["3", "6", "12", "36"]);
  });

  it.each(mmlu.recipes.map((recipe) => [recipe.name, recipe] as const))(
    "gives the same samples and %s prompts from the Hub as from local files",
    async (_name, recipe) => {
      const local = await mmlu.load({ context: localContext(), nShots: 2, recipe });
      const context = await hubContext();
      const hub = await mmlu.load({
        context,
        nShots: 2,
        tasks: ["college_medicine", "abstract_algebra"],
        recipe,
      });
      expect(hub.samples).toEqual(local.samples);
      for (const [index, sample] of hub.samples.entries()) {
        const localSample = local.samples[index];
        if (!localSample) throw new Error("missing sample");
        for (const endpointType of ["chat", "completions"] as const) {
          const options = { endpointType, nShots: 2, systemPrompt: undefined, cot: false };
          expect(hub.buildPrompt(sample, options)).toEqual(local.buildPrompt(localSample, options));
        }
      }
      expect(context.hubReads).toEqual(["cais/mmlu/all/test", "cais/mmlu/all/dev"]);
    },
  );

  it("does not read the dev split for 0-shot", async () => {
    const context = await hubContext();
    await mmlu.load({ context, nShots: 0, tasks: ["abstract_algebra"] });
    expect(context.hubReads).toEqual(["cais/mmlu/all/test"]);
  });

  it("keeps only the requested subjects, with their original indices", async () => {
    const loaded = await mmlu.load({ context: localContext(), nShots: 0, tasks: ["college_medicine"] });
    expect(loaded.samples.map((sample) => sample.id)).toEqual(["college_medicine/0", "college_medicine/1"]);
  });

  it("rejects an unknown subject with a ConfigError listing the subjects", async () => {
    const promise = mmlu.load({ context: localContext(), nShots: 0, tasks: ["astrology"] });
    await expect(promise).rejects.toBeInstanceOf(ConfigError);
    await expect(mmlu.load({ context: localContext(), nShots: 0, tasks: ["astrology"] })).rejects.toThrow(
      /Unknown MMLU subject "astrology"\. Available: abstract_algebra, anatomy, .*world_religions\./,
    );
  });

  it("names the file, row and field of a bad row", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "mmlu-bad-"));
    await mkdir(path.join(dir, "mmlu", "test"), { recursive: true });
    await writeFile(
      path.join(dir, "mmlu", "test", "anatomy_test.csv"),
      "question,choice0,choice1,choice2,choice3,answer\nQ1,a,b,c,d,0\nQ2,a,b,c,d,E\n",
    );
    const promise = mmlu.load({ context: createLocalDatasetContext(dir), nShots: 0 });
    await expect(promise).rejects.toBeInstanceOf(DatasetError);
    await expect(mmlu.load({ context: createLocalDatasetContext(dir), nShots: 0 })).rejects.toThrow(
      /mmlu\/test\/anatomy_test\.csv row 2: field "answer"/,
    );
  });
});

const LM_EVAL = recipeNamed("lm-eval");

function recipeNamed(name: string): Recipe {
  const recipe = mmlu.recipes.find((candidate) => candidate.name === name);
  if (recipe === undefined) throw new Error(`no recipe ${name}`);
  return recipe;
}

describe("mmlu: prompts", () => {
  it("builds lm-eval's flat 2-shot prompt byte for byte", async () => {
    const loaded = await mmlu.load({ context: localContext(), nShots: 2, recipe: LM_EVAL });
    const sample = loaded.samples[1];
    if (!sample) throw new Error("missing sample");
    const prompt = loaded.buildPrompt(sample, {
      endpointType: "completions",
      nShots: 2,
      systemPrompt: "",
      cot: false,
    });
    expect(prompt).toEqual({
      type: "completion",
      text:
        "The following are multiple choice questions (with answers) about abstract algebra.\n\n" +
        "What is the order of the identity element?\nA. 0\nB. 1\nC. 2\nD. infinite\nAnswer: B\n\n" +
        "Find the characteristic of the ring Z_5.\nA. 0\nB. 2\nC. 5\nD. 10\nAnswer: C\n\n" +
        "Which of these groups is abelian?\nA. S_3\nB. Z_4\nC. D_4\nD. Q_8, the quaternions\nAnswer:",
    });
  });

  it("puts lm-eval's description in the system message of a chat, after the user's system prompt", async () => {
    const loaded = await mmlu.load({ context: localContext(), nShots: 1, recipe: LM_EVAL });
    const sample = loaded.samples[3];
    if (!sample) throw new Error("missing sample");
    const options = { endpointType: "chat", nShots: 1, cot: false } as const;
    const question =
      "Which organ produces insulin?\nA. The liver\nB. The pancreas\nC. The kidney\nD. The spleen\nAnswer:";
    const shot =
      "Which blood cells carry oxygen?\nA. Red cells\nB. White cells\nC. Platelets\nD. Plasma cells\nAnswer:";
    const description =
      "The following are multiple choice questions (with answers) about college medicine.\n\n";
    expect(loaded.buildPrompt(sample, { ...options, systemPrompt: "Sys" })).toEqual({
      type: "chat",
      messages: [
        { role: "system", content: `Sys\n\n${description}` },
        { role: "user", content: shot },
        { role: "assistant", content: "A" },
        { role: "user", content: question },
      ],
    });
    // maybe_delimit: no blank line when the system prompt already ends with whitespace.
    const spaced = loaded.buildPrompt(sample, { ...options, systemPrompt: "Sys\n" });
    expect(spaced.type === "chat" && spaced.messages[0]).toEqual({
      role: "system",
      content: `Sys\n${description}`,
    });
    // No system message at all when asked for none: the description opens the first user turn.
    const bare = loaded.buildPrompt(sample, { ...options, systemPrompt: "" });
    expect(bare.type === "chat" && bare.messages.slice(0, 2)).toEqual([
      { role: "user", content: description + shot },
      { role: "assistant", content: "A" },
    ]);
  });

  it("leaves a dev row identical to the question out of its shots in lighteval 0.10 only", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "mmlu-duplicate-"));
    await mkdir(path.join(dir, "mmlu", "test"), { recursive: true });
    await mkdir(path.join(dir, "mmlu", "dev"), { recursive: true });
    const header = "question,choice0,choice1,choice2,choice3,answer\n";
    const dev = ["Q1,a,b,c,d,0", "Q2,e,f,g,h,1", "Q3,i,j,k,l,2"];
    await writeFile(path.join(dir, "mmlu", "dev", "anatomy_dev.csv"), `${header + dev.join("\n")}\n`);
    await writeFile(path.join(dir, "mmlu", "test", "anatomy_test.csv"), `${header}Q2,e,f,g,h,1\n`);
    const shotCount = async (recipeName: string) => {
      const loaded = await mmlu.load({
        context: createLocalDatasetContext(dir),
        nShots: 3,
        recipe: recipeNamed(recipeName),
      });
      const sample = loaded.samples[0];
      if (!sample) throw new Error("missing sample");
      const prompt = loaded.buildPrompt(sample, {
        endpointType: "chat",
        nShots: 3,
        systemPrompt: "S",
        cot: false,
      });
      return prompt.type === "chat"
        ? prompt.messages.filter((message) => message.role === "assistant").length
        : 0;
    };
    // 3 shots: lighteval draws all three rows; 0.10 then drops the one equal to the question (its Doc compares equal;
    // running v0.10.0's PromptManager on these rows gives the same 2 shots, Q1 and Q3).
    expect(await shotCount("lighteval")).toBe(3);
    expect(await shotCount("lighteval-0.10")).toBe(2);
  });

  it("refuses more shots than it was loaded with", async () => {
    const loaded = await mmlu.load({ context: localContext(), nShots: 1 });
    const sample = loaded.samples[0];
    if (!sample) throw new Error("missing sample");
    expect(() =>
      loaded.buildPrompt(sample, { endpointType: "chat", nShots: 2, systemPrompt: undefined, cot: false }),
    ).toThrow(ConfigError);
  });

  it("refuses a recipe that is not one of MMLU's, naming them", async () => {
    const recipe = { ...LM_EVAL, name: "helm" };
    await expect(mmlu.load({ context: localContext(), nShots: 0, recipe })).rejects.toThrow(
      /mmlu has no recipe "helm"\. Its recipes: lighteval, lighteval-0\.10, lm-eval, sglang, simple-evals\./,
    );
  });
});

describe("mmlu: loglikelihood", () => {
  it("scores ' A'…' D' after lm-eval's flat few-shot prompt", async () => {
    const loaded = await mmlu.load({ context: localContext(), nShots: 1, recipe: LM_EVAL });
    const sample = loaded.samples[1];
    if (!sample) throw new Error("missing sample");
    const options = { endpointType: "chat" as const, nShots: 1, systemPrompt: undefined, cot: false };
    expect(loaded.buildLoglikelihood?.(sample, options)).toEqual({
      context:
        "The following are multiple choice questions (with answers) about abstract algebra.\n\n" +
        "What is the order of the identity element?\nA. 0\nB. 1\nC. 2\nD. infinite\nAnswer: B\n\n" +
        "Which of these groups is abelian?\nA. S_3\nB. Z_4\nC. D_4\nD. Q_8, the quaternions\nAnswer:",
      continuations: [" A", " B", " C", " D"],
      goldIndex: 1,
    });
  });
});
