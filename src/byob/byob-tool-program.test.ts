// A user benchmark whose samples call functions: a `program()` that offers `tools`, grades the call the model made,
// and a conversation oracle whose `reply` answers with function calls — run against the oracle mock server over HTTP,
// in both recipes (the program is told which one the run follows).
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { SampleRecord } from "../core/sample-record.js";
import { createDatasetContext } from "../datasets/create-dataset-context.js";
import { loadOracleBenchmarks } from "../mock-server/load-oracle-benchmarks.js";
import { startMockServer } from "../mock-server/start-mock-server.js";
import { runBenchmarks } from "../runner/run-benchmarks.js";
import { removeTempFolders, tempFolder } from "./test-support/temp-folder.js";

afterAll(removeTempFolders);

const ROWS = [
  { country: "France", capital: "Paris" },
  { country: "Italy", capital: "Rome" },
  { country: "Japan", capital: "Tokyo" },
  { country: "Peru", capital: "Lima" },
  { country: "Kenya", capital: "Nairobi" },
  { country: "Chile", capital: "Santiago" },
];

const DEFINITION = `import { benchmark, program, type ConversationSession, type ProgramInput, type ScorerConfig } from "llm-benchmarker";
const TOOLS = [{ type: "function" as const, function: { name: "get_capital", parameters: { type: "object", properties: { country: { type: "string" } }, required: ["country"] } } }];
export default benchmark(
  {
    name: "capital calls",
    dataset: "rows.jsonl",
    prompt: "Which city is the capital of {country}? Use the tool.",
    targetField: "country",
    recipes: [
      { name: "fc", description: "functions as tools", sources: [{ repository: "example/repo", pin: "1.0.0" }] },
      { name: "fc-required", description: "tool_choice required", sources: [{ repository: "example/repo", pin: "1.0.0" }] },
    ],
    oracle: {
      turns: (sample) => [\`Which city is the capital of \${sample.metadata["country"]}? Use the tool.\`],
      answer: () => "",
      reply: (sample, isCorrect) => ({
        text: "",
        toolCalls: [{ name: "get_capital", arguments: JSON.stringify({ country: isCorrect ? sample.target : "Atlantis" }) }],
      }),
    },
  },
  program(async function capital_calls(sample: ProgramInput, session: ConversationSession, config: ScorerConfig) {
    const answer = await session.send(
      [{ role: "user", content: \`Which city is the capital of \${sample.metadata["country"]}? Use the tool.\` }],
      { tools: TOOLS, ...(config.recipe === "fc-required" ? { toolChoice: "required" as const } : {}) },
    );
    const [call] = answer.toolCalls ?? [];
    const args = call === undefined ? {} : (JSON.parse(call.arguments) as { country?: string });
    return {
      correct: call?.name === "get_capital" && args.country === sample.target,
      reason: call === undefined ? "no call" : \`\${call.name}(\${call.arguments})\`,
      details: { recipe: config.recipe, calls: answer.toolCalls ?? [], finish: answer.finishReason },
    };
  }),
);
`;

describe("a program() benchmark that calls functions", () => {
  it.each(["fc", "fc-required"])("grades the calls the oracle made, recipe %s", async (recipe) => {
    const dir = tempFolder({ "rows.jsonl": ROWS, "capitals.ts": DEFINITION }, "byob-tools-");
    const file = path.join(dir, "capitals.ts");
    const server = await startMockServer({
      oracle: {
        benchmarks: await loadOracleBenchmarks([file], createDatasetContext({ env: {} })),
        accuracy: 0.5,
        seed: 5,
      },
    });
    try {
      const outcome = await runBenchmarks(
        { benchmarks: [file], baseUrl: server.url, model: "mock-model", outputDir: dir, recipe: [recipe] },
        { env: {} },
      );
      const served = server.oracle?.stats().benchmarks["capital_calls"];
      expect(outcome.status).toBe("completed");
      expect(served?.uniqueSamples).toBe(6);
      expect(served?.uniqueCorrect).toBeGreaterThan(0);
      expect(served?.uniqueCorrect).toBeLessThan(6);
      const records = readFileSync(path.join(outcome.runDir, "samples.jsonl"), "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as SampleRecord);
      expect(outcome.benchmarks[0]?.summary.overall.correct).toBe(served?.uniqueCorrect);
      for (const record of records) {
        expect(record.finish_reason).toBe("tool-calls");
        expect(record.details?.["recipe"]).toBe(recipe);
        expect(record.details?.["calls"]).toEqual([
          { id: "call_0", name: "get_capital", arguments: expect.stringContaining("country") },
        ]);
        expect(record.grade_reason).toMatch(/^get_capital\(/);
      }
    } finally {
      await server.close();
    }
  });
});
