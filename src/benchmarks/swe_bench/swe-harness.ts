// The in-container evaluation of one SWE-bench patch: the llm-benchmarker spec's Tier 4 workflow (the repository at
// base_commit in python:3.11, the patch applied with `git apply` then `--3way`, the test patch, FAIL_TO_PASS and the
// first 10 PASS_TO_PASS with pytest; correct = both pass), or with `images: "official"` SWE-bench's own per-instance
// images, test commands and log parsers (SWE-bench/SWE-bench @726c5461e2ef52d83cf1ea2107870a8bb3328d57, v4.1.0).
// Never touches the network inside the container: the spec flow's clone is a host step (repository-tree.ts).
import type { ContainerEngine, SampleContainer } from "../../containers/types.js";
import { ConfigError } from "../../errors.js";
import { applyModelPatch, type PatchApplyResult } from "./apply-model-patch.js";
import { applyTestPatch } from "./apply-test-patch.js";
import { outputOf, runStep, TESTBED, tail } from "./container-steps.js";
import { describeFailing, gradeTestGroup, PASS_TO_PASS_LIMIT } from "./grade-test-results.js";
import { logParserFor } from "./log-parsers.js";
import { officialImage } from "./official-image.js";
import { type OfficialTestSpec, officialTestSpec, officialVersions } from "./official-test-specs.js";
import { ensureRepository, type RepositoryTreeOptions, withRepositoryTree } from "./repository-tree.js";
import { specImage } from "./spec-image.js";
import { SweHarnessError } from "./swe-harness-error.js";
import type { SweInstance } from "./swe-instance.js";
import { officialPreamble, runOfficialTests, runSpecTests, type TestRunsResult } from "./test-runs.js";

export interface SweHarnessOptions {
  /**
   * "spec": the llm-benchmarker spec's workflow (python:3.11, the repository at base_commit, pytest); "official":
   * SWE-bench's per-instance evaluation images.
   */
  readonly images: "spec" | "official";
  /** Where repositories are cloned from: a template with {repo} (default "https://github.com/{repo}.git"). */
  readonly repoUrl: string;
  /** Host cache directory for repository clones (and the spec image's build context). */
  readonly cacheDirectory: string;
  readonly signal?: AbortSignal;
  /** Wall-clock limit of one evaluation's test runs together; default 30 min (SWE-bench's 1,800 s). */
  readonly testTimeoutMs?: number;
  /** Limit of each other step in the container (repository set-up, patch, install); default 10 min. */
  readonly stepTimeoutMs?: number;
  /** Bytes of test output kept (and parsed) per run; default 32 MiB. */
  readonly testOutputBytes?: number;
  /** "spec" images: the base image pytest is added to; default the spec's `python:3.11`. */
  readonly specBaseImage?: string;
}

export interface SweEvaluation {
  correct: boolean;
  reason: string;
  details: Record<string, unknown>;
}

const DEFAULT_TEST_TIMEOUT_MS = 30 * 60_000;
const DEFAULT_STEP_TIMEOUT_MS = 10 * 60_000;
const DEFAULT_TEST_OUTPUT_BYTES = 32 * 1024 * 1024;
/** Where the patches are put (SWE-bench's `DOCKER_PATCH` for the model's). */
const MODEL_PATCH_PATH = "/tmp/patch.diff";
const TEST_PATCH_PATH = "/tmp/test.patch";

/** `git apply` calls a patch whose last line has no newline corrupt (a trimmed answer loses it). */
function withFinalNewline(patch: string): string {
  return patch.endsWith("\n") ? patch : `${patch}\n`;
}

/** What the official flow needs for an instance, or a clear refusal. */
interface OfficialPlan {
  readonly spec: OfficialTestSpec;
  readonly parser: (log: string) => Map<string, string>;
}

