// gpqa_diamond on its fixtures (local CSV) and through a fake gated Hub (parquet): samples, prompt bytes, oracle.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parquetWriteBuffer } from "hyparquet-writer";
import { afterEach, describe, expect, it } from "vitest";
import { createDatasetContext } from "../../datasets/create-dataset-context.js";
import { type FakeHub, startFakeHub } from "../../datasets/test-support/fake-hub-server.js";
import { lightevalGpqa } from "../../graders/lighteval-gpqa.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { fixturesDir } from "../test-support/shared-data-dir.js";
import { GPQA_ORACLE_PHRASING_COUNT } from "./gpqa-oracle.js";
import { gpqaDiamond } from "./index.js";
import { GPQA_DIAMOND_HUB, GPQA_DIAMOND_LOCAL_PATH } from "./read-gpqa-rows.js";

const fixtures = fixturesDir("gpqa_diamond");
const aiperfRecipe = gpqaDiamond.recipes.find((recipe) => recipe.name === "aiperf") ?? gpqaDiamond.recipes[0];
const loadFixtures = () =>
  gpqaDiamond.load({ context: createLocalDatasetContext(fixtures), recipe: aiperfRecipe, nShots: 0 });

const INSTRUCTION =
  "Answer the following multiple choice question. The last line of your response should be of the following format: " +
  "'Answer: $LETTER' (without quotes) where LETTER is one of ABCD. Think step by step before answering.";

describe("gpqa_diamond on its fixtures", () => {
  it("loads every row with its Record ID and the gold letter of the SHA-256-seeded order", async () => {
    const { samples } = await loadFixtures();
    // Gold letters worked out in CPython with aiperf's _seeded_shuffle_indices on each Question.
    expect(samples.map((sample) => [sample.id, sample.gold])).toEqual([
      ["recFixture0001", "A"],
      ["recFixture0002", "C"],
      ["recFixture0003", "A"],
      ["recFixture0004", "C"],
      ["recFixture0005", "A"],
      ["recFixture0006", "D"],
      ["recFixture0007", "B"],
    ]);
    // permutation [3, 2, 0, 1] of [correct, incorrect 1, incorrect 2, incorrect 3]
    expect(samples[1]?.choices).toEqual([
      "Sodium chloride",
      "Acetic acid",
      "Sodium carbonate",
      "Ammonium chloride",
    ]);
    expect(samples[1]?.domain).toBe("Chemistry");
    expect(samples.every((sample) => sample.task === "gpqa_diamond")).toBe(true);
  });

  it("builds the hand-checked chat prompt: the question's quotes and newline kept, one user message", async () => {
    const { samples, buildPrompt } = await loadFixtures();
    const sample = samples[2];
    if (sample === undefined) throw new Error("missing fixture row");
    expect(
      buildPrompt(sample, { endpointType: "chat", nShots: 0, systemPrompt: undefined, cot: false }),
    ).toEqual({
      type: "chat",
      messages: [
        {
          role: "user",
          content: `${INSTRUCTION}

A student writes: "the ribosome, not the nucleus, reads mRNA".
Which organelle synthesises proteins in a eukaryotic cell?

A) The ribosome
B) The lysosome
C) The Golgi apparatus
D) The nucleolus`,
        },
      ],
    });
  });

  it("keeps the options' own spaces (as aiperf's str.format does) and puts a system prompt first", async () => {
    const { samples, buildPrompt } = await loadFixtures();
    const sample = samples[4];
    if (sample === undefined) throw new Error("missing fixture row");
    const text =
      `${INSTRUCTION}\n\nIn units where ħ = c = 1, what is the dimension of a Lagrangian density in 4 spacetime ` +
      "dimensions?\n\nA)  [mass]^4\nB) dimensionless\nC) [mass]^3 \nD) [mass]^2";
    expect(
      buildPrompt(sample, { endpointType: "completions", nShots: 0, systemPrompt: "", cot: true }),
    ).toEqual({
      type: "completion",
      text,
    });
    expect(
      buildPrompt(sample, { endpointType: "chat", nShots: 0, systemPrompt: "Be brief.", cot: false }),
    ).toEqual({
      type: "chat",
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: text },
      ],
    });
  });

  it("lighteval: golds from random.randint(0, 3) after random.seed(1234), stripped options, no blank line in chat", async () => {
    const recipe = gpqaDiamond.recipes.find((candidate) => candidate.name === "lighteval");
    if (recipe === undefined) throw new Error("no lighteval recipe");
    const { samples, buildPrompt } = await gpqaDiamond.load({
      context: createLocalDatasetContext(fixtures),
      nShots: 0,
      recipe,
    });
    // CPython 3.11.7: random.seed(1234); [random.randint(0, 3) for _ in range(7)] == [3, 0, 0, 0, 0, 0, 0]
    expect(samples.map((sample) => sample.gold).join("")).toBe("DAAAAAA");
    const sample = samples[4];
    if (sample === undefined) throw new Error("missing fixture row");
    // Correct answer " [mass]^4" at slot 0, then the incorrect ones in their order; every option stripped.
    const tail =
      "In units where ħ = c = 1, what is the dimension of a Lagrangian density in 4 spacetime dimensions?\n\n" +
      "A) [mass]^4\nB) [mass]^2\nC) [mass]^3\nD) dimensionless";
    expect(
      buildPrompt(sample, { endpointType: "chat", nShots: 0, systemPrompt: "Be brief.", cot: false }),
    ).toEqual({
      type: "chat",
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: `${INSTRUCTION}${tail}` },
      ],
    });
    expect(
      buildPrompt(sample, { endpointType: "completions", nShots: 0, systemPrompt: "Be brief.", cot: false }),
    ).toEqual({ type: "completion", text: `Be brief.\n\n${INSTRUCTION}\n\n${tail}` });
    expect(gpqaDiamond.oracle.promptSuffix(sample, recipe)).toBe(tail);
  });

  it("is 0-shot only and has no subtasks", async () => {
    const context = createLocalDatasetContext(fixtures);
    await expect(gpqaDiamond.load({ context, nShots: 1 })).rejects.toThrow(/n-shots 1 is out of range/);
    await expect(gpqaDiamond.load({ context, nShots: 0, tasks: ["Physics"] })).rejects.toThrow(/no subtasks/);
  });

  it("the gold letter and every oracle phrasing grade as intended under lighteval_gpqa", async () => {
    const { samples } = await loadFixtures();
    for (const sample of samples) {
      expect(lightevalGpqa({ response: `Answer: ${sample.gold}`, gold: sample.gold }).isCorrect).toBe(true);
      for (let variant = 0; variant < 3 * GPQA_ORACLE_PHRASING_COUNT; variant++) {
        for (const isCorrect of [true, false]) {
          const response = gpqaDiamond.oracle.answer(sample, isCorrect, variant, aiperfRecipe);
          const grade = lightevalGpqa({ response, gold: sample.gold, choices: sample.choices });
          expect({ response, isCorrect: grade.isCorrect, isUnparsed: grade.isUnparsed }).toEqual({
            response,
            isCorrect,
            isUnparsed: false,
          });
        }
      }
    }
  });
});

