// The launch's manifests as one multi-document YAML text (what `--dry-run` prints), each Job preceded by a comment
// saying when it runs: the merge Job only after every index of the Indexed Job succeeded.
import { stringify } from "yaml";
import type { K8sLaunchManifests } from "./build-k8s-launch-manifests.js";

export function renderManifestsYaml(manifests: K8sLaunchManifests): string {
  const shardJob = manifests.indexedJob.metadata?.name ?? "";
  const namespace = manifests.indexedJob.metadata?.namespace ?? "default";
  const yamlOf = (manifest: object): string => stringify(manifest, { lineWidth: 0 });
  return (
    `# The shards: one pod per index; kubectl apply -f applies it.\n---\n${yamlOf(manifests.indexedJob)}` +
    `# The merge: create it once every index succeeded ` +
    `(kubectl wait --for=condition=complete job/${shardJob} -n ${namespace} --timeout=-1s).\n` +
    `---\n${yamlOf(manifests.mergeJob)}`
  );
}
