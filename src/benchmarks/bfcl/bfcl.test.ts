// BFCL on its fixtures: prompts and tools per recipe, the scorer on the oracle's replies, details, excluded tasks.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ToolCall } from "../../core/prompt.js";
import { createDatasetContext } from "../../datasets/create-dataset-context.js";
import { startFakeHub } from "../../datasets/test-support/fake-hub-server.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { fixturesDir } from "../test-support/shared-data-dir.js";
import type { AnswerToScore, Recipe, RecipeScorer } from "../types.js";
import { BFCL_CATEGORIES } from "./bfcl-categories.js";
import { bfclReply } from "./bfcl-oracle.js";
import type { BfclBenchmarkSample } from "./bfcl-sample.js";
import { bfcl } from "./index.js";
import { BFCL_HUB_REPO, BFCL_HUB_REVISION } from "./read-bfcl-rows.js";

const context = createLocalDatasetContext(fixturesDir("bfcl"));
function recipeNamed(name: string): Recipe {
  const recipe = bfcl.recipes.find((each) => each.name === name);
  if (recipe === undefined) throw new Error(`no recipe ${name}`);
  return recipe;
}
const FC = recipeNamed("fc");
const PROMPTING = recipeNamed("prompting");

async function score(
  recipeName: "fc" | "prompting",
  sample: BfclBenchmarkSample,
  response: string,
  toolCalls?: ToolCall[],
) {
  const recipe = recipeName === "fc" ? FC : PROMPTING;
  const answer: AnswerToScore = {
    sample,
    response,
    reasoning: "",
    finishReason: "stop",
    prompt: undefined,
    ...(toolCalls === undefined ? {} : { toolCalls }),
  };
  return (recipe.grader as RecipeScorer).score(answer);
}

