// LiveCodeBench code generation (`lcb_codegeneration`): competitive-programming problems whose programs run against
// public and private tests in the sandbox, pass@1 — defined with the public `benchmark()` per release. The release
// is pinned (default v4_v5; LLM_BENCH_LCB_RELEASE or aiperf's AIPERF_ACCURACY_LCB_RELEASE_TAG) and recorded in
// run.json; `--lcb-start-date`/`--lcb-end-date` keep a contamination window.
import { z } from "zod";
import type { ByobSample } from "../../byob/byob-sample.js";
import { compileBenchmark } from "../../byob/compile-benchmark.js";
import { benchmark } from "../../byob/define-benchmark.js";
import { DatasetError } from "../../errors.js";
import type { Benchmark, LoadOptions } from "../types.js";
import { buildLcbCases } from "./lcb-cases.js";
import { filterLcbByContestDate } from "./lcb-date-filter.js";
import { lcbOracle } from "./lcb-oracle.js";
import { LCB_SYSTEM_MESSAGE, lcbQuestionPrompt } from "./lcb-prompt.js";
import {
  LCB_DEFAULT_RELEASE,
  type LcbRelease,
  lcbReleaseFromEnv,
  resolveLcbRelease,
} from "./lcb-releases.js";
import { lcbRowSchema, toLcbProblem } from "./lcb-rows.js";
import { LCB_CASES_FIELD, lcbScorer } from "./lcb-scorer.js";

const LCB = "28fef95ea8c9f7a547c8329f2cd3d32b92c1fa24";
const HUB_REPO = "livecodebench/code_generation_lite";

/** A row checked and decoded: the question prompt, the evaluation sample; the raw test blob dropped. */
const rowSchema = lcbRowSchema.transform((row, context) => {
  try {
    const problem = toLcbProblem(row);
    const { private_test_cases: _blob, ...rest } = row;
    return {
      ...rest,
      lcb_prompt: lcbQuestionPrompt(problem),
      [LCB_CASES_FIELD]: buildLcbCases(problem),
    };
  } catch (error) {
    context.addIssue({
      code: "custom",
      path: ["private_test_cases"],
      message: error instanceof Error ? error.message : String(error),
    });
    return z.NEVER;
  }
});

function definitionFor(release: LcbRelease): Benchmark<ByobSample> {
  return compileBenchmark(
    benchmark({
      name: "lcb_codegeneration",
      description: `LiveCodeBench code generation (${release.tag}): programs run against hidden tests in the sandbox, pass@1.`,
      // Under --data-dir: <data-dir>/lcb_codegeneration/test4.jsonl … (the release's files).
      dataset: `hf://${HUB_REPO}?data_files=${release.files.join(",")}`,
      rowSchema,
      targetField: "question_id",
      prompt: "{lcb_prompt}",
      sampleId: (row) => String(row["question_id"]),
      maxNumFewshot: 0,
      executesCode: true,
      recipes: [
        {
          name: "livecodebench",
          description:
            "LiveCodeBench's generic chat prompt, last fenced block, testing_util's grading (6 s per test), temperature 0.2",
          sources: [
            {
              repository: "LiveCodeBench/LiveCodeBench",
              path: "lcb_runner/prompts/code_generation.py",
              pin: LCB,
            },
            {
              repository: "LiveCodeBench/LiveCodeBench",
              path: "lcb_runner/evaluation/testing_util.py",
              pin: LCB,
            },
            {
              repository: "LiveCodeBench/LiveCodeBench",
              path: "lcb_runner/benchmarks/code_generation.py",
              pin: LCB,
            },
            { repository: "LiveCodeBench/LiveCodeBench", path: "lcb_runner/runner/parser.py", pin: LCB },
          ],
          grader: lcbScorer(),
          endpointType: "chat",
          systemPrompt: LCB_SYSTEM_MESSAGE,
          defaultParams: { maxTokens: 2000, temperature: 0.2, extraBody: { top_p: 0.95 } },
        },
      ],
      oracle: lcbOracle,
    }),
  );
}

const byRelease = new Map<string, Benchmark<ByobSample>>();
function forRelease(release: LcbRelease): Benchmark<ByobSample> {
  let compiled = byRelease.get(release.tag);
  if (compiled === undefined) {
    compiled = definitionFor(release);
    byRelease.set(release.tag, compiled);
  }
  return compiled;
}

const base = forRelease(resolveLcbRelease(LCB_DEFAULT_RELEASE));

async function load(options: LoadOptions) {
  const release = lcbReleaseFromEnv(options.context.downloads?.env ?? process.env);
  const loaded = await forRelease(release).load(options);
  const window = options.dateWindow;
  const samples =
    window === undefined
      ? loaded.samples
      : filterLcbByContestDate(
          loaded.samples.map((sample) => ({ sample, contestDate: String(sample.row["contest_date"]) })),
          {
            ...(window.start === undefined ? {} : { startDate: window.start }),
            ...(window.end === undefined ? {} : { endDate: window.end }),
          },
        ).map((entry) => entry.sample);
  if (samples.length === 0) {
    throw new DatasetError(
      `lcb_codegeneration ${release.tag}: no problem has a contest date in ${window?.start ?? "…"} – ${window?.end ?? "…"}; widen --lcb-start-date/--lcb-end-date or pick another release (LLM_BENCH_LCB_RELEASE).`,
    );
  }
  const dates = window === undefined ? "" : ` contest dates ${window.start ?? "…"} to ${window.end ?? "…"}`;
  return {
    ...loaded,
    samples,
    dataset: `hf://${HUB_REPO} release ${release.tag} (${release.files.join(", ")})${dates}`,
  };
}

export const lcbCodegeneration: Benchmark<ByobSample> = {
  ...base,
  dataset: `${HUB_REPO} (release ${LCB_DEFAULT_RELEASE} by default: ${base.dataset.split("data_files=")[1]}; LLM_BENCH_LCB_RELEASE picks another)`,
  hasDatedSamples: true,
  load,
};