describe("gpqa_diamond from the (gated) Hub", () => {
  let hub: FakeHub | undefined;
  const directories: string[] = [];
  afterEach(async () => {
    await hub?.close();
    hub = undefined;
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
  });

  /** The fixture CSV as the Hub's parquet conversion serves it (every column a string). */
  async function fixtureParquet(): Promise<string> {
    const rows = await createDatasetContext({ dataDir: fixtures, env: {} }).local.readFile(
      GPQA_DIAMOND_LOCAL_PATH,
    );
    const columns = Object.keys(rows[0] ?? {});
    const buffer = parquetWriteBuffer({
      columnData: columns.map((name) => ({
        name,
        data: rows.map((row) => String(row[name])),
        type: "STRING",
      })),
    });
    const directory = mkdtempSync(path.join(tmpdir(), "gpqa-hub-"));
    directories.push(directory);
    const file = path.join(directory, "0000.parquet");
    writeFileSync(file, new Uint8Array(buffer));
    return file;
  }

  async function hubContext(env: NodeJS.ProcessEnv) {
    const file = await fixtureParquet();
    hub = await startFakeHub({
      datasets: { "Idavidrein/gpqa": { gpqa_diamond: { train: [file] } } },
      gated: { repos: ["Idavidrein/gpqa"], token: "hf_granted" },
    });
    const cacheDir = mkdtempSync(path.join(tmpdir(), "gpqa-cache-"));
    directories.push(cacheDir);
    return createDatasetContext({
      cacheDir,
      env: { HF_ENDPOINT: hub.endpoint, ...env },
      sleep: async () => {},
    });
  }

  it("marks its Hub split as gated", () => {
    expect(GPQA_DIAMOND_HUB).toEqual({
      repo: "Idavidrein/gpqa",
      config: "gpqa_diamond",
      split: "train",
      isGated: true,
    });
  });

  it("without HF_TOKEN fails with the gated error (HTTP 401) that says to set HF_TOKEN", async () => {
    const context = await hubContext({});
    const error = await gpqaDiamond.load({ context, nShots: 0 }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "E_DATASET_GATED" });
    expect((error as Error).message).toMatch(/Idavidrein\/gpqa is gated or private \(HTTP 401\).*HF_TOKEN/);
    expect(hub?.requests[0]?.authorization).toBeUndefined();
  });

  it("with a granted HF_TOKEN reads the parquet split into the same samples as the local CSV", async () => {
    const context = await hubContext({ HF_TOKEN: "hf_granted" });
    const fromHub = await gpqaDiamond.load({ context, recipe: aiperfRecipe, nShots: 0 });
    const fromCsv = await loadFixtures();
    expect(fromHub.samples).toHaveLength(7);
    expect(fromHub.samples).toEqual(fromCsv.samples);
    expect(hub?.requests.some((request) => request.authorization === "Bearer hf_granted")).toBe(true);
  });
});
