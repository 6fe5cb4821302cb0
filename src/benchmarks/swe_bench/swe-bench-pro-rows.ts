// SWE-bench Pro rows in their two layouts, and the SweInstance each becomes: the Hub's (`ScaleAI/SWE-bench_Pro`, test:
// repo, instance_id, base_commit, patch, test_patch, problem_statement, requirements, interface, repo_language,
// fail_to_pass, pass_to_pass as Python list literals, issue_specificity, issue_categories, before_repo_set_cmd,
// selected_test_files_to_run, dockerhub_tag), and a third-party export's (zhoutaoz99/SWE-bench-Pro-minimal
// src/data/suite_instances.json: `{_meta, instances: [...]}` with gold_patch for patch, the test lists as lists,
// docker_image for the full image reference, language_family for repo_language).
import { z } from "zod";
import { repoNameSchema } from "./swe-bench-rows.js";
import type { SweInstance } from "./swe-instance.js";
import { pythonTestListSchema } from "./swe-test-list.js";

/** Where SWE-bench Pro's evaluation images are: `jefzda/sweap-images:<dockerhub_tag>` (its README). */
export const SWE_BENCH_PRO_IMAGE_REPOSITORY = "jefzda/sweap-images";

const optionalText = z
  .string()
  .nullish()
  .transform((text) => text ?? "");

const commitSchema = z.string().regex(/^[0-9a-f]{7,40}$/, "expected a git commit id");

export const sweBenchProRowSchema = z.looseObject({
  repo: repoNameSchema,
  instance_id: z.string().min(1),
  base_commit: commitSchema,
  patch: z.string().min(1, "expected the gold patch"),
  test_patch: z.string(),
  problem_statement: z.string().min(1, "expected the issue text"),
  requirements: optionalText,
  interface: optionalText,
  repo_language: z.string().min(1, "expected the repository's language"),
  fail_to_pass: pythonTestListSchema,
  pass_to_pass: pythonTestListSchema,
  before_repo_set_cmd: optionalText,
  selected_test_files_to_run: pythonTestListSchema.nullish(),
  dockerhub_tag: z.string().regex(/^[\w][\w.-]{0,127}$/, "expected a Docker image tag"),
});

export type SweBenchProRow = z.output<typeof sweBenchProRowSchema>;

/** Fields SWE-bench's schema has and SWE-bench Pro's does not: hints, version, environment commit. */
const PRO_ABSENT = { hintsText: "", version: "", environmentSetupCommit: "" } as const;

export function sweInstanceFromProRow(row: SweBenchProRow): SweInstance {
  return {
    instanceId: row.instance_id,
    repo: row.repo,
    baseCommit: row.base_commit,
    patch: row.patch,
    testPatch: row.test_patch,
    problemStatement: row.problem_statement,
    ...PRO_ABSENT,
    failToPass: row.fail_to_pass,
    passToPass: row.pass_to_pass,
    language: row.repo_language,
    image: `${SWE_BENCH_PRO_IMAGE_REPOSITORY}:${row.dockerhub_tag}`,
    requirements: row.requirements,
    interface: row.interface,
    ...(row.before_repo_set_cmd === "" ? {} : { beforeRepoSetCmd: row.before_repo_set_cmd }),
    ...(row.selected_test_files_to_run == null ? {} : { selectedTestFiles: row.selected_test_files_to_run }),
  };
}

/** One instance of the third-party export. */
export const thirdPartyProInstanceSchema = z.looseObject({
  instance_id: z.string().min(1),
  repo: repoNameSchema,
  base_commit: commitSchema,
  problem_statement: z.string().min(1, "expected the issue text"),
  requirements: optionalText,
  interface: optionalText,
  fail_to_pass: z.array(z.string()),
  pass_to_pass: z.array(z.string()),
  test_patch: z.string(),
  gold_patch: z.string().min(1, "expected the gold patch"),
  docker_image: z.string().regex(/^\S+:\S+$/, 'expected an image reference "repository:tag"'),
  language_family: z.string().min(1, "expected the repository's language"),
});

export type ThirdPartyProInstance = z.output<typeof thirdPartyProInstanceSchema>;

/** The export's file: `{_meta, instances}`. */
export const thirdPartyProFileSchema = z.looseObject({
  _meta: z.looseObject({}),
  instances: z.array(z.unknown()).min(1, "expected at least one instance"),
});

/**
 * The export spells out two languages the Hub's `repo_language` abbreviates (`javascript` for the rows the Hub calls
 * `js`, e.g. protonmail/webclients; `typescript` for `ts`): read as the Hub's, so both layouts facet alike.
 */
const HUB_LANGUAGE: Readonly<Record<string, string>> = { javascript: "js", typescript: "ts" };

export function sweInstanceFromThirdParty(row: ThirdPartyProInstance): SweInstance {
  return {
    instanceId: row.instance_id,
    repo: row.repo,
    baseCommit: row.base_commit,
    patch: row.gold_patch,
    testPatch: row.test_patch,
    problemStatement: row.problem_statement,
    ...PRO_ABSENT,
    failToPass: row.fail_to_pass,
    passToPass: row.pass_to_pass,
    language: HUB_LANGUAGE[row.language_family] ?? row.language_family,
    image: row.docker_image,
    requirements: row.requirements,
    interface: row.interface,
  };
}
