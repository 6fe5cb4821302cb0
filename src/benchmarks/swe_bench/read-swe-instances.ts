// Reads SWE-bench and SWE-bench Pro instances as samples: a Hub dataset's test parquet at a pinned revision (or its
// copy under --data-dir, `<folder>/data/test-00000-of-00001.{parquet,jsonl}`), and SWE-bench Pro's third-party export
// (`<folder>/suite_instances.json`) as an alternative local layout.
import path from "node:path";
import type { z } from "zod";
import { parseRows } from "../../datasets/parse-rows.js";
import type { DatasetContext, Row } from "../../datasets/types.js";
import { DatasetError } from "../../errors.js";
import { readLocalText } from "../read-local-text.js";
import { type OnRepoFileRows, type RepoDataFile, readRepoFileRows } from "../read-repo-file-rows.js";
import {
  sweBenchProRowSchema,
  sweInstanceFromProRow,
  sweInstanceFromThirdParty,
  thirdPartyProFileSchema,
  thirdPartyProInstanceSchema,
} from "./swe-bench-pro-rows.js";
import { sweBenchRowSchema, sweInstanceFromRow } from "./swe-bench-rows.js";
import type { SweHarnessOptions } from "./swe-harness.js";
import type { SweBenchSample, SweInstance } from "./swe-instance.js";

/** The test split's one parquet file, the same path in each of the three repositories. */
const TEST_FILE = "data/test-00000-of-00001.parquet";

/**
 * `SWE-bench/SWE-bench_Verified` test (500 rows, 13 columns with `difficulty`). The revision is the one third-party
 * pins name for this file (2,090,470 bytes, SHA-256 43ed5a3d…); it could not be checked against the Hub from here.
 */
export const SWE_BENCH_VERIFIED_FILE: RepoDataFile = {
  repo: "SWE-bench/SWE-bench_Verified",
  revision: "91aa3ed51b709be6457e12d00300a6a596d4c6a3",
  path: TEST_FILE,
};

/** `SWE-bench/SWE-bench` test (the full set), at the revision third-party pins name for it. */
export const SWE_BENCH_FULL_FILE: RepoDataFile = {
  repo: "SWE-bench/SWE-bench",
  revision: "7074ef12ea2a6f70a228943c1336553333c22786",
  path: TEST_FILE,
};

/** `ScaleAI/SWE-bench_Pro` test (731 rows), at the revision third-party pins name for it. */
export const SWE_BENCH_PRO_FILE: RepoDataFile = {
  repo: "ScaleAI/SWE-bench_Pro",
  revision: "7ab5114912baf22bb098818e604c02fe7ad2c11f",
  path: TEST_FILE,
};

/** The third-party SWE-bench Pro export's file name, in its folder under --data-dir. */
export const THIRD_PARTY_PRO_FILE = "suite_instances.json";

/** The task samples are read for, and how their patches are evaluated. */
export interface SampleWhere {
  readonly task: string;
  readonly harness: SweHarnessOptions;
}

/** A sample of `instance` in `where.task`; its facets break accuracy down by repository (and `facets`). */
function sweSample(
  instance: SweInstance,
  where: SampleWhere,
  facets: Readonly<Record<string, string>>,
): SweBenchSample {
  return {
    id: instance.instanceId,
    task: where.task,
    gold: instance.patch,
    instance,
    harness: where.harness,
    facets: { repo: instance.repo, ...facets },
  };
}

/** Collects samples, refusing an instance id seen before (naming both rows). */
class SampleList {
  readonly samples: SweBenchSample[] = [];
  private readonly rowOfId = new Map<string, string>();

  add(sample: SweBenchSample, where: string): void {
    const earlier = this.rowOfId.get(sample.id);
    if (earlier !== undefined) {
      throw new DatasetError(`${where}: instance_id ${sample.id} is also ${earlier}.`, {
        code: "E_DATASET_ROW_INVALID",
      });
    }
    this.rowOfId.set(sample.id, where);
    this.samples.push(sample);
  }
}

/** Parses a part of a file and adds a sample per row; `toSample` maps a parsed row. */
function addRows<T>(
  list: SampleList,
  rows: Row[],
  firstRowIndex: number,
  source: string,
  schema: z.ZodType<T>,
  toSample: (row: T) => SweBenchSample,
): void {
  parseRows(rows, schema, source, firstRowIndex + 1).forEach((row, position) => {
    list.add(toSample(row), `${source} row ${firstRowIndex + position + 1}`);
  });
}

/**
 * `readRepoFileRows`, with a missing local folder named with what to put there (the row format is the Hub's, as
 * parquet or JSON lines).
 */
