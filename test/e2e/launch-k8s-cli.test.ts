// `llm-bench launch k8s` through the built CLI: --dry-run prints the two Jobs as YAML; a launch against a stand-in
// Kubernetes API server on 127.0.0.1 (no control plane can run here; the kubeconfig is written by the test) follows
// both Jobs and prints the merge pod's log, or each failed index with its log; Ctrl-C leaves the Jobs running and
// says how to delete them; bad launches are refused with exit 2 before anything is submitted.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { IJob } from "kubernetes-models/batch/v1/Job";
import { afterEach, describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import {
  type FakeKubeApi,
  type FakeKubeApiOptions,
  fakeKubeconfig,
  startFakeKubeApi,
} from "../../src/launch/k8s/test-support/fake-kube-api.js";
import { runCli, spawnCli, waitForExit } from "./support/cli.js";

const NAME = "gsm8k-nightly";
const K8S = ["--image", "registry.example/llm-bench:0.1.0", "--volume-claim", "bench-results"];
const RUN = ["--", "run", "gsm8k", "--base-url", "http://vllm.bench.svc:8000/v1", "--limit", "30"];

/** What `llm-bench merge` prints in the merge pod, as its log would hold it. */
const MERGE_LOG =
  "Benchmark  Samples  Accuracy  95% CI\ngsm8k           30    0.7000  0.52–0.83\nResults: /results/gsm8k-nightly/merged\n";

let api: FakeKubeApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function startApi(
  options: FakeKubeApiOptions = {},
): Promise<{ fake: FakeKubeApi; kubeconfig: string }> {
  api = await startFakeKubeApi({ namespaces: ["bench"], token: "test-token", ...options });
  const kubeconfig = join(mkdtempSync(join(tmpdir(), "e2e-k8s-")), "config");
  writeFileSync(kubeconfig, fakeKubeconfig(api.url));
  return { fake: api, kubeconfig };
}

const launchArgs = (kubeconfig: string, extra: readonly string[] = []): string[] => [
  "launch",
  "k8s",
  "--shards",
  "3",
  ...K8S,
  "--namespace",
  "bench",
  "--job-name",
  NAME,
  "--kubeconfig",
  kubeconfig,
  "--api-key-secret",
  "llm-api:api-key",
  ...extra,
  ...RUN,
];

describe("launch k8s", () => {
  it("--dry-run prints the Indexed Job and the merge Job as YAML and needs no cluster", async () => {
    const result = await runCli([
      "launch",
      "k8s",
      "--shards",
      "4",
      ...K8S,
      "--api-key-secret",
      "llm-api:api-key",
      "--dry-run",
      ...RUN,
      "--system-prompt",
      "Costs $(HOME) and $5.",
    ]);
    expect(result.stderr).toMatch(
      /Dry run: nothing submitted; the shards would write to \/results\/llm-bench-\d{8}-\d{6} on the volume claim bench-results/,
    );
    expect(result.code).toBe(0);
    const documents = parseAllDocuments(result.stdout);
    if (!Array.isArray(documents)) throw new Error("not a YAML stream");
    const [shards, merge] = documents.map((document) => document.toJS() as IJob);
    expect(documents).toHaveLength(2);
    const name = shards?.metadata?.name ?? "";
    expect(name).toMatch(/^llm-bench-\d{8}-\d{6}$/);
    expect(shards?.spec).toMatchObject({ completionMode: "Indexed", completions: 4, parallelism: 4 });
    const container = shards?.spec?.template.spec?.containers[0];
    expect(container?.image).toBe("registry.example/llm-bench:0.1.0");
    // Kubernetes expands $(VAR) in the command and turns $$ into $: every $ of the script is doubled, so the
    // shell gets it as written, and the prompt reaches the run unexpanded.
    expect(container?.command).toEqual(["/bin/sh", "-c"]);
    const [raw = ""] = container?.args ?? [];
    expect(raw.replace(/\$\$/g, "")).not.toContain("$");
    const script = raw.replaceAll("$$", "$");
    expect(script).toContain(`shard_dir=/results/${name}/shard-"$JOB_COMPLETION_INDEX"`);
    const command =
      "node /app/dist/cli/main.js run gsm8k --base-url http://vllm.bench.svc:8000/v1 --limit 30 " +
      `--system-prompt 'Costs $(HOME) and $5.' --shard "$JOB_COMPLETION_INDEX"/4 ` +
      `--output-dir /results/${name}/shard-"$JOB_COMPLETION_INDEX"`;
    // A pod of an index that an earlier pod started resumes its run; else it starts it.
    expect(script).toContain(`exec ${command} --resume "$run_dir"`);
    expect(script.endsWith(`\nexec ${command}`)).toBe(true);
    expect(container?.env).toEqual([
      { name: "OPENAI_API_KEY", valueFrom: { secretKeyRef: { name: "llm-api", key: "api-key" } } },
    ]);
    for (const job of [shards, merge]) {
      expect(job?.spec?.template.spec?.volumes).toEqual([
        { name: "results", persistentVolumeClaim: { claimName: "bench-results" } },
      ]);
    }
    expect(merge?.metadata?.name).toBe(`${name}-merge`);
    expect(merge?.spec?.template.spec?.containers[0]?.args?.[0]).toContain(
      `--output '/results/${name}/merged'`,
    );
  });

  it("submits both Jobs, prints the progress and the merge pod's log, and exits 0", async () => {
    // A step every 200 ms: the launcher sees the pods running before they end, even on a busy machine.
    const { fake, kubeconfig } = await startApi({ podLogs: { [`${NAME}-merge`]: MERGE_LOG }, stepMs: 200 });
    const result = await runCli(launchArgs(kubeconfig));
    expect(result.stderr).not.toMatch(/error|\n\s+at /);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(MERGE_LOG);
    expect(result.stderr).toContain(`Created k8s job ${NAME} in namespace bench (3 indexes).\n`);
    expect(result.stderr).toMatch(new RegExp(`k8s job ${NAME}: [1-3] active, [0-2] succeeded, 0 failed`));
    expect(result.stderr).toContain(
      `k8s job ${NAME}: 0 active, 3 succeeded, 0 failed (completed indexes 0-2)\n`,
    );
    expect(result.stderr).toContain(`k8s job ${NAME}: complete.\n`);
    expect(result.stderr).toContain(`k8s job ${NAME}-merge: complete.\n`);
    expect(result.stderr).toContain(`Merged run: /results/${NAME}/merged on the volume claim bench-results`);
    expect(result.stderr).toContain(`kubectl delete job ${NAME} ${NAME}-merge -n bench`);
    // The API server got the two manifests, the shards first; the merge pod's log was read whole.
    const posts = fake.requests.filter((request) => request.method === "POST");
    expect(posts.map((request) => (request.body as IJob).metadata?.name)).toEqual([NAME, `${NAME}-merge`]);
    const logReads = fake.requests.filter((request) => request.path.endsWith("/log"));
    expect(logReads.map((request) => [request.path, request.query["tailLines"]])).toEqual([
      [`/api/v1/namespaces/bench/pods/${NAME}-merge-0-x7k2q/log`, undefined],
    ]);
  });

  it("reports a failed index with its reason and log, creates no merge Job, and exits 1", async () => {
    const { fake, kubeconfig } = await startApi({
      failingIndexes: { [NAME]: [1] },
      podLogs: { [NAME]: "run: gsm8k shard 1/3\nerror: cannot reach http://vllm.bench.svc:8000/v1\n" },
    });
    const result = await runCli(launchArgs(kubeconfig));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `k8s job ${NAME} failed (BackoffLimitExceeded: Job has reached the specified backoff limit); ` +
        "indexes not completed: 1,2.\n",
    );
    expect(result.stderr).toContain(
      `Index 1 (pod ${NAME}-1-x7k2q): exit code 1 (Error); the end of its log:\n` +
        "    run: gsm8k shard 1/3\n    error: cannot reach http://vllm.bench.svc:8000/v1\n",
    );
    expect(result.stderr).toMatch(/No merge was made\. The completed shards' run directories stay/);
    expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(fake.requests.filter((request) => request.method === "POST")).toHaveLength(1);
  });

  it("stops following on Ctrl-C, says the Jobs keep running and how to delete them, exits 130", async () => {
    const { kubeconfig } = await startApi({ stepMs: 60_000 });
    const child = spawnCli(launchArgs(kubeconfig));
    await expect
      .poll(() => child.output.stderr, { timeout: 20_000, interval: 50 })
      .toMatch(/k8s job gsm8k-nightly: \d+ active/);
    child.kill("SIGINT");
    const { code } = await waitForExit(child);
    expect(child.output.stderr).toContain(
      `Stopped following; the Jobs keep running (${NAME} in namespace bench) and the merge Job will not be ` +
        `created. Delete them with: kubectl delete job ${NAME} ${NAME}-merge -n bench\n`,
    );
    expect(code).toBe(130);
  });

  it("says an API server that does not answer cannot be reached (exit 2)", async () => {
    const { fake, kubeconfig } = await startApi();
    await fake.close();
    api = undefined;
    const result = await runCli(launchArgs(kubeconfig));
    expect(result.stderr).toMatch(
      /Cannot reach the API server http:\/\/127\.0\.0\.1:\d+ \(context fake\) to create the Job gsm8k-nightly/,
    );
    expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(result.code).toBe(2);
  });

  it("refuses --api-key in the launched command (exit 2, no stack trace); the other refusals are in src/cli/", async () => {
    const result = await runCli(["launch", "k8s", "--shards", "2", ...K8S, ...RUN, "--api-key", "sk-1"]);
    expect(result.stderr).toMatch(/--api-key cannot be given to the launched run on Kubernetes/);
    expect(result.stderr).not.toMatch(/internal error|\n\s+at |sk-1/);
    expect(result.code).toBe(2);
  });
});