describe("bfcl", () => {
  it("loads every category, in order, or the ones asked", async () => {
    const all = await bfcl.load({ context, nShots: 0 });
    expect([...new Set(all.samples.map((sample) => sample.task))]).toEqual([...BFCL_CATEGORIES]);
    const some = await bfcl.load({ context, nShots: 0, tasks: ["live_relevance", "simple_java"] });
    expect(some.samples.map((sample) => sample.id)).toEqual([
      "simple_java_0",
      "simple_java_1",
      "live_relevance_0-0-0",
      "live_relevance_1-1-0",
    ]);
  });

  it("FC: the question's messages as they are, the functions as OpenAI tools (`.` → `_`, language hints)", async () => {
    const loaded = await bfcl.load({
      context,
      nShots: 0,
      recipe: FC,
      tasks: ["simple_python", "simple_java"],
    });
    const [python, , java] = loaded.samples;
    if (python === undefined || java === undefined) throw new Error("fixtures");
    const prompt = loaded.buildPrompt(python, {
      endpointType: "chat",
      nShots: 0,
      systemPrompt: undefined,
      cot: false,
    });
    expect(prompt).toEqual({
      type: "chat",
      messages: [{ role: "user", content: "What is the area of a circle of radius 2.5 m?" }],
    });
    const [tool] = loaded.tools?.(python) ?? [];
    expect(tool?.function.name).toBe("geometry_area_circle");
    expect(tool?.function.description).toBe(
      "Computes the area of a circle. Note that the provided function is in Python 3 syntax.",
    );
    expect(tool?.function.parameters?.["type"]).toBe("object");
    const [javaTool] = loaded.tools?.(java) ?? [];
    expect(JSON.stringify(javaTool?.function.parameters)).toContain("This is Java integer type parameter");
  });

  it("prompting: BFCL's system prompt with the docs (before the row's own system message), no tools", async () => {
    const loaded = await bfcl.load({ context, nShots: 0, recipe: PROMPTING, tasks: ["live_simple"] });
    const sample = loaded.samples[1];
    if (sample === undefined) throw new Error("fixtures");
    expect(loaded.tools).toBeUndefined();
    const prompt = loaded.buildPrompt(sample, {
      endpointType: "chat",
      nShots: 0,
      systemPrompt: undefined,
      cot: false,
    });
    if (prompt.type !== "chat") throw new Error("chat");
    expect(prompt.messages).toHaveLength(2);
    expect(prompt.messages[0]?.content).toMatch(/^You are an expert in composing functions\.You are given/);
    expect(prompt.messages[0]?.content).toContain('"name": "stock.quote"');
    expect(prompt.messages[0]?.content.endsWith("\n\nYou are a markets assistant.")).toBe(true);
  });

  it("grades the oracle's replies right and wrong in both modes, with BFCL's error types in details", async () => {
    for (const recipe of [FC, PROMPTING]) {
      const loaded = await bfcl.load({ context, nShots: 0, recipe });
      const mode = recipe.name === "fc" ? "fc" : "prompting";
      for (const sample of loaded.samples) {
        for (const variant of [0, 1]) {
          for (const isCorrect of [true, false]) {
            const reply = bfclReply(sample, isCorrect, variant);
            const toolCalls = reply.toolCalls.map((call, index) => ({ id: `call_${index}`, ...call }));
            const output = await score(
              mode,
              sample,
              reply.text,
              toolCalls.length > 0 ? toolCalls : undefined,
            );
            expect({ id: sample.id, mode, variant, correct: output["correct"] }).toEqual({
              id: sample.id,
              mode,
              variant,
              correct: isCorrect,
            });
          }
        }
      }
    }
  });

  it("says which check failed and why", async () => {
    const { samples } = await bfcl.load({ context, nShots: 0, tasks: ["simple_python", "irrelevance"] });
    const [area, , irrelevant] = samples;
    if (area === undefined || irrelevant === undefined) throw new Error("fixtures");
    const wrongValue = await score("fc", area, "", [
      { id: "call_0", name: "geometry_area_circle", arguments: '{"radius": 3.0}' },
    ]);
    expect(wrongValue).toMatchObject({
      correct: false,
      reason: "value_error:others",
      details: { error_type: "value_error:others", decoded: "[{'geometry_area_circle': {'radius': 3.0}}]" },
    });
    const notParsed = await score("prompting", area, "The area is 19.6 square metres.");
    expect(notParsed).toMatchObject({ correct: false, reason: "ast_decoder:decoder_failed" });
    const called = await score("prompting", irrelevant, "[calculate_tip(bill=1.0, percent=2)]");
    expect(called).toMatchObject({ correct: false, reason: "irrelevance_error:decoder_success" });
    expect(await score("fc", irrelevant, "")).toMatchObject({ correct: true, reason: "valid" });
  });

  it("reads the same files from the Hub dataset at its revision, questions and possible answers alike", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "bfcl-hub-"));
    const fixtures = path.join(fixturesDir("bfcl"), "bfcl");
    const files: Record<string, string> = {};
    for (const category of ["simple_python", "live_relevance"]) {
      const file = `BFCL_v4_${category}.json`;
      files[`${BFCL_HUB_REVISION}/${file}`] = path.join(fixtures, file);
      if (existsSync(path.join(fixtures, "possible_answer", file)))
        files[`${BFCL_HUB_REVISION}/possible_answer/${file}`] = path.join(fixtures, "possible_answer", file);
    }
    const hub = await startFakeHub({ datasets: {}, files: { [BFCL_HUB_REPO]: files } });
    try {
      const hubContext = createDatasetContext({
        cacheDir: path.join(dir, "cache"),
        env: { HF_ENDPOINT: hub.endpoint },
      });
      const tasks = ["simple_python", "live_relevance"];
      const fromHub = await bfcl.load({ context: hubContext, nShots: 0, tasks });
      const local = await bfcl.load({ context, nShots: 0, tasks });
      expect(fromHub.samples.length).toBeGreaterThan(1);
      expect(fromHub.samples).toEqual(local.samples);
      // A category the Hub copy lacks is an error naming the file.
      await expect(bfcl.load({ context: hubContext, nShots: 0, tasks: ["multiple"] })).rejects.toThrow(
        /BFCL_v4_multiple\.json/,
      );
    } finally {
      await hub.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("does not offer the categories it does not run, and says why", () => {
    expect(bfcl.tasks).not.toContain("multi_turn_base");
    expect(bfcl.excludedTasks?.["multi_turn_base"]).toMatch(/executable backends/);
    expect(bfcl.excludedTasks?.["format_sensitivity"]).toBeDefined();
  });

  it("refuses shots", async () => {
    await expect(bfcl.load({ context, nShots: 1 })).rejects.toThrow(/n-shots/);
  });
});
