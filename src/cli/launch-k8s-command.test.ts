// `llm-bench launch k8s`'s refusals, in process: each bad launch is a ConfigError (exit 2) saying what to change,
// thrown before any kubeconfig is read or anything is submitted; Slurm's and Kubernetes' options do not mix.
import { describe, expect, it } from "vitest";
import { launchRefusal } from "./test-support/launch-refusal.js";

const K8S = ["--image", "registry.example/llm-bench:0.1.0", "--volume-claim", "bench-results"];
const RUN = ["--", "run", "gsm8k", "--base-url", "http://vllm.bench.svc:8000/v1"];

const refusal = (argv: readonly string[]): Promise<string> =>
  launchRefusal(argv, { KUBECONFIG: "/nonexistent/kubeconfig" });

describe("launch k8s refuses", () => {
  it.each([
    [["--shards", "2", "--volume-claim", "c", ...RUN], /launch k8s needs --image IMAGE/],
    [["--shards", "2", "--image", "i", ...RUN], /launch k8s needs --volume-claim PVC/],
    [[...K8S, ...RUN], /launch k8s needs --shards N/],
    [["--shards", "2", ...K8S, "run", "gsm8k"], /no -- before the command to launch/],
    [
      ["--shards", "2", ...K8S, ...RUN, "--api-key=sk-1"],
      /--api-key cannot be given to the launched run on Kubernetes: the key would be written into the Job's manifest.*--api-key-secret llm-api:api-key/,
    ],
    [
      ["--shards", "2", ...K8S, "--", "run", "gsm8k", "--url", "http://h:8000?api_key=sk-LLMBENCHSECRET-1"],
      /a key inside --base-url cannot be given to the launched run on Kubernetes/,
    ],
    [["--shards", "2", ...K8S, "--partition", "gpu", ...RUN], /--partition: it is a Slurm option/],
    [["--shards", "2", ...K8S, "--sbatch", "--mem=8G", ...RUN], /--sbatch: it is a Slurm option/],
    [["--shards", "2", ...K8S, "--output-dir", "x", ...RUN], /--output-dir: on Kubernetes the shards/],
    [
      ["--shards", "2", ...K8S, "--poll-interval", "1", ...RUN],
      /--poll-interval: on Kubernetes the launcher watches/,
    ],
    [
      ["--shards", "2", ...K8S, "--resubmit", "results/launch-x"],
      /--resubmit: resubmission is Slurm's\. On Kubernetes a failed index is retried by the Job itself: give --backoff-limit-per-index N.*new --job-name/,
    ],
    [["--shards", "2", ...K8S, "--task", "1", ...RUN], /--task: resubmission is Slurm's/],
    [
      ["--shards", "2", ...K8S, "--job-name", "Nightly_Run", ...RUN],
      /--job-name "Nightly_Run": the Job name must be/,
    ],
    [
      ["--shards", "2", ...K8S, "--job-name", "x".repeat(53), ...RUN],
      /the Job name must be at most 52 characters/,
    ],
    [["--shards", "2", ...K8S, "--namespace", "Bench", ...RUN], /--namespace "Bench": the namespace must be/],
    [["--shards", "2", ...K8S, "--mount-path", "results", ...RUN], /--mount-path: must be an absolute path/],
    [["--shards", "2", ...K8S, "--api-key-secret", "llm-api", ...RUN], /no :KEY.*SECRET_NAME:KEY/],
    [["--shards", "2", ...K8S, ...RUN, "--shard", "0/2"], /--shard cannot be given to the launched run/],
    [
      ["--shards", "2", ...K8S, ...RUN, "--concurency", "4"],
      /unknown option --concurency; did you mean --concurrency/,
    ],
    [["--shards", "2", ...K8S, ...RUN], /KUBECONFIG names \/nonexistent\/kubeconfig, and none of it exists/],
  ])("%j", async (args, message) => {
    expect(await refusal(["k8s", ...args])).toMatch(message);
  });

  it("Kubernetes options with slurm", async () => {
    for (const [flag, value] of [
      ["--image", "i"],
      ["--volume-claim", "c"],
      ["--api-key-secret", "a:b"],
      ["--kubeconfig", "f"],
    ] as const) {
      expect(await refusal(["slurm", "--shards", "2", flag, value, "--dry-run", ...RUN])).toBe(
        `${flag}: it is for launch k8s (Kubernetes); launch slurm does not take it.`,
      );
    }
  });
});
