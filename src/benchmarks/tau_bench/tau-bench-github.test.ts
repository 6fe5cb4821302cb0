// tau_bench without --data-dir: τ-bench's repository served from 127.0.0.1 (the real tables and policies, verbatim;
// synthetic tasks_test.py and tool files in upstream's style), loaded through the pinned, cached download into the
// same samples the data dir's JSON layout gives; then from the cache alone.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDatasetContext } from "../../datasets/create-dataset-context.js";
import { caughtDatasetError } from "../../datasets/test-support/caught-dataset-error.js";
import {
  closedPortUrl,
  type DirectoryServer,
  startDirectoryServer,
} from "../../datasets/test-support/start-directory-server.js";
import { TAU_DOMAIN_TOOLS } from "../../graders/tau-bench/domain-tools.js";
import { PythonFloat, type PyValue } from "../../graders/tau-bench/python-data.js";
import { printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import { loadTauBench, tauBench } from "./index.js";
import { TAU_BENCH_COMMIT, TAU_BENCH_PINS } from "./tau-bench-source.js";
import { githubTauFiles } from "./tau-github-files.js";
import {
  sha256Pin,
  syntheticToolSchema,
  verbatimTauFiles,
  writeTauRepo,
} from "./test-support/write-tau-repo.js";

const dataDir = sharedDataDir("tau_bench/db/airline/flights.json");
if (dataDir === undefined) printSkipReason("tau_bench GitHub-source tests (they serve the real tables)");
const suite = dataDir === undefined ? describe.skip : describe;

let work: string;
let server: DirectoryServer | undefined;

beforeEach(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "llm-bench-tau-github-"));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(work, { recursive: true, force: true });
});

function githubEnv(url: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    LLM_BENCH_TAU_BENCH_URL: url,
    LLM_BENCH_CACHE: path.join(work, "cache"),
    HF_HUB_OFFLINE: "",
    ...extra,
  };
}

suite("tau_bench from τ-bench's repository", () => {
  it("pins the verbatim files as the shared data holds them (SHA-256 and size)", () => {
    const verbatim = verbatimTauFiles(dataDir ?? "");
    expect(verbatim).toHaveLength(8);
    for (const { repoPath, sharedPath } of verbatim) {
      expect({ repoPath, ...sha256Pin(readFileSync(sharedPath)) }).toEqual({
        repoPath,
        ...TAU_BENCH_PINS[repoPath],
      });
    }
    // Every file a run reads is pinned, nothing else: per domain the policy, the tasks, the tables, one per tool.
    expect(Object.keys(TAU_BENCH_PINS)).toHaveLength(40);
  });

  it("downloads each file once, reads the Python tasks and tool schemas, gives the data dir's samples, then reads the cache only", async () => {
    const repoDir = path.join(work, "repo");
    const localDir = path.join(work, "local");
    const pins = writeTauRepo(dataDir ?? "", repoDir, localDir);
    const prefix = `/sierra-research/tau-bench/${TAU_BENCH_COMMIT}`;
    server = await startDirectoryServer({ prefix, directory: repoDir });
    const progress = new Set<string>();
    const context = createDatasetContext({
      env: githubEnv(server.url),
      onProgress: (event) => progress.add(event.label),
    });
    const loaded = await loadTauBench({ context, nShots: 0 }, pins);

    expect(loaded.samples.map((sample) => sample.id)).toEqual(["retail/0", "retail/1", "airline/0"]);
    const [first, second, airline] = loaded.samples;
    expect(first?.tauTask).toEqual({
      userId: "yusuf_rossi_9620",
      instruction:
        "You are Yusuf Rossi in 19122. You want the status of order #W2378156 \u2014 nothing else.",
      actions: [
        {
          name: "find_user_id_by_name_zip",
          kwargs: new Map([
            ["first_name", "Yusuf"],
            ["last_name", "Rossi"],
            ["zip", "19122"],
          ]),
        },
        { name: "get_order_details", kwargs: new Map([["order_id", "#W2378156"]]) },
      ],
      outputs: [],
    });
    expect(second?.gold).toBe('actions: calculate; outputs: "12.5"');
    const kwargs = airline?.tauTask.actions[0]?.kwargs;
    expect([...(kwargs?.keys() ?? [])]).toEqual([
      "user_id",
      "origin",
      "destination",
      "flight_type",
      "cabin",
      "flights",
      "passengers",
      "payment_methods",
      "total_baggages",
      "nonfree_baggages",
      "insurance",
    ]);
    expect(kwargs?.get("payment_methods")).toEqual([
      new Map<string, PyValue>([
        ["payment_id", "certificate_7504069"],
        ["amount", 250],
      ]),
      new Map<string, PyValue>([
        ["payment_id", "credit_card_4421486"],
        ["amount", new PythonFloat(5)],
      ]),
    ]);
    for (const sample of [first, airline]) {
      const domain = sample?.domain ?? "retail";
      expect(sample?.environment.toolDefinitions).toEqual(
        TAU_DOMAIN_TOOLS[domain].map((tool) => syntheticToolSchema(tool.name)),
      );
      expect(sample?.environment.wiki).toBe(
        readFileSync(path.join(dataDir ?? "", "tau_bench", `${domain}_wiki.md`), "utf8"),
      );
      expect(sample?.environment.data.get("users")).toBeInstanceOf(Map);
    }
    expect(server.requests).toHaveLength(40);
    expect(new Set(server.requests)).toEqual(
      new Set(Object.keys(pins).map((repoPath) => `${prefix}/${repoPath}`)),
    );
    expect(progress).toContain("τ-bench tau_bench/envs/retail/tasks_test.py");

    // The data dir's JSON layout of the same content gives the same samples.
    const local = await tauBench.load({
      context: createDatasetContext({ dataDir: localDir, env: {} }),
      nShots: 0,
    });
    expect(loaded.samples).toEqual(local.samples);

    // Again, and offline with no server: the cache only.
    const again = await loadTauBench(
      { context: createDatasetContext({ env: githubEnv(server.url) }), nShots: 0 },
      pins,
    );
    expect(again.samples).toEqual(loaded.samples);
    const offlineEnv = githubEnv(await closedPortUrl(), { HF_HUB_OFFLINE: "1" });
    const offline = await loadTauBench(
      { context: createDatasetContext({ env: offlineEnv }), nShots: 0 },
      pins,
    );
    expect(offline.samples).toEqual(loaded.samples);
    expect(server.requests).toHaveLength(40);
  });

  it("with the production pins, a file other than the pinned one is refused by name, with the ways out, and not cached", async () => {
    const repoDir = path.join(work, "repo");
    writeTauRepo(dataDir ?? "", repoDir, path.join(work, "local"));
    server = await startDirectoryServer({ directory: repoDir });
    const error = await caughtDatasetError(
      tauBench.load({
        context: createDatasetContext({ env: githubEnv(server.url) }),
        nShots: 0,
        tasks: ["retail"],
      }),
    );
    expect(error.code).toBe("E_DATASET_CHECKSUM");
    // The real tables pass; the first synthetic file read (retail's first tool) does not.
    const first = TAU_DOMAIN_TOOLS.retail[0]?.name ?? "";
    expect(error.message).toContain(
      `The τ-bench file sierra-research/tau-bench@59a200c:tau_bench/envs/retail/tools/${first}.py downloaded from ` +
        `${server.url}/tau_bench/envs/retail/tools/${first}.py does not match the pinned upstream file`,
    );
    expect(error.message).toContain("LLM_BENCH_TAU_BENCH_URL");
    expect(error.message).toContain("--data-dir DIR with DIR/tau_bench/");
    const cache = path.join(work, "cache", "tau-bench", TAU_BENCH_COMMIT, "tau_bench", "envs", "retail");
    expect(existsSync(path.join(cache, "data", "orders.json"))).toBe(true);
    expect(existsSync(path.join(cache, "tools", `${first}.py`))).toBe(false);
  });

  it("offline with nothing cached names the file, the cache and --data-dir, without a request", async () => {
    server = await startDirectoryServer({ directory: work });
    const error = await caughtDatasetError(
      tauBench.load({
        context: createDatasetContext({ env: githubEnv(server.url, { HF_HUB_OFFLINE: "1" }) }),
        nShots: 0,
      }),
    );
    expect(error.code).toBe("E_DATASET_OFFLINE");
    expect(error.message).toContain(
      "sierra-research/tau-bench@59a200c:tau_bench/envs/retail/data/orders.json",
    );
    expect(error.message).toContain(path.join(work, "cache", "tau-bench", TAU_BENCH_COMMIT, "tau_bench"));
    expect(error.message).toContain("--data-dir DIR with DIR/tau_bench/");
    expect(server.requests).toHaveLength(0);
  });
});