function planOfficial(instance: SweInstance): OfficialPlan {
  if (instance.image !== undefined) {
    throw new ConfigError(
      `${instance.instanceId} is a SWE-bench Pro instance: its official evaluation runs the per-instance ` +
        "run_script.sh and parser.py of scaleapi/SWE-bench_Pro-os, which this harness does not carry; evaluate " +
        "SWE-bench Pro rows with the spec's images (images: spec).",
    );
  }
  const spec = officialTestSpec(instance.repo, instance.version);
  const parser = logParserFor(instance.repo);
  if (spec === undefined || parser === undefined) {
    const versions = officialVersions(instance.repo);
    throw new ConfigError(
      `SWE-bench has no official test spec for ${instance.repo} version "${instance.version}" ` +
        `(${instance.instanceId}); ${versions.length === 0 ? "the repository is not one of SWE-bench's twelve" : `known versions: ${versions.join(", ")}`}. Use the spec's images (images: spec) for it.`,
    );
  }
  return { spec, parser };
}

/** Puts the repository's tree at base_commit into /testbed and commits it there, so `git apply --3way` has its blobs. */
async function provisionRepository(
  container: SampleContainer,
  tree: string,
  options: { readonly timeoutMs: number; readonly signal?: AbortSignal },
): Promise<void> {
  await container.putDirectory(tree, TESTBED);
  const result = await runStep(
    container,
    [
      `git config --global --add safe.directory ${TESTBED}`,
      "git init --quiet",
      "git add --all --force",
      "git -c user.name=llm-bench -c user.email=llm-bench@localhost commit --quiet --no-verify -m base",
    ].join(" && "),
    options,
  );
  if (result.status !== "ok") {
    const output = tail(outputOf(result));
    throw new SweHarnessError(
      `Evaluation error: making /testbed a git repository failed in ${container.image} ` +
        `(${result.reason ?? `exit ${result.exitCode}`}); the image needs git. ${output.trim().split("\n").at(-1) ?? ""}`,
      { details: { step: "repository", output } },
    );
  }
}

function patchApplyDetails(result: PatchApplyResult): Record<string, unknown> {
  return { isApplied: result.isApplied, appliedBy: result.appliedBy ?? null, attempts: result.attempts };
}

function verdict(
  instance: SweInstance,
  tests: TestRunsResult,
  timeoutMs: number,
): {
  correct: boolean;
  reason: string;
  failToPass: Record<string, string>;
  passToPass: Record<string, string>;
} {
  const failToPass = gradeTestGroup(instance.failToPass, tests.statuses);
  const passToPass = gradeTestGroup(instance.passToPass.slice(0, PASS_TO_PASS_LIMIT), tests.statuses);
  const correct = failToPass.passed && passToPass.passed && !tests.isTimedOut;
  const counts =
    `FAIL_TO_PASS ${Object.keys(failToPass.results).length - failToPass.failing.length}/` +
    `${Object.keys(failToPass.results).length} pass, PASS_TO_PASS ` +
    `${Object.keys(passToPass.results).length - passToPass.failing.length}/${Object.keys(passToPass.results).length} pass`;
  const problems: string[] = [];
  if (tests.isTimedOut) problems.push(`the tests timed out after ${Math.round(timeoutMs / 1000)} s`);
  if (tests.runs.some((run) => run.isOutOfMemory))
    problems.push("the tests hit the container's memory limit");
  if (!failToPass.passed) problems.push(`FAIL_TO_PASS failing: ${describeFailing(failToPass)}`);
  if (!passToPass.passed) problems.push(`PASS_TO_PASS failing: ${describeFailing(passToPass)}`);
  const reason = correct ? `resolved: ${counts}` : `not resolved: ${problems.join("; ")} (${counts})`;
  return { correct, reason, failToPass: { ...failToPass.results }, passToPass: { ...passToPass.results } };
}

/**
 * Applies `patch` (the model's unified diff) to `instance`'s repository in a container of `engine` and runs the
 * instance's tests there. A patch that does not apply, tests that fail or time out → `correct: false` with the
 * reason; a step that is not the model's doing (clone, test patch, image) → throws `SweHarnessError`.
 */
