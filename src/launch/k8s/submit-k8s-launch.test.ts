// Submitting a launch through @kubernetes/client-node to a stand-in API server on 127.0.0.1 speaking the Job API:
// the bodies it receives are the manifests, following reports progress and ends on success or failure, and each
// refusal (401, 403, 404 namespace, 409, unreachable, no kubeconfig) is a ConfigError saying what to do.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError } from "../../errors.js";
import { buildK8sLaunchManifests, type K8sLaunchManifests } from "./build-k8s-launch-manifests.js";
import { openKubeClient } from "./open-kube-client.js";
import { type K8sLaunchEvent, submitK8sLaunch } from "./submit-k8s-launch.js";
import {
  type FakeKubeApi,
  type FakeKubeApiOptions,
  fakeKubeconfig,
  startFakeKubeApi,
} from "./test-support/fake-kube-api.js";

const SHARDS = 3;
const manifests: K8sLaunchManifests = buildK8sLaunchManifests({
  name: "gsm8k-nightly",
  namespace: "bench",
  image: "registry.example/llm-bench:0.1.0",
  volumeClaim: "bench-results",
  shards: SHARDS,
  shardArgs: [
    "run",
    "gsm8k",
    "--shard",
    "auto",
    "--shards",
    "3",
    "--output-dir",
    "/results/x/shard-$(JOB_COMPLETION_INDEX)",
  ],
  mergeArgs: [
    "merge",
    "/results/x/shard-0",
    "/results/x/shard-1",
    "/results/x/shard-2",
    "--output",
    "/results/x/merged",
  ],
  secretEnv: [{ name: "OPENAI_API_KEY", secretName: "llm-api", key: "api-key" }],
});

let api: FakeKubeApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function launch(options: FakeKubeApiOptions, kubeconfigToken?: string) {
  api = await startFakeKubeApi({ namespaces: ["bench"], token: "test-token", ...options });
  const dir = mkdtempSync(join(tmpdir(), "k8s-submit-"));
  const kubeconfig = join(dir, "config");
  writeFileSync(kubeconfig, fakeKubeconfig(api.url, kubeconfigToken));
  const client = await openKubeClient({ kubeconfig, env: {} });
  const events: K8sLaunchEvent[] = [];
  const outcome = submitK8sLaunch({
    client,
    manifests,
    onEvent: (event) => events.push(event),
    follow: { retryDelayMs: 10 },
  });
  return { outcome, events, api };
}

const posts = (fake: FakeKubeApi) => fake.requests.filter((request) => request.method === "POST");