describe("tau_bench's GitHub files, without the shared data", () => {
  /** Serves `files` (repository path → text) with pins of their own. */
  async function serve(files: Record<string, string>) {
    const pins: Record<string, { sha256: string; sizeBytes: number }> = {};
    for (const [repoPath, text] of Object.entries(files)) {
      const target = path.join(work, "repo", ...repoPath.split("/"));
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, text);
      pins[repoPath] = sha256Pin(Buffer.from(text));
    }
    server = await startDirectoryServer({ directory: path.join(work, "repo") });
    return githubTauFiles({ env: githubEnv(server.url) }, pins);
  }

  it("refuses a tool file whose get_info() offers another function, naming the file", async () => {
    const files = await serve({
      "tau_bench/envs/retail/tools/think.py":
        'class Think(Tool):\n    def get_info():\n        return {"type": "function", "function": {"name": "calculate"}}\n',
    });
    const error = await caughtDatasetError(files.readToolDefinitions("retail", ["think"]));
    expect(error.message).toBe(
      'sierra-research/tau-bench@59a200c:tau_bench/envs/retail/tools/think.py: get_info() must offer the function "think", not "calculate"',
    );
  });

  it("refuses a task file that is not literals, naming the file and the place", async () => {
    const files = await serve({
      "tau_bench/envs/airline/tasks_test.py":
        'TASKS = [Task(user_id=USER, instruction="x", actions=[], outputs=[])]\n',
    });
    const error = await caughtDatasetError(files.readTasks("airline"));
    expect(error.message).toBe(
      "sierra-research/tau-bench@59a200c:tau_bench/envs/airline/tasks_test.py: the task list (TASKS_TEST = / " +
        "TASKS =): [0].user_id: a name expression is not a literal",
    );
  });

  it("a file the pins do not name is an error, not a download", async () => {
    const files = await serve({});
    await expect(files.readWiki("retail")).rejects.toThrow(
      "No pinned SHA-256 for τ-bench's tau_bench/envs/retail/wiki.md",
    );
    expect(server?.requests).toEqual([]);
  });
});
