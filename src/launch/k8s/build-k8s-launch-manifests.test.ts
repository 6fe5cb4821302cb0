// The launch's manifests against the Kubernetes schema (kubernetes-models' validator): a valid launch gives an
// Indexed Job and a merge Job the schema accepts; wrong options are refused by our checks or the schema's, saying
// which; the YAML of --dry-run reads back as the same objects.
import { Job } from "kubernetes-models/batch/v1/Job";
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { toolVersion } from "../../core/tool-version.js";
import { ConfigError } from "../../errors.js";
import { buildK8sLaunchManifests } from "./build-k8s-launch-manifests.js";
import { type K8sLaunchOptionsInput, parseSecretReference } from "./k8s-launch-options.js";
import { renderManifestsYaml } from "./render-manifests-yaml.js";

const shardArgs = [
  "run",
  "gsm8k",
  "--base-url",
  "http://vllm.bench.svc:8000/v1",
  "--shard",
  "auto",
  "--shards",
  "4",
  "--output-dir",
  "/results/nightly/shard-$(JOB_COMPLETION_INDEX)",
];
const mergeArgs = ["merge", "/results/nightly/shard-0", "--output", "/results/nightly/merged"];
const base: K8sLaunchOptionsInput = {
  name: "nightly",
  image: "registry.example/llm-bench:0.1.0",
  volumeClaim: "bench-results",
  shards: 4,
  shardArgs,
  mergeArgs,
};

