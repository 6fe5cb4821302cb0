// A stand-in Kubernetes API server on 127.0.0.1 for tests (no control plane can run here): it speaks the Job API's
// shapes — create (POST …/jobs, 201 / 404 namespace / 409), get, watch (newline-delimited events from a
// resourceVersion), the pod list and pod log — and moves each created Job through its pods on a timer.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeKubeApiOptions {
  namespaces?: string[];
  token?: string;
  /** Answer every request 403 (the user may not create Jobs). */
  isForbidden?: boolean;
  /** Indexes whose pod fails, per Job name ("" for the merge Job's one pod). */
  failingIndexes?: Record<string, number[]>;
  /** Jobs that exist before the test (a 409 on create). */
  existingJobs?: string[];
  /** The pause between two steps of a Job (its pods starting, then one index ending per step). */
  stepMs?: number;
  /** End each watch response after this many events (as a server's timeoutSeconds would). */
  closeWatchAfterEvents?: number;
  /** Answer the first watch with an ERROR event (410 Gone) and close it. */
  isFirstWatchGone?: boolean;
  /** The log of each pod of a Job, by Job name (its last `tailLines` lines when asked); else a line naming the pod. */
  podLogs?: Record<string, string>;
}

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  atMs: number;
}

interface FakeJob {
  manifest: Record<string, unknown>;
  completions: number;
  isIndexed: boolean;
  step: number;
  failedAt: number | undefined;
  object: JobObject;
  /** (resourceVersion, object) after each change, for watches that start from an older version. */
  history: { resourceVersion: number; object: JobObject }[];
  timer: NodeJS.Timeout | undefined;
  endedAtMs: number | undefined;
}

type JobObject = Record<string, unknown> & {
  metadata: Record<string, unknown>;
  status: Record<string, unknown>;
};

export interface FakeKubeApi {
  url: string;
  requests: FakeRequest[];
  /** When each Job got its Complete or Failed condition (ms since start). */
  endedAtMs(name: string): number | undefined;
  close(): Promise<void>;
}