export async function evaluateSwePatch(
  instance: SweInstance,
  patch: string,
  engine: ContainerEngine,
  options: SweHarnessOptions,
): Promise<SweEvaluation> {
  const started = performance.now();
  if (patch.trim() === "") {
    return {
      correct: false,
      reason: "no patch: the answer holds no diff to apply",
      details: { images: options.images },
    };
  }
  const plan = options.images === "official" ? planOfficial(instance) : undefined;
  const stepTimeoutMs = options.stepTimeoutMs ?? DEFAULT_STEP_TIMEOUT_MS;
  const testTimeoutMs = options.testTimeoutMs ?? DEFAULT_TEST_TIMEOUT_MS;
  const signal = options.signal;
  const step = { timeoutMs: stepTimeoutMs, ...(signal === undefined ? {} : { signal }) };
  const testOptions = {
    timeoutMs: testTimeoutMs,
    outputBytes: options.testOutputBytes ?? DEFAULT_TEST_OUTPUT_BYTES,
    ...(signal === undefined ? {} : { signal }),
  };

  const repository: RepositoryTreeOptions | undefined =
    plan === undefined
      ? {
          repo: instance.repo,
          commit: instance.baseCommit,
          repoUrl: options.repoUrl,
          cacheDirectory: options.cacheDirectory,
          ...(signal === undefined ? {} : { signal }),
        }
      : undefined;
  // Cloned or fetched before a container slot is taken; the tree is checked out only while the container is there.
  if (repository !== undefined) await ensureRepository(repository);
  const image =
    plan === undefined
      ? await specImage(engine, {
          cacheDirectory: options.cacheDirectory,
          ...(options.specBaseImage === undefined ? {} : { baseImage: options.specBaseImage }),
          ...(signal === undefined ? {} : { signal }),
        })
      : officialImage(instance);
  return engine.withContainer(
    { image, purpose: instance.instanceId, network: false },
    async (container) => {
      const durationsMs: Record<string, number> = {};
      const time = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
        const stepStarted = performance.now();
        try {
          return await work();
        } finally {
          durationsMs[name] = Math.round(performance.now() - stepStarted);
        }
      };
      const details: Record<string, unknown> = {
        images: options.images,
        image: container.image,
        durationsMs,
      };
      if (repository !== undefined) {
        await time("repository", () =>
          withRepositoryTree(repository, (tree) => provisionRepository(container, tree, step)),
        );
      } else await runStep(container, `git config --global --add safe.directory ${TESTBED}`, step);
      await container.putFiles("/tmp", [
        { path: "patch.diff", content: withFinalNewline(patch) },
        { path: "test.patch", content: withFinalNewline(instance.testPatch) },
      ]);
      const applied = await time("patch", () => applyModelPatch(container, MODEL_PATCH_PATH, step));
      details["patch"] = patchApplyDetails(applied);
      if (!applied.isApplied) {
        const last = applied.attempts.at(-1);
        durationsMs["total"] = Math.round(performance.now() - started);
        return {
          correct: false,
          reason:
            `patch did not apply (${applied.attempts.map((attempt) => attempt.command).join(", ")} all failed): ` +
            `${last?.output.trim().split("\n").at(-1) ?? ""}`,
          details,
        };
      }
      if (plan !== undefined) {
        const install = await time("install", () =>
          runStep(container, `${officialPreamble(plan.spec)}\n${plan.spec.install}`, step),
        );
        details["install"] = {
          command: plan.spec.install,
          exitCode: install.exitCode,
          output: tail(outputOf(install)),
        };
      }
      await time("testPatch", () =>
        applyTestPatch(container, instance.instanceId, instance.testPatch, TEST_PATCH_PATH, {
          ...step,
          revision: plan === undefined ? "HEAD" : instance.baseCommit,
        }),
      );
      const tests = await time("tests", () =>
        plan === undefined
          ? runSpecTests(
              container,
              {
                failToPass: instance.failToPass,
                passToPass: instance.passToPass.slice(0, PASS_TO_PASS_LIMIT),
              },
              testOptions,
            )
          : runOfficialTests(
              container,
              { spec: plan.spec, repo: instance.repo, testPatch: instance.testPatch, parser: plan.parser },
              testOptions,
            ),
      );
      const graded = verdict(instance, tests, testTimeoutMs);
      details["failToPass"] = graded.failToPass;
      details["passToPass"] = graded.passToPass;
      details["testRuns"] = tests.runs;
      durationsMs["total"] = Math.round(performance.now() - started);
      return { correct: graded.correct, reason: graded.reason, details };
    },
    signal,
  );
}
