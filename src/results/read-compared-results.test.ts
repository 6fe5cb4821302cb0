import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { wilsonInterval } from "../stats/wilson-interval.js";
import { readComparedResults } from "./read-compared-results.js";

const directory = mkdtempSync(join(tmpdir(), "compared-"));
const write = (name: string, json: unknown): string => {
  const path = join(directory, name);
  writeFileSync(path, JSON.stringify(json));
  return path;
};
const wrong = Array.from({ length: 50 }, (_, index) => ({ id: String(index), correct: false }));

describe("readComparedResults", () => {
  it("shows the Wilson interval of the graded samples for a result file written with the normal one", () => {
    const path = write("gsm8k.json", {
      benchmark: "gsm8k",
      model: "m",
      num_samples: 50,
      accuracy: 0,
      score: 0,
      accuracy_ci95: [0, 0],
      sample_results: [
        ...wrong.map((sample) => ({ ...sample, task: "gsm8k", score: 0, status: "ok" })),
        { id: "50", task: "gsm8k", correct: false, score: 0, status: "error" },
      ],
    });
    const [result] = readComparedResults(path).benchmarks;
    expect(result?.accuracy_ci95).toEqual(wilsonInterval(0, 50));
    expect(result?.accuracy_ci95?.[1]).toBeGreaterThan(0.07);
  });

  it("gives the spec's result file (no interval of its own) the same Wilson interval, failures left out", () => {
    const path = write("gsm8k_m_20260101T000000Z.json", {
      benchmark: "gsm8k",
      model: "m",
      num_samples: 52,
      accuracy: 1 / 52,
      sample_results: [
        ...wrong,
        { id: "50", correct: true, details: {} },
        { id: "51", correct: false, details: { error: "HTTP 500" } },
      ],
    });
    const [result] = readComparedResults(path).benchmarks;
    expect(result?.accuracy_ci95).toEqual(wilsonInterval(1, 51));
  });
});
