// Opens the Kubernetes API clients from the user's kubeconfig (a given file, else $KUBECONFIG, else ~/.kube/config,
// else the pod's service account), in the given or current context; a missing file or context is a ConfigError.
// @kubernetes/client-node is imported here, on first use, so that `--dry-run` and the library's import stay light.
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, join } from "node:path";
import type { BatchV1Api, CoreV1Api, KubeConfig, Watch } from "@kubernetes/client-node";
import { ConfigError, toError } from "../../errors.js";

export interface KubeClient {
  kubeConfig: KubeConfig;
  batch: BatchV1Api;
  core: CoreV1Api;
  watch: Watch;
  /** The current context's name and API server, for messages. */
  contextName: string;
  server: string;
}

export interface OpenKubeClientOptions {
  /** A kubeconfig file (`--kubeconfig`); else $KUBECONFIG, ~/.kube/config, or the in-cluster service account. */
  kubeconfig?: string | undefined;
  /** A context of the kubeconfig (`--context`); else its current-context. */
  context?: string | undefined;
  env?: NodeJS.ProcessEnv;
  homeDir?: string;
}

const SERVICE_ACCOUNT_TOKEN = "/var/run/secrets/kubernetes.io/serviceaccount/token";

export async function openKubeClient(options: OpenKubeClientOptions = {}): Promise<KubeClient> {
  const env = options.env ?? process.env;
  const k8s = await import("@kubernetes/client-node");
  const kubeConfig = new k8s.KubeConfig();
  const files = kubeconfigFiles(options.kubeconfig, env, options.homeDir ?? homedir());
  try {
    if (files.length > 0) {
      kubeConfig.loadFromFile(files[0] ?? "");
      for (const file of files.slice(1)) {
        const other = new k8s.KubeConfig();
        other.loadFromFile(file);
        kubeConfig.mergeConfig(other, true);
      }
    } else {
      kubeConfig.loadFromCluster();
    }
  } catch (error) {
    throw new ConfigError(
      `Cannot read the kubeconfig ${files.join(delimiter) || "of this pod"} (${toError(error).message}). ` +
        "Check it with `kubectl config view`, or pass another with --kubeconfig FILE.",
      { cause: error },
    );
  }
  const contextNames = kubeConfig.getContexts().map((context) => context.name);
  if (options.context !== undefined) {
    if (!contextNames.includes(options.context)) {
      throw new ConfigError(
        `The kubeconfig has no context "${options.context}". Its contexts: ${contextNames.join(", ") || "none"}.`,
      );
    }
    kubeConfig.setCurrentContext(options.context);
  }
  const cluster = kubeConfig.getCurrentCluster();
  if (cluster === null) {
    throw new ConfigError(
      `The kubeconfig ${files.join(delimiter)} has no current context with a cluster: pass --context NAME ` +
        `(its contexts: ${contextNames.join(", ") || "none"}) or run \`kubectl config use-context NAME\`.`,
    );
  }
  return {
    kubeConfig,
    batch: kubeConfig.makeApiClient(k8s.BatchV1Api),
    core: kubeConfig.makeApiClient(k8s.CoreV1Api),
    watch: new k8s.Watch(kubeConfig),
    contextName: kubeConfig.getCurrentContext(),
    server: cluster.server,
  };
}

/** The kubeconfig files to read, in kubectl's order; none means the in-cluster service account (or an error). */
function kubeconfigFiles(given: string | undefined, env: NodeJS.ProcessEnv, homeDir: string): string[] {
  if (given !== undefined) {
    if (!existsSync(given)) {
      throw new ConfigError(`The kubeconfig file ${given} does not exist: check the --kubeconfig path.`);
    }
    return [given];
  }
  const listed = (env["KUBECONFIG"] ?? "").split(delimiter).filter((file) => file !== "");
  if (listed.length > 0) {
    const present = listed.filter((file) => existsSync(file));
    if (present.length === 0) {
      throw new ConfigError(
        `KUBECONFIG names ${listed.join(delimiter)}, and none of it exists: fix KUBECONFIG or pass --kubeconfig FILE.`,
      );
    }
    return present;
  }
  const home = join(homeDir, ".kube", "config");
  if (existsSync(home)) return [home];
  if (env["KUBERNETES_SERVICE_HOST"] !== undefined && existsSync(SERVICE_ACCOUNT_TOKEN)) return [];
  throw new ConfigError(
    `No kubeconfig found: --kubeconfig was not given, KUBECONFIG is not set and ${home} does not exist. ` +
      "Pass --kubeconfig FILE, set KUBECONFIG, or write one with your cluster's tool " +
      "(e.g. `gcloud container clusters get-credentials`, `aws eks update-kubeconfig`, `kind export kubeconfig`).",
  );
}