describe("submitK8sLaunch", () => {
  it("creates the Indexed Job, follows it to Complete, then creates and follows the merge Job", async () => {
    const { outcome, events, api: fake } = await launch({});
    expect(await outcome).toEqual({
      status: "succeeded",
      shardJob: "gsm8k-nightly",
      mergeJob: "gsm8k-nightly-merge",
    });
    // Exactly the two manifests, in order, to the namespace's jobs collection.
    expect(posts(fake).map((request) => request.path)).toEqual([
      "/apis/batch/v1/namespaces/bench/jobs",
      "/apis/batch/v1/namespaces/bench/jobs",
    ]);
    expect(posts(fake).map((request) => request.body)).toEqual([manifests.indexedJob, manifests.mergeJob]);
    // The merge Job is created only after the Indexed Job completed.
    const mergePost = posts(fake)[1];
    expect(mergePost?.atMs).toBeGreaterThanOrEqual(
      fake.endedAtMs("gsm8k-nightly") ?? Number.POSITIVE_INFINITY,
    );
    // It read the Job, then watched it from the version it read.
    const watches = fake.requests.filter((request) => request.query["watch"] === "true");
    expect(watches[0]?.query).toMatchObject({
      fieldSelector: "metadata.name=gsm8k-nightly",
      resourceVersion: expect.any(String),
    });
    // Progress: the shards' succeeded count grows to 3 with the completed indexes, then both Jobs end.
    const shardDeltas = events.filter((event) => event.type === "job-delta" && event.stage === "shards");
    const succeeded = shardDeltas.map((event) =>
      event.type === "job-delta" ? event.progress.succeeded : -1,
    );
    expect(succeeded).toEqual([...succeeded].sort((a, b) => a - b));
    expect(succeeded.at(-1)).toBe(SHARDS);
    expect(shardDeltas.at(-1)).toMatchObject({
      progress: { completedIndexes: "0-2", active: 0 },
      completions: SHARDS,
    });
    expect(events.filter((event) => event.type !== "job-delta")).toEqual([
      { type: "job-start", stage: "shards", job: "gsm8k-nightly", namespace: "bench", completions: SHARDS },
      { type: "job-end", stage: "shards", job: "gsm8k-nightly", end: { status: "succeeded" } },
      { type: "job-start", stage: "merge", job: "gsm8k-nightly-merge", namespace: "bench", completions: 1 },
      { type: "job-end", stage: "merge", job: "gsm8k-nightly-merge", end: { status: "succeeded" } },
    ]);
  });

  it("reads the Job again and watches anew when a watch closes or answers 410 Gone", async () => {
    const { outcome, api: fake } = await launch({
      closeWatchAfterEvents: 1,
      isFirstWatchGone: true,
      stepMs: 80,
    });
    expect((await outcome).status).toBe("succeeded");
    const watches = fake.requests.filter((request) => request.query["watch"] === "true");
    const reads = fake.requests.filter((request) => /\/jobs\/gsm8k-nightly$/.test(request.path));
    expect(watches.length).toBeGreaterThan(2);
    expect(reads.length).toBeGreaterThan(2);
  });

  it("reports a failed shard with its index, reason and log, and creates no merge Job", async () => {
    const { outcome, events, api: fake } = await launch({ failingIndexes: { "gsm8k-nightly": [1] } });
    const result = await outcome;
    expect(result).toMatchObject({
      status: "failed",
      stage: "shards",
      job: "gsm8k-nightly",
      reason: "BackoffLimitExceeded",
      failedIndexes: [1, 2],
      failures: [
        {
          pod: "gsm8k-nightly-1-x7k2q",
          index: 1,
          reason: "exit code 1 (Error)",
          log: {
            status: "read",
            text: "gsm8k-nightly-1-x7k2q (llm-bench, last 40 lines)\nError: the shard failed\n",
          },
        },
      ],
    });
    expect(posts(fake)).toHaveLength(1);
    expect(
      fake.requests.some(
        (request) => request.query["labelSelector"] === "batch.kubernetes.io/job-name=gsm8k-nightly",
      ),
    ).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: "job-end", stage: "shards", end: { status: "failed" } });
  });

  it("reports a failed merge as the merge stage", async () => {
    const { outcome } = await launch({ failingIndexes: { "gsm8k-nightly-merge": [0] } });
    expect(await outcome).toMatchObject({
      status: "failed",
      stage: "merge",
      job: "gsm8k-nightly-merge",
      failedIndexes: [],
      failures: [{ pod: "gsm8k-nightly-merge-0-x7k2q", index: undefined, reason: "exit code 1 (Error)" }],
    });
  });

  it("refuses a Job that already exists (409), saying how to delete it or pick another name", async () => {
    const { outcome } = await launch({ existingJobs: ["gsm8k-nightly"] });
    const error = await outcome.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(
      /A Job named gsm8k-nightly already exists in namespace bench \(409 Conflict\).*kubectl delete job gsm8k-nightly -n bench.*--job-name/,
    );
  });

  it("refuses a namespace that does not exist (404)", async () => {
    const { outcome } = await launch({ namespaces: ["default"] });
    await expect(outcome).rejects.toThrow(
      /The namespace bench does not exist on .*kubectl create namespace bench/,
    );
  });

  it("tells 401 (credentials not accepted) from 403 (not allowed)", async () => {
    const unauthorized = await launch({}, "expired-token");
    await expect(unauthorized.outcome).rejects.toThrow(
      /did not accept the kubeconfig's credentials \(401 Unauthorized\)/,
    );
    await api?.close();
    const forbidden = await launch({ isForbidden: true });
    const error = await forbidden.outcome.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(
      /forbids this user to create the Job gsm8k-nightly in namespace bench \(403 Forbidden: jobs\.batch is forbidden/,
    );
  });

  it("says an API server that does not answer cannot be reached", async () => {
    const fake = await startFakeKubeApi();
    const url = fake.url;
    await fake.close();
    const dir = mkdtempSync(join(tmpdir(), "k8s-submit-"));
    writeFileSync(join(dir, "config"), fakeKubeconfig(url));
    const client = await openKubeClient({ kubeconfig: join(dir, "config"), env: {} });
    const error = await submitK8sLaunch({ client, manifests }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(
      /Cannot reach the API server http:\/\/127\.0\.0\.1:\d+ \(context fake\) to create the Job gsm8k-nightly: .*ECONNREFUSED/,
    );
  });
});

describe("openKubeClient", () => {
  it("says there is no kubeconfig when none is given, set or at ~/.kube/config", async () => {
    const home = mkdtempSync(join(tmpdir(), "k8s-home-"));
    await expect(openKubeClient({ env: {}, homeDir: home })).rejects.toThrow(
      /No kubeconfig found: --kubeconfig was not given, KUBECONFIG is not set and .*\.kube\/config does not exist/,
    );
    await expect(openKubeClient({ kubeconfig: join(home, "missing"), env: {} })).rejects.toThrow(
      /does not exist: check the --kubeconfig path/,
    );
    await expect(openKubeClient({ env: { KUBECONFIG: join(home, "nope") }, homeDir: home })).rejects.toThrow(
      /KUBECONFIG names/,
    );
  });

  it("reads $KUBECONFIG and ~/.kube/config, and refuses a context the file does not have", async () => {
    const home = mkdtempSync(join(tmpdir(), "k8s-home-"));
    const file = join(home, "kubeconfig");
    writeFileSync(file, fakeKubeconfig("http://127.0.0.1:1"));
    const fromEnv = await openKubeClient({ env: { KUBECONFIG: file }, homeDir: home });
    expect([fromEnv.contextName, fromEnv.server]).toEqual(["fake", "http://127.0.0.1:1"]);
    await expect(openKubeClient({ kubeconfig: file, context: "prod", env: {} })).rejects.toThrow(
      'The kubeconfig has no context "prod". Its contexts: fake.',
    );
  });
});
