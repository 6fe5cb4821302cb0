// Turns a failed Kubernetes API call (an HTTP status, or no answer at all) into an error that says what happened
// and what to do: an unreachable server, 401 and 403 apart, a Job that already exists, a missing namespace.
import { BenchError, ConfigError, toError } from "../../errors.js";

export interface KubeCallContext {
  /** What was being done, as "create the Job x" — completes "… to <action>". */
  action: string;
  namespace: string;
  jobName: string;
  server: string;
  contextName: string;
}

/** Network failures of node-fetch (client-node's transport) and of Node's sockets. */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
]);

export function kubeApiError(error: unknown, call: KubeCallContext): BenchError {
  if (error instanceof BenchError) return error;
  const status = statusOf(error);
  const where = `the API server ${call.server} (context ${call.contextName})`;
  if (status === undefined) {
    if (isConnectionError(error)) {
      return new ConfigError(
        `Cannot reach ${where} to ${call.action}: ${toError(error).message}. Check that the cluster is up and that ` +
          "the kubeconfig's server address is right (`kubectl cluster-info`), or pick another --context.",
        { cause: error },
      );
    }
    return new BenchError(
      "E_KUBERNETES_API",
      `Could not ${call.action} on ${where}: ${toError(error).message}`,
      {
        cause: error,
        exitCode: 1,
      },
    );
  }
  const said = serverMessage(error);
  const answer = `${status}${said === "" ? "" : `: ${said}`}`;
  switch (status) {
    case 401:
      return new ConfigError(
        `${capitalized(where)} did not accept the kubeconfig's credentials (401 Unauthorized) when asked to ` +
          `${call.action}: the token or client certificate is wrong or expired. Log in again with your cluster's ` +
          "tool, or pick another --context.",
        { cause: error },
      );
    case 403:
      return new ConfigError(
        `${capitalized(where)} forbids this user to ${call.action} in namespace ${call.namespace} (403 Forbidden` +
          `${said === "" ? "" : `: ${said}`}). The launch needs to create, get and watch Jobs and to list Pods and ` +
          "read their logs there: ask for such a Role, or use a namespace you may (--namespace).",
        { cause: error },
      );
    case 404:
      if (isMissingNamespace(error, said, call.namespace)) {
        return new ConfigError(
          `The namespace ${call.namespace} does not exist on ${where} (404). Create it ` +
            `(\`kubectl create namespace ${call.namespace}\`) or pass another --namespace.`,
          { cause: error },
        );
      }
      return new BenchError("E_KUBERNETES_API", `Could not ${call.action}: ${where} answered ${answer}.`, {
        cause: error,
        exitCode: 1,
      });
    case 409:
      return new ConfigError(
        `A Job named ${call.jobName} already exists in namespace ${call.namespace} (409 Conflict). Delete it ` +
          `(\`kubectl delete job ${call.jobName} -n ${call.namespace}\`; what it wrote on the volume stays) or ` +
          "pick another --job-name.",
        { cause: error },
      );
    case 422:
      return new ConfigError(`${capitalized(where)} refused to ${call.action} (422 Invalid): ${said}.`, {
        cause: error,
      });
    default:
      return new BenchError("E_KUBERNETES_API", `Could not ${call.action}: ${where} answered ${answer}.`, {
        cause: error,
        exitCode: 1,
      });
  }
}

/** The HTTP status of client-node's ApiException (`code`) or of a watch that was answered (`statusCode`). */
function statusOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (typeof code === "number") return code;
  if (typeof statusCode === "number") return statusCode;
  return undefined;
}

function isConnectionError(error: unknown): boolean {
  for (let cause: unknown = error; typeof cause === "object" && cause !== null; ) {
    const { code, errno, type } = cause as { code?: unknown; errno?: unknown; type?: unknown };
    if (typeof code === "string" && CONNECTION_CODES.has(code)) return true;
    if (typeof errno === "string" && CONNECTION_CODES.has(errno)) return true;
    if (type === "system") return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** The `message` of the Status object a Kubernetes API server answers errors with, if there is one. */
function serverMessage(error: unknown): string {
  const body = (error as { body?: unknown }).body;
  const status = typeof body === "string" ? parseJson(body) : body;
  if (typeof status === "object" && status !== null) {
    const message = (status as { message?: unknown }).message;
    if (typeof message === "string") return message;
  }
  return typeof body === "string" ? body.slice(0, 300) : "";
}

function isMissingNamespace(error: unknown, said: string, namespace: string): boolean {
  const body = (error as { body?: unknown }).body;
  const status = typeof body === "string" ? parseJson(body) : body;
  const details = (status as { details?: { kind?: unknown; name?: unknown } } | undefined)?.details;
  if (details?.kind === "namespaces" && details.name === namespace) return true;
  return said.includes(`namespaces "${namespace}" not found`);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
