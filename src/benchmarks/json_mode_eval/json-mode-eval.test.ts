// JSON-mode eval: Python's `==` on parsed JSON, TensorRT-LLM's score (parse, schema, equality) with schema validity
// beside it, the schema carried in each request style through a real run, and the Hub loader on rows written in the
// dataset's schema (prompt as chat messages, completion, schema) served by the local Hub-layout server.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { parquetWriteBuffer } from "hyparquet-writer";
import { afterAll, describe, expect, it } from "vitest";
import { STRUCTURED_OUTPUT_STYLES } from "../../byob/structured-output.js";
import { createDatasetContext } from "../../datasets/create-dataset-context.js";
import { startFakeHub } from "../../datasets/test-support/fake-hub-server.js";
import { runBenchmarks } from "../../runner/run-benchmarks.js";
import { scoreAnswer } from "../../runner/score-answer.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { fixturesDir } from "../test-support/shared-data-dir.js";
import { jsonModeEval } from "./index.js";
import { pythonJsonEqual } from "./json-equal.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("pythonJsonEqual", () => {
  it("equals CPython's json.loads(a) == json.loads(b) (computed with CPython 3.11.7)", () => {
    const pairs: [string, string, boolean][] = [
      ['{"a":1,"b":[1,2]}', '{"b":[1,2],"a":1.0}', true],
      ["[1,2]", "[2,1]", false],
      ["true", "1", true],
      ["false", "0", true],
      ["null", "0", false],
      ['"1"', "1", false],
      ['{"a":{"b":true}}', '{"a":{"b":1}}', true],
      ['{"a":1}', '{"a":1,"b":2}', false],
      ["1.5", "1.50", true],
      ["[]", "{}", false],
    ];
    for (const [left, right, expected] of pairs) {
      expect({ left, right, equal: pythonJsonEqual(JSON.parse(left), JSON.parse(right)) }).toEqual({
        left,
        right,
        equal: expected,
      });
    }
  });
});

async function loadFixtures() {
  return jsonModeEval.load({ context: createLocalDatasetContext(fixturesDir("json_mode_eval")), nShots: 0 });
}

describe("json_mode_eval scoring (TensorRT-LLM's compute_score)", () => {
  it("is correct only for schema-valid JSON equal to the reference; reports schema validity beside it", async () => {
    const loaded = await loadFixtures();
    const sample = loaded.samples[0];
    const recipe = jsonModeEval.recipes[0];
    if (sample === undefined || typeof recipe.grader === "string")
      throw new Error("fixtures and a scorer expected");
    const grade = async (response: string) => {
      const scored = await scoreAnswer(recipe.grader as Exclude<typeof recipe.grader, string>, {
        sample,
        response,
        reasoning: "",
        finishReason: "stop",
        prompt: undefined,
      });
      return [scored.grade.isCorrect, scored.scores?.["schema_valid"], scored.grade.reason];
    };
    expect(await grade('{"population": 522000.0, "city": "Lyon"}')).toEqual([
      true,
      true,
      "equal to the reference",
    ]);
    expect(await grade('{"city": "Lyon", "population": 500000}')).toEqual([
      false,
      true,
      "valid, but not the reference",
    ]);
    expect(await grade('{"city": "Lyon", "population": "522000"}')).toEqual([
      false,
      false,
      "not valid against the schema: /population must be integer",
    ]);
    expect(await grade('{"city": "Lyon", "population": 522000, "extra": 1}')).toEqual([
      false,
      false,
      "not valid against the schema: / must NOT have additional properties",
    ]);
    expect(await grade("```json\n{}\n```")).toEqual([false, false, "not JSON"]);
  });
});