const refusal = (options: Partial<K8sLaunchOptionsInput>): string => {
  try {
    buildK8sLaunchManifests({ ...base, ...options });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("accepted");
};

describe("buildK8sLaunchManifests", () => {
  it("builds an Indexed Job of N pods and a merge Job on the shared volume, both valid for the schema", () => {
    const { indexedJob, mergeJob } = buildK8sLaunchManifests({
      ...base,
      namespace: "bench",
      env: [{ name: "HF_HUB_OFFLINE", value: "1" }],
      secretEnv: [parseSecretReference("llm-api:api-key", "OPENAI_API_KEY")],
      resources: { requests: { cpu: "500m", memory: "1Gi" }, limits: { memory: "2Gi" } },
      serviceAccountName: "bench-runner",
      imagePullPolicy: "IfNotPresent",
    });
    // Both are accepted by the Kubernetes schema on their own, as plain JSON.
    expect(() => new Job(indexedJob).validate()).not.toThrow();
    expect(() => new Job(mergeJob).validate()).not.toThrow();
    const labels = {
      "app.kubernetes.io/name": "llm-bench",
      "app.kubernetes.io/instance": "nightly",
      "app.kubernetes.io/component": "shard",
      "app.kubernetes.io/managed-by": "llm-bench",
      "app.kubernetes.io/version": toolVersion().version,
    };
    expect(indexedJob.metadata).toEqual({ name: "nightly", namespace: "bench", labels });
    expect(indexedJob.spec).toMatchObject({
      completionMode: "Indexed",
      completions: 4,
      parallelism: 4,
      backoffLimit: 0,
    });
    const pod = indexedJob.spec?.template.spec;
    expect(indexedJob.spec?.template.metadata?.labels).toEqual(labels);
    expect(pod?.restartPolicy).toBe("Never");
    expect(pod?.serviceAccountName).toBe("bench-runner");
    expect(pod?.volumes).toEqual([
      { name: "results", persistentVolumeClaim: { claimName: "bench-results" } },
    ]);
    expect(pod?.containers).toEqual([
      {
        name: "llm-bench",
        image: "registry.example/llm-bench:0.1.0",
        imagePullPolicy: "IfNotPresent",
        args: shardArgs,
        volumeMounts: [{ name: "results", mountPath: "/results" }],
        env: [
          { name: "HF_HUB_OFFLINE", value: "1" },
          { name: "OPENAI_API_KEY", valueFrom: { secretKeyRef: { name: "llm-api", key: "api-key" } } },
        ],
        resources: { requests: { cpu: "500m", memory: "1Gi" }, limits: { memory: "2Gi" } },
      },
    ]);
    expect(mergeJob.metadata?.name).toBe("nightly-merge");
    expect(mergeJob.metadata?.labels).toEqual({ ...labels, "app.kubernetes.io/component": "merge" });
    expect(mergeJob.spec).toMatchObject({ completions: 1, parallelism: 1, backoffLimit: 0 });
    expect(mergeJob.spec?.completionMode).toBeUndefined();
    const mergePod = mergeJob.spec?.template.spec;
    expect(mergePod?.containers[0]?.args).toEqual(mergeArgs);
    // The merge reads the same volume and needs no API key.
    expect(mergePod?.volumes).toEqual(pod?.volumes);
    expect(mergePod?.containers[0]?.env).toEqual([{ name: "HF_HUB_OFFLINE", value: "1" }]);
  });

  it("retries each index on its own only when asked (backoffLimitPerIndex instead of backoffLimit 0)", () => {
    const { indexedJob } = buildK8sLaunchManifests({ ...base, backoffLimitPerIndex: 2 });
    expect(indexedJob.spec?.backoffLimitPerIndex).toBe(2);
    expect(indexedJob.spec?.backoffLimit).toBeUndefined();
  });

  it("refuses wrong settings, saying which and what Kubernetes accepts", () => {
    expect(refusal({ shards: 0 })).toBe(
      "Cannot launch on Kubernetes: shards: the shard count must be at least 1.",
    );
    expect(refusal({ shards: 2.5 })).toMatch(/shards: the shard count must be a whole number/);
    expect(refusal({ shards: 100_001 })).toMatch(/at most 100000 \(Kubernetes' limit for an Indexed Job\)/);
    expect(refusal({ name: "Nightly_Run" })).toMatch(
      /name: the Job name must be lower-case letters, digits and "-", starting and ending with a letter or digit/,
    );
    expect(refusal({ name: "a".repeat(53) })).toMatch(/name: the Job name must be at most 52 characters/);
    expect(refusal({ namespace: "-bench" })).toMatch(/namespace: the namespace must be lower-case/);
    expect(refusal({ volumeClaim: "" })).toMatch(/volumeClaim: the volume claim must be lower-case/);
    expect(refusal({ mountPath: "results" })).toMatch(/mountPath: the mount path must be an absolute path/);
    expect(refusal({ image: "my image" })).toMatch(
      /image: the image must be a non-empty reference without spaces/,
    );
    expect(refusal({ shardArgs: [] })).toMatch(/shardArgs: the shard command \(after --\) is empty/);
    expect(refusal({ env: [{ name: "1X", value: "" }] })).toMatch(
      /env\.0\.name: an environment variable name/,
    );
  });

  it("refuses a resource quantity through the Kubernetes schema", () => {
    expect(refusal({ resources: { limits: { cpu: "two" } } })).toMatch(
      /The Kubernetes schema refuses the Indexed Job \(nightly\): .*\/spec\/template\/spec\/containers\/0\/resources\/limits\/cpu must match format "quantity".*500m, 2, 4Gi/,
    );
  });

  it("renders both Jobs as YAML documents that read back as the same objects", () => {
    const manifests = buildK8sLaunchManifests(base);
    const text = renderManifestsYaml(manifests);
    const documents = parseAllDocuments(text).map((document) => document.toJS() as unknown);
    expect(documents).toEqual([manifests.indexedJob, manifests.mergeJob]);
    // Kubernetes expands $(JOB_COMPLETION_INDEX) in args; the YAML keeps it as written.
    expect(text).toContain("/results/nightly/shard-$(JOB_COMPLETION_INDEX)");
    expect(text).toMatch(
      /# The merge: create it once every index succeeded \(kubectl wait --for=condition=complete job\/nightly -n default/,
    );
  });
});

describe("parseSecretReference", () => {
  it("reads NAME:KEY and refuses anything else with an example", () => {
    expect(parseSecretReference("llm-api:api-key", "OPENAI_API_KEY")).toEqual({
      name: "OPENAI_API_KEY",
      secretName: "llm-api",
      key: "api-key",
    });
    expect(() => parseSecretReference("llm-api", "OPENAI_API_KEY")).toThrow(
      /Cannot read the Secret reference "llm-api" \(no :KEY\): write SECRET_NAME:KEY/,
    );
    expect(() => parseSecretReference("LLM_API:key", "OPENAI_API_KEY")).toThrow(
      /a Secret name must be lower-case/,
    );
  });
});