export async function startFakeKubeApi(options: FakeKubeApiOptions = {}): Promise<FakeKubeApi> {
  const startMs = performance.now();
  const namespaces = new Set(options.namespaces ?? ["default"]);
  const jobs = new Map<string, FakeJob>();
  const watchers = new Set<{ name: string; send: (type: string, object: JobObject) => void }>();
  const requests: FakeRequest[] = [];
  let resourceVersion = 100;
  let isGoneSent = false;
  for (const name of options.existingJobs ?? []) jobs.set(name, newJob(name, { metadata: { name } }));

  function newJob(name: string, manifest: Record<string, unknown>): FakeJob {
    const spec = (manifest["spec"] ?? {}) as Record<string, unknown>;
    const object: JobObject = {
      apiVersion: "batch/v1",
      kind: "Job",
      ...structuredClone(manifest),
      metadata: {
        ...(manifest["metadata"] as Record<string, unknown>),
        uid: `uid-${name}`,
        resourceVersion: String(++resourceVersion),
        creationTimestamp: new Date().toISOString(),
      },
      status: {},
    };
    return {
      manifest,
      completions: Number(spec["completions"] ?? 1),
      isIndexed: spec["completionMode"] === "Indexed",
      step: 0,
      failedAt: undefined,
      object,
      history: [{ resourceVersion, object: structuredClone(object) }],
      timer: undefined,
      endedAtMs: undefined,
    };
  }

  /** One step: pods start, then one index succeeds (or fails, ending the Job as backoffLimit 0 does). */
  function advance(name: string, job: FakeJob): void {
    job.step++;
    const failing = options.failingIndexes?.[name] ?? [];
    const done = Math.max(0, job.step - 1);
    const status: Record<string, unknown> = {};
    const succeededIndexes: number[] = [];
    for (let index = 0; index < Math.min(done, job.completions); index++) {
      if (failing.includes(index)) {
        job.failedAt = index;
        break;
      }
      succeededIndexes.push(index);
    }
    const isFailed = job.failedAt !== undefined;
    const isComplete = !isFailed && succeededIndexes.length === job.completions;
    status["startTime"] = new Date().toISOString();
    status["active"] = isFailed || isComplete ? 0 : job.completions - succeededIndexes.length;
    status["ready"] = status["active"];
    if (succeededIndexes.length > 0) status["succeeded"] = succeededIndexes.length;
    if (isFailed) status["failed"] = 1;
    if (job.isIndexed && succeededIndexes.length > 0) status["completedIndexes"] = rangesOf(succeededIndexes);
    if (isFailed || isComplete) {
      status["conditions"] = [
        isFailed
          ? {
              type: "Failed",
              status: "True",
              reason: "BackoffLimitExceeded",
              message: "Job has reached the specified backoff limit",
            }
          : { type: "Complete", status: "True" },
      ];
      job.endedAtMs = performance.now() - startMs;
    } else {
      job.timer = setTimeout(() => advance(name, job), options.stepMs ?? 15);
    }
    job.object = {
      ...job.object,
      metadata: { ...job.object.metadata, resourceVersion: String(++resourceVersion) },
      status,
    };
    job.history.push({ resourceVersion, object: structuredClone(job.object) });
    for (const watcher of watchers) if (watcher.name === name) watcher.send("MODIFIED", job.object);
  }

  function podsOf(name: string, job: FakeJob): Record<string, unknown>[] {
    const succeeded = (job.object.status["succeeded"] as number | undefined) ?? 0;
    return Array.from({ length: job.completions }, (_, index) => {
      const phase =
        job.failedAt === index
          ? "Failed"
          : index < succeeded
            ? "Succeeded"
            : job.step > 0
              ? "Running"
              : "Pending";
      const terminated =
        phase === "Failed"
          ? { exitCode: 1, reason: "Error" }
          : phase === "Succeeded"
            ? { exitCode: 0, reason: "Completed" }
            : undefined;
      return {
        metadata: {
          name: `${name}-${index}-x7k2q`,
          labels: {
            "batch.kubernetes.io/job-name": name,
            ...(job.isIndexed ? { "batch.kubernetes.io/job-completion-index": String(index) } : {}),
          },
        },
        status: {
          phase,
          ...(terminated === undefined
            ? {}
            : {
                containerStatuses: [
                  { name: "llm-bench", state: { terminated }, ready: false, restartCount: 0 },
                ],
              }),
        },
      };
    });
  }

  function handle(request: IncomingMessage, response: ServerResponse, body: unknown): undefined {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const query = Object.fromEntries(url.searchParams);
    requests.push({
      method: request.method ?? "",
      path: url.pathname,
      query,
      body,
      atMs: performance.now() - startMs,
    });
    if (options.token !== undefined && request.headers.authorization !== `Bearer ${options.token}`) {
      return status(response, 401, "Unauthorized", "Unauthorized");
    }
    if (options.isForbidden === true) {
      return status(
        response,
        403,
        "Forbidden",
        'jobs.batch is forbidden: User "tester" cannot create resource',
      );
    }
    const jobsPath = /^\/apis\/batch\/v1\/namespaces\/([^/]+)\/jobs(?:\/([^/]+))?$/.exec(url.pathname);
    const podsPath = /^\/api\/v1\/namespaces\/([^/]+)\/pods(?:\/([^/]+)\/log)?$/.exec(url.pathname);
    const namespace = jobsPath?.[1] ?? podsPath?.[1] ?? "";
    if ((jobsPath !== null || podsPath !== null) && !namespaces.has(namespace)) {
      return status(response, 404, "NotFound", `namespaces "${namespace}" not found`, {
        name: namespace,
        kind: "namespaces",
      });
    }
    if (jobsPath !== null && request.method === "POST" && jobsPath[2] === undefined) {
      const manifest = body as Record<string, unknown>;
      const name = String((manifest["metadata"] as Record<string, unknown>)["name"]);
      if (jobs.has(name)) {
        return status(response, 409, "AlreadyExists", `jobs.batch "${name}" already exists`, {
          name,
          group: "batch",
          kind: "jobs",
        });
      }
      const job = newJob(name, manifest);
      jobs.set(name, job);
      job.timer = setTimeout(() => advance(name, job), options.stepMs ?? 15);
      return json(response, 201, job.object);
    }
    if (jobsPath !== null && request.method === "GET" && jobsPath[2] !== undefined) {
      const job = jobs.get(jobsPath[2]);
      if (job === undefined)
        return status(response, 404, "NotFound", `jobs.batch "${jobsPath[2]}" not found`);
      return json(response, 200, job.object);
    }
    if (jobsPath !== null && request.method === "GET" && query["watch"] === "true") {
      return watch(response, query);
    }
    if (podsPath !== null && podsPath[2] === undefined) {
      const name = /^batch\.kubernetes\.io\/job-name=(.+)$/.exec(query["labelSelector"] ?? "")?.[1] ?? "";
      const job = jobs.get(name);
      return json(response, 200, { kind: "PodList", apiVersion: "v1", items: job ? podsOf(name, job) : [] });
    }
    if (podsPath?.[2] !== undefined) {
      const pod = podsPath[2];
      const log = Object.entries(options.podLogs ?? {}).find(
        ([job]) => pod.startsWith(`${job}-`) && /^\d+-x7k2q$/.test(pod.slice(job.length + 1)),
      )?.[1];
      if (log !== undefined) {
        const tail = Number(query["tailLines"] ?? Number.NaN);
        const lines = log.split(/(?<=\n)/);
        response.writeHead(200, { "content-type": "text/plain" });
        response.end(Number.isInteger(tail) ? lines.slice(-tail).join("") : log);
        return;
      }
      response.writeHead(200, { "content-type": "text/plain" });
      response.end(
        `${pod} (${query["container"]}, last ${query["tailLines"]} lines)\nError: the shard failed\n`,
      );
      return;
    }
    return status(response, 404, "NotFound", `no route ${request.method} ${url.pathname}`);
  }

  function watch(response: ServerResponse, query: Record<string, string>): undefined {
    const name = /^metadata\.name=(.+)$/.exec(query["fieldSelector"] ?? "")?.[1] ?? "";
    response.writeHead(200, { "content-type": "application/json", "transfer-encoding": "chunked" });
    // The API server flushes a watch's headers at once (before any event), so the client's watch starts there.
    response.flushHeaders();
    if (options.isFirstWatchGone === true && !isGoneSent) {
      isGoneSent = true;
      const gone = { kind: "Status", apiVersion: "v1", status: "Failure", reason: "Expired", code: 410 };
      response.end(`${JSON.stringify({ type: "ERROR", object: gone })}\n`);
      return;
    }
    let sent = 0;
    const watcher = {
      name,
      send(type: string, object: JobObject): void {
        response.write(`${JSON.stringify({ type, object })}\n`);
        sent++;
        if (options.closeWatchAfterEvents !== undefined && sent >= options.closeWatchAfterEvents) {
          watchers.delete(watcher);
          response.end();
        }
      },
    };
    watchers.add(watcher);
    response.on("close", () => watchers.delete(watcher));
    const from = Number(query["resourceVersion"] ?? "0");
    for (const entry of jobs.get(name)?.history ?? []) {
      if (entry.resourceVersion > from && watchers.has(watcher)) watcher.send("MODIFIED", entry.object);
    }
  }

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      handle(request, response, text === "" ? undefined : JSON.parse(text));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    endedAtMs: (name) => jobs.get(name)?.endedAtMs,
    async close() {
      for (const job of jobs.values()) clearTimeout(job.timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function json(response: ServerResponse, code: number, body: unknown): undefined {
  response.writeHead(code, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

function status(
  response: ServerResponse,
  code: number,
  reason: string,
  message: string,
  details?: Record<string, string>,
): undefined {
  return json(response, code, {
    kind: "Status",
    apiVersion: "v1",
    status: "Failure",
    message,
    reason,
    code,
    details,
  });
}

/** [0, 1, 2, 5] → "0-2,5", as Kubernetes writes completedIndexes. */
function rangesOf(indexes: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < indexes.length; ) {
    let j = i;
    while (j + 1 < indexes.length && indexes[j + 1] === (indexes[j] ?? 0) + 1) j++;
    parts.push(i === j ? `${indexes[i]}` : `${indexes[i]}-${indexes[j]}`);
    i = j + 1;
  }
  return parts.join(",");
}

/** A kubeconfig text with one context `fake` pointing at `server` (http) with a bearer token. */
export function fakeKubeconfig(server: string, token = "test-token"): string {
  return [
    "apiVersion: v1",
    "kind: Config",
    "clusters:",
    "  - name: fake",
    "    cluster:",
    `      server: ${server}`,
    // client-node sends a token over plain http only with this set (the stand-in server speaks no TLS).
    "      insecure-skip-tls-verify: true",
    "users:",
    "  - name: tester",
    "    user:",
    `      token: ${token}`,
    "contexts:",
    "  - name: fake",
    "    context:",
    "      cluster: fake",
    "      user: tester",
    "current-context: fake",
    "",
  ].join("\n");
}