async function readHubFileRows(
  context: DatasetContext,
  file: RepoDataFile,
  folder: string,
  onRows: OnRepoFileRows,
): Promise<void> {
  if (context.dataDir !== undefined) {
    const directory = path.posix.join(folder, path.posix.dirname(file.path));
    await context.local.listFiles(directory, /./).catch((error: unknown) => {
      throw new DatasetError(
        `${file.repo}: no folder ${path.join(context.dataDir ?? "", directory)}. Put the file ${file.path} of ${file.repo} there (as .parquet, or .jsonl with one row of the Hub's schema a line), or leave out --data-dir to download it.`,
        { code: "E_DATASET_FILE_NOT_FOUND", cause: error },
      );
    });
  }
  await readRepoFileRows(context, file, folder, onRows);
}

/** SWE-bench rows (Verified or the full set) of `file`, from the Hub or `<folder>/` under --data-dir. */
export async function readSweBenchSamples(
  context: DatasetContext,
  file: RepoDataFile,
  folder: string,
  where: SampleWhere,
): Promise<SweBenchSample[]> {
  const list = new SampleList();
  await readHubFileRows(context, file, folder, (rows, firstRowIndex, source) =>
    addRows(list, rows, firstRowIndex, source, sweBenchRowSchema, (row) =>
      sweSample(sweInstanceFromRow(row), where, row.difficulty == null ? {} : { difficulty: row.difficulty }),
    ),
  );
  return list.samples;
}

/** The third-party export's instances (`<folder>/suite_instances.json`). */
async function readThirdPartyPro(
  context: DatasetContext,
  folder: string,
  where: SampleWhere,
): Promise<SweBenchSample[]> {
  const relative = path.posix.join(folder, THIRD_PARTY_PRO_FILE);
  const text = await readLocalText(context, relative);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new DatasetError(`${relative}: not valid JSON (${(error as Error).message}).`, {
      code: "E_DATASET_ROW_INVALID",
      cause: error,
    });
  }
  const file = thirdPartyProFileSchema.safeParse(json);
  if (!file.success) {
    throw new DatasetError(
      `${relative}: expected the SWE-bench Pro suite export {"_meta": {...}, "instances": [...]} (${file.error.issues[0]?.message ?? "invalid"}).`,
      { code: "E_DATASET_ROW_INVALID" },
    );
  }
  const list = new SampleList();
  addRows(
    list,
    file.data.instances as Row[],
    0,
    `${relative} instances`,
    thirdPartyProInstanceSchema,
    (row) => {
      const instance = sweInstanceFromThirdParty(row);
      return sweSample(instance, where, { language: instance.language });
    },
  );
  return list.samples;
}

/**
 * SWE-bench Pro's rows: from the Hub, or under --data-dir either the Hub file's copy (`<folder>/data/…`) or the
 * third-party export (`<folder>/suite_instances.json`) — one of the two, not both.
 */
export async function readSweBenchProSamples(
  context: DatasetContext,
  folder: string,
  where: SampleWhere,
): Promise<SweBenchSample[]> {
  if (context.dataDir !== undefined) {
    const exports = await context.local.listFiles(folder, /^suite_instances\.json$/).catch((error) => {
      throw new DatasetError(
        `SWE-bench Pro: no folder ${path.join(context.dataDir ?? "", folder)}. Put the Hub file ${SWE_BENCH_PRO_FILE.path} of ${SWE_BENCH_PRO_FILE.repo} there (as .parquet or .jsonl), or the third-party export as ${folder}/${THIRD_PARTY_PRO_FILE}.`,
        { code: "E_DATASET_FILE_NOT_FOUND", cause: error },
      );
    });
    if (exports.length > 0) {
      const dataFiles = await context.local
        .listFiles(path.posix.join(folder, "data"), /^test-00000-of-00001\.(parquet|jsonl)$/)
        .catch(() => []);
      if (dataFiles.length > 0) {
        throw new DatasetError(
          `${path.join(context.dataDir, folder)} holds both ${THIRD_PARTY_PRO_FILE} and data/${dataFiles[0]}: keep one of the two SWE-bench Pro layouts.`,
          { code: "E_DATASET_FILE_NOT_FOUND" },
        );
      }
      return readThirdPartyPro(context, folder, where);
    }
  }
  const list = new SampleList();
  await readHubFileRows(context, SWE_BENCH_PRO_FILE, folder, (rows, firstRowIndex, source) =>
    addRows(list, rows, firstRowIndex, source, sweBenchProRowSchema, (row) => {
      const instance = sweInstanceFromProRow(row);
      return sweSample(instance, where, { language: instance.language });
    }),
  );
  return list.samples;
}
