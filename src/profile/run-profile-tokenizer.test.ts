// profile --isl through the whole path: the run's tokenizer from the default chain (the mock server's /tokenize),
// synthetic prompts the server counts as exactly --isl tokens, and run.json's `tokenizer`; a server that cannot
// tokenize gets approximate prompts, one warning and `tokenizer: null`.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Backend, GenerationResult } from "../core/generation.js";
import { type MockServer, startMockServer } from "../mock-server/start-mock-server.js";
import { runProfile } from "./run-profile.js";

let mock: MockServer;
let outputDir: string;
beforeAll(async () => {
  mock = await startMockServer({ model: "mock-model" });
  outputDir = mkdtempSync(join(tmpdir(), "profile-tokenizer-"));
});
afterAll(async () => {
  await mock.close();
  rmSync(outputDir, { recursive: true, force: true });
});

function exportLines(runDir: string): { input_tokens?: number; target_input_tokens?: number }[] {
  return readFileSync(join(runDir, "profile_export.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}

describe("profile --isl with the run's tokenizer", () => {
  it("sends prompts the server counts as exactly --isl tokens and records the tokenizer the chain chose", async () => {
    const outcome = await runProfile(
      {
        baseUrl: mock.url,
        isl: 37,
        osl: 4,
        numRequests: 6,
        concurrency: 2,
        endpointType: "completions",
        clientWarmupMs: 0,
        outputDir,
      },
      { env: { HF_ENDPOINT: "http://127.0.0.1:1" } },
    );
    const lines = exportLines(outcome.runDir);
    expect(lines).toHaveLength(6);
    for (const line of lines) {
      expect(line.input_tokens).toBe(37);
      expect(line.target_input_tokens).toBe(37);
    }
    const manifest = JSON.parse(readFileSync(join(outcome.runDir, "run.json"), "utf8"));
    expect(manifest.tokenizer).toMatchObject({ kind: "server", spec: "server" });
    expect(manifest.tokenizer.chosenBy).toMatch(/^default: the server's \/tokenize/);
  });

  it("falls back to approximate prompts with one warning and tokenizer null when nothing can tokenize", async () => {
    const backend: Backend = {
      name: "fake",
      async generate(): Promise<GenerationResult> {
        return {
          status: "ok",
          text: "ok",
          reasoning: "",
          isThinkUnclosed: false,
          finishReason: "stop",
          usage: { promptTokens: 10, completionTokens: 1 },
          timings: { sentMs: 0, firstContentMs: 1, deltaTimesMs: [1], endMs: 2 },
          attempts: 1,
        };
      },
      listModels: async () => ["plain-model"],
      close: async () => {},
    };
    const warnings: string[] = [];
    const outcome = await runProfile(
      { isl: 20, osl: 2, numRequests: 3, concurrency: 1, outputDir },
      { backend, env: {}, onWarning: (message) => warnings.push(message) },
    );
    expect(warnings.filter((warning) => warning.includes("not exactly 20 tokens"))).toHaveLength(1);
    expect(warnings.join("\n")).toContain("Pass --tokenizer");
    const manifest = JSON.parse(readFileSync(join(outcome.runDir, "run.json"), "utf8"));
    expect(manifest.tokenizer).toBeNull();
  });
});