/** An OpenAI-compatible stand-in that records each chat request body and answers with `answer(body)`. */
async function captureServer(answer: (body: Record<string, unknown>) => string) {
  const bodies: Record<string, unknown>[] = [];
  const server: Server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
    });
    request.on("end", () => {
      response.setHeader("content-type", "application/json");
      if (request.url?.endsWith("/models")) {
        response.end(JSON.stringify({ object: "list", data: [{ id: "m", object: "model" }] }));
        return;
      }
      const body = JSON.parse(text) as Record<string, unknown>;
      bodies.push(body);
      response.end(
        JSON.stringify({
          id: "c",
          object: "chat.completion",
          model: "m",
          choices: [
            { index: 0, message: { role: "assistant", content: answer(body) }, finish_reason: "stop" },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/v1`,
    bodies,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe("json_mode_eval requests", () => {
  it("carry each row's schema in every --structured-output-style, beside the row's messages", async () => {
    const fixtures = fixturesDir("json_mode_eval");
    const rows = readFileSync(path.join(fixtures, "json_mode_eval", "train.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map(
        (line) =>
          JSON.parse(line) as {
            prompt: { role: string; content: string }[];
            completion: string;
            schema: string;
          },
      );
    // The stand-in answers each conversation with its reference completion.
    const byQuestion = new Map(rows.map((row) => [row.prompt.at(-1)?.content, row.completion]));
    const server = await captureServer((body) => {
      const messages = body["messages"] as { content: string }[];
      return byQuestion.get(messages.at(-1)?.content) ?? "{}";
    });
    try {
      for (const style of STRUCTURED_OUTPUT_STYLES) {
        server.bodies.length = 0;
        const outputDir = mkdtempSync(path.join(tmpdir(), "json-mode-"));
        dirs.push(outputDir);
        const outcome = await runBenchmarks(
          {
            benchmarks: ["json_mode_eval"],
            baseUrl: server.url,
            model: "m",
            dataDir: fixtures,
            outputDir,
            stream: false,
            structuredOutputStyle: style,
          },
          { env: {} },
        );
        expect(outcome.benchmarks[0]?.summary.overall.accuracy).toBe(1);
        expect(server.bodies).toHaveLength(rows.length);
        for (const body of server.bodies) {
          const messages = body["messages"] as { content: string }[];
          const row = rows.find((each) => each.prompt.at(-1)?.content === messages.at(-1)?.content);
          if (row === undefined) throw new Error("a request for no row");
          expect(messages).toEqual(row.prompt);
          expect(body["max_tokens"]).toBe(512);
          const schema = JSON.parse(row.schema) as unknown;
          const carried = {
            response_format: body["response_format"],
            guided_json: body["guided_json"],
            structured_outputs: body["structured_outputs"],
            json_schema: body["json_schema"],
          }[style];
          expect({ style, carried }).toEqual({
            style,
            carried: {
              response_format: { type: "json_schema", json_schema: { name: "output", schema, strict: true } },
              guided_json: schema,
              structured_outputs: { json: schema },
              json_schema: JSON.stringify(schema),
            }[style],
          });
        }
      }
    } finally {
      await server.close();
    }
  });

  it("is refused on the completions endpoint before anything is sent", async () => {
    await expect(
      runBenchmarks(
        {
          benchmarks: ["json_mode_eval"],
          baseUrl: "http://127.0.0.1:9/v1",
          model: "m",
          dataDir: fixturesDir("json_mode_eval"),
          endpointType: "completions",
        },
        { env: {} },
      ),
    ).rejects.toThrow(
      /json_mode_eval sends chat conversations: --endpoint-type completions does not apply; use chat/,
    );
  });
});

describe("json_mode_eval from the Hub (NousResearch/json-mode-eval, train)", () => {
  it("reads the parquet conversion's rows (prompt as a list of messages) into the same samples as the local file", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "json-mode-hub-"));
    dirs.push(dir);
    const rows = readFileSync(
      path.join(fixturesDir("json_mode_eval"), "json_mode_eval", "train.jsonl"),
      "utf8",
    )
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { prompt: unknown; completion: string; schema: string });
    const file = path.join(dir, "train.parquet");
    writeFileSync(
      file,
      new Uint8Array(
        parquetWriteBuffer({
          columnData: [
            { name: "prompt", data: rows.map((row) => row.prompt), type: "JSON" },
            { name: "completion", data: rows.map((row) => row.completion), type: "STRING" },
            { name: "schema", data: rows.map((row) => row.schema), type: "STRING" },
          ],
        }),
      ),
    );
    const hub = await startFakeHub({
      datasets: { "NousResearch/json-mode-eval": { default: { train: [file] } } },
    });
    try {
      const context = createDatasetContext({
        cacheDir: path.join(dir, "cache"),
        env: { HF_ENDPOINT: hub.endpoint },
      });
      const fromHub = await jsonModeEval.load({ context, nShots: 0 });
      const local = await loadFixtures();
      expect(fromHub.samples.map((sample) => [sample.id, sample.gold])).toEqual(
        local.samples.map((sample) => [sample.id, sample.gold]),
      );
      const options = { endpointType: "chat", nShots: 0, systemPrompt: undefined, cot: false } as const;
      const [hubSample, localSample] = [fromHub.samples[1], local.samples[1]];
      if (hubSample === undefined || localSample === undefined) throw new Error("missing samples");
      expect(fromHub.buildPrompt(hubSample, options)).toEqual(local.buildPrompt(localSample, options));
      expect(fromHub.requestBody?.(hubSample, "guided_json")).toEqual(
        local.requestBody?.(localSample, "guided_json"),
      );
    } finally {
      await hub.close();
    }
  });
});

describe("json_mode_eval gating parameters", () => {
  it("are TensorRT-LLM's JsonModeEval values (alpha 0.05, beta 0.2, sigma 50, the full 100 samples)", async () => {
    const { taskDefaults } = await import("../../references/task-defaults.js");
    expect(taskDefaults("json_mode_eval")).toEqual({ alpha: 0.05, beta: 0.2, sigma: 50, numSamples: 100 });
  });
});
