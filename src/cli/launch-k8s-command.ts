// `llm-bench launch k8s [options] -- run …`: check the command, then print the two Jobs (--dry-run) or submit them,
// print their progress, and end with the merge pod's output and where the merged run is — or each failed index.
import type { z } from "zod";
import type { k8sOptions, launchOptions } from "../config/launch-options.js";
import type { GroupsShape } from "../config/option.js";
import { ConfigError } from "../errors.js";
import { parseSecretReference } from "../launch/k8s/k8s-launch-options.js";
import { launchK8s } from "../launch/k8s/launch-k8s.js";
import type { K8sLaunchEvent } from "../launch/k8s/submit-k8s-launch.js";
import { parseLaunchedCommand } from "../launch/launched-command.js";
import type { CliIo } from "./cli-io.js";
import { launchSpec, runSpec } from "./command-specs.js";
import { parseCommandLine } from "./parse-command-line.js";

/** The values of the options a Kubernetes launch takes (the shared ones and its own), defaults applied. */
export type K8sCommandOptions = z.output<
  z.ZodObject<GroupsShape<readonly [typeof launchOptions, typeof k8sOptions]>>
>;

/** "k8s job NAME: 2 active, 1 succeeded, 0 failed (completed indexes 0)" */
function eventLine(event: K8sLaunchEvent): string {
  switch (event.type) {
    case "job-start":
      return event.stage === "shards"
        ? `Created k8s job ${event.job} in namespace ${event.namespace} (${event.completions} indexes).\n`
        : `Every index succeeded; created k8s job ${event.job} (the merge).\n`;
    case "job-delta": {
      const { active, succeeded, failed, completedIndexes, failedIndexes } = event.progress;
      const indexes = [
        ...(completedIndexes === "" ? [] : [`completed indexes ${completedIndexes}`]),
        ...(failedIndexes === "" ? [] : [`failed indexes ${failedIndexes}`]),
      ];
      return (
        `k8s job ${event.job}: ${active} active, ${succeeded} succeeded, ${failed} failed` +
        `${indexes.length > 0 ? ` (${indexes.join("; ")})` : ""}\n`
      );
    }
    case "job-end":
      return event.end.status === "succeeded"
        ? `k8s job ${event.job}: complete.\n`
        : `k8s job ${event.job}: failed (${event.end.reason}${event.end.message === "" ? "" : `: ${event.end.message}`}).\n`;
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

const indented = (text: string): string =>
  text
    .replace(/\n$/, "")
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");

export async function launchK8sCommand(
  io: CliIo,
  options: K8sCommandOptions,
  launchedTokens: readonly string[] | undefined,
): Promise<number> {
  const missing = [
    ...(options.shards === undefined ? ["--shards N (how many pods share the samples)"] : []),
    ...(options.image === undefined ? ["--image IMAGE (the llm-bench image the pods run)"] : []),
    ...(options.volumeClaim === undefined
      ? ["--volume-claim PVC (the PersistentVolumeClaim the shards and the merged run are written to)"]
      : []),
  ];
  if (missing.length > 0 || options.shards === undefined) {
    throw new ConfigError(`launch k8s needs ${missing.join(", ")}. Usage: ${launchSpec.usage}`);
  }
  const launched = parseLaunchedCommand(launchedTokens, launchSpec.usage);
  // The launched arguments are checked here, before anything is submitted: a typo must not fail N pods.
  parseCommandLine(runSpec, launched.args);
  const result = await launchK8s(
    {
      launched,
      shards: options.shards,
      image: options.image ?? "",
      volumeClaim: options.volumeClaim ?? "",
      name: options.jobName,
      namespace: options.namespace,
      mountPath: options.mountPath,
      apiKeySecret:
        options.apiKeySecret === undefined
          ? undefined
          : parseSecretReference(options.apiKeySecret, "OPENAI_API_KEY"),
      backoffLimitPerIndex: options.backoffLimitPerIndex,
      isDryRun: options.dryRun,
      kubeconfig: options.kubeconfig,
      context: options.context,
    },
    { env: io.env, signal: io.signal, onEvent: (event) => io.stderr.write(eventLine(event)) },
  );
  const deleteCommand = (jobs: readonly string[]): string =>
    `kubectl delete job ${jobs.join(" ")} -n ${result.namespace}`;
  switch (result.status) {
    case "dry-run":
      io.stdout.write(result.yaml);
      io.stderr.write(
        `Dry run: nothing submitted; the shards would write to ${result.launchDir} on the volume claim ` +
          `${result.volumeClaim}.\n`,
      );
      return 0;
    case "merged":
      if (result.mergeLog.status === "read") io.stdout.write(result.mergeLog.text);
      else {
        io.stderr.write(
          `The merge succeeded, but its output cannot be shown: ${result.mergeLog.message} ` +
            `(kubectl logs job/${result.mergeJob} -n ${result.namespace}).\n`,
        );
      }
      io.stderr.write(
        `Merged run: ${result.mergedDir} on the volume claim ${result.volumeClaim} (each shard's run under ` +
          `${result.launchDir}/shard-<i>/). The Jobs stay until deleted: ${deleteCommand([result.name, result.mergeJob])}\n`,
      );
      return 0;
    case "failed": {
      const { outcome } = result;
      io.stderr.write(
        `k8s job ${outcome.job} failed (${outcome.reason}${outcome.message === "" ? "" : `: ${outcome.message}`})` +
          `${outcome.stage === "shards" ? `; indexes not completed: ${outcome.failedIndexes.join(",")}` : " (the merge)"}.\n`,
      );
      for (const failure of outcome.failures) {
        const which =
          failure.index === undefined ? `Pod ${failure.pod}` : `Index ${failure.index} (pod ${failure.pod})`;
        io.stderr.write(
          `${which}: ${failure.reason}; ` +
            (failure.log.status === "read"
              ? `the end of its log:\n${indented(failure.log.text)}\n`
              : `its log cannot be read (${failure.log.message}).\n`),
        );
      }
      if (outcome.failureReportError !== undefined) {
        io.stderr.write(`The failed pods could not be listed: ${outcome.failureReportError}\n`);
      }
      io.stderr.write(
        outcome.stage === "shards"
          ? `No merge was made. The completed shards' run directories stay on the volume claim ${result.volumeClaim} ` +
              `under ${result.launchDir}/shard-<i>/; to run again, delete the Job (${deleteCommand([result.name])}) ` +
              "and launch under a new --job-name.\n"
          : `The shards' run directories are on the volume claim ${result.volumeClaim} under ${result.launchDir}/` +
              `shard-<i>/ (merge them with llm-bench merge where the claim is mounted).\n`,
      );
      return 1;
    }
    case "interrupted":
      io.stderr.write(
        result.createdJobs.length === 0
          ? "Stopped before any Job was created.\n"
          : `Stopped following; the Jobs keep running (${result.createdJobs.join(", ")} in namespace ` +
              `${result.namespace})${result.createdJobs.length < 2 ? " and the merge Job will not be created" : ""}. ` +
              `Delete them with: ${deleteCommand([result.name, `${result.name}-merge`])}\n`,
      );
      return 130;
    default: {
      const unreachable: never = result;
      return unreachable;
    }
  }
}
