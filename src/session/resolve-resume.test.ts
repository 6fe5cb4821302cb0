import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { RunManifest } from "../results/run-manifest.js";
import { writeRunManifest } from "../results/write-run-results.js";
import { type ResumeRules, resolveResume } from "./resolve-resume.js";

const optionsSchema = z.object({
  benchmarks: z.array(z.string()),
  baseUrl: z.string().optional(),
  limit: z.number().optional(),
  first: z.number().optional(),
  resume: z.string().optional(),
});
type Options = z.output<typeof optionsSchema>;
const rules: ResumeRules<Partial<Options>, Options> = {
  command: "run",
  parse: (input) => optionsSchema.parse(input),
  storedSchema: optionsSchema,
  resumableKeys: ["resume", "baseUrl"],
};

function runDir(
  benchmark: RunManifest["benchmarks"][number],
  config: Record<string, unknown> = { benchmarks: ["gsm8k"], limit: 5 },
): string {
  const directory = mkdtempSync(join(tmpdir(), "resume-"));
  writeRunManifest(directory, {
    tool: { name: "llm-benchmarker", version: "0" },
    command: "run",
    status: "interrupted",
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    model: "m",
    config,
    benchmarks: [benchmark],
    sessions: [],
    summaries: {},
  });
  return directory;
}
const entry = { name: "gsm8k", planned_samples: 5, n_shots: 5, grader: "gsm8k", dataset: "d" };

describe("resolveResume", () => {
  it("resumes a run.json of today's --limit with --limit", () => {
    const directory = runDir({ ...entry, limit: 5, limit_mode: "stratified" });
    expect(resolveResume({ resume: directory }, rules).options).toMatchObject({ limit: 5 });
  });

  it("resumes a run.json written when --limit took the first N (no limit_mode) with --first", () => {
    const { options } = resolveResume({ resume: runDir(entry) }, rules);
    expect(options.first).toBe(5);
    expect(options.limit).toBeUndefined();
  });

  it("asks for a base URL whose key run.json kept as ***, and takes the one given", () => {
    const config = { benchmarks: ["gsm8k"], baseUrl: "http://127.0.0.1:8000/v1?api_key=***" };
    const directory = runDir({ ...entry, limit: null, limit_mode: null }, config);
    expect(() => resolveResume({ resume: directory }, rules)).toThrow(
      "--resume: the run's --base-url held a key, which run.json does not keep " +
        "(http://127.0.0.1:8000/v1?api_key=***); give --base-url again.",
    );
    const baseUrl = "http://127.0.0.1:8000/v1?api_key=sk-SECRET";
    expect(resolveResume({ resume: directory, baseUrl }, rules).options.baseUrl).toBe(baseUrl);
  });
});
