// What a Kubernetes launch is made of (name, namespace, image, volume claim, shards, the shard and merge argv…),
// checked once with zod where it enters: each refusal says which setting was wrong and what Kubernetes accepts.
import { z } from "zod";
import { ConfigError } from "../../errors.js";

/** A Job name leaves room for "-merge" and an Indexed Job pod's hostname `<name>-<index>` (63 characters). */
export const MAX_LAUNCH_NAME_LENGTH = 52;
/** Kubernetes refuses an Indexed Job with more completions than this. */
export const MAX_INDEXED_COMPLETIONS = 100_000;

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SECRET_KEY = /^[-._a-zA-Z0-9]+$/;

const dnsLabel = (what: string, maxLength: number) =>
  z
    .string()
    .max(maxLength, { message: `${what} must be at most ${maxLength} characters` })
    .regex(DNS_LABEL, {
      message: `${what} must be lower-case letters, digits and "-", starting and ending with a letter or digit`,
    });

const dnsSubdomain = (what: string) =>
  z
    .string()
    .max(253, { message: `${what} must be at most 253 characters` })
    .regex(DNS_SUBDOMAIN, {
      message: `${what} must be lower-case letters, digits, "-" and ".", starting and ending with a letter or digit`,
    });

const envName = z.string().regex(ENV_NAME, {
  message: "an environment variable name must be letters, digits and _, not starting with a digit",
});

/** An environment variable of the pods whose value comes from a key of a Secret (never written in the manifest). */
export const secretEnvSchema = z.object({
  name: envName,
  secretName: dnsSubdomain("a Secret name"),
  key: z.string().regex(SECRET_KEY, { message: 'a Secret key must be letters, digits, "-", "_" and "."' }),
});
export type SecretEnv = z.infer<typeof secretEnvSchema>;

export const k8sLaunchOptionsSchema = z.object({
  /** The Indexed Job's name; the merge Job is `<name>-merge`, the results go to `<mountPath>/<name>/`. */
  name: dnsLabel("the Job name", MAX_LAUNCH_NAME_LENGTH),
  namespace: dnsLabel("the namespace", 63).default("default"),
  image: z.string().regex(/^\S+$/, { message: "the image must be a non-empty reference without spaces" }),
  /** A PersistentVolumeClaim every pod mounts read-write (ReadWriteMany where the pods land on several nodes). */
  volumeClaim: dnsSubdomain("the volume claim"),
  mountPath: z
    .string()
    .regex(/^\/\S*$/, { message: "the mount path must be an absolute path without spaces" })
    .default("/results"),
  shards: z
    .number()
    .int({ message: "the shard count must be a whole number" })
    .min(1, { message: "the shard count must be at least 1" })
    .max(MAX_INDEXED_COMPLETIONS, {
      message: `the shard count must be at most ${MAX_INDEXED_COMPLETIONS} (Kubernetes' limit for an Indexed Job)`,
    }),
  /** One shard's argv after the image's entrypoint; `$(JOB_COMPLETION_INDEX)` is expanded by Kubernetes. */
  shardArgs: z.array(z.string()).min(1, { message: "the shard command (after --) is empty" }),
  /** The merge pod's argv after the image's entrypoint (or after `mergeCommand`). */
  mergeArgs: z.array(z.string()).min(1, { message: "the merge command is empty" }),
  /** The container's command in place of the image's ENTRYPOINT (e.g. ["/bin/sh", "-c"]), with the args after it. */
  shardCommand: z.array(z.string()).min(1, { message: "the shard container's command is empty" }).optional(),
  mergeCommand: z.array(z.string()).min(1, { message: "the merge container's command is empty" }).optional(),
  env: z.array(z.object({ name: envName, value: z.string() })).default([]),
  secretEnv: z.array(secretEnvSchema).default([]),
  resources: z
    .object({
      requests: z.record(z.string(), z.string()).optional(),
      limits: z.record(z.string(), z.string()).optional(),
    })
    .optional(),
  serviceAccountName: dnsSubdomain("the service account name").optional(),
  imagePullPolicy: z.enum(["Always", "IfNotPresent", "Never"]).optional(),
  /** Retries of each index on its own (Kubernetes ≥ 1.29); without it, the Job's backoffLimit (0) applies. */
  backoffLimitPerIndex: z
    .number()
    .int()
    .min(0, { message: "the retries per index must be 0 or more" })
    .optional(),
});
export type K8sLaunchOptionsInput = z.input<typeof k8sLaunchOptionsSchema>;
export type K8sLaunchOptions = z.output<typeof k8sLaunchOptionsSchema>;

/** Parses the options of a launch, or throws a ConfigError naming each wrong setting. */
export function parseK8sLaunchOptions(input: K8sLaunchOptionsInput): K8sLaunchOptions {
  const parsed = k8sLaunchOptionsSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const where = issue.path.join(".");
    return where === "" ? issue.message : `${where}: ${issue.message}`;
  });
  throw new ConfigError(`Cannot launch on Kubernetes: ${problems.join("; ")}.`);
}

/** `NAME:KEY` (as `--api-key-secret` takes it) → the Secret and key an environment variable is read from. */
export function parseSecretReference(text: string, variable: string): SecretEnv {
  const colon = text.indexOf(":");
  const parsed = secretEnvSchema.safeParse({
    name: variable,
    secretName: colon < 0 ? text : text.slice(0, colon),
    key: colon < 0 ? "" : text.slice(colon + 1),
  });
  if (colon < 0 || !parsed.success) {
    const reason =
      colon < 0
        ? "no :KEY"
        : parsed.success
          ? ""
          : parsed.error.issues.map((issue) => issue.message).join("; ");
    throw new ConfigError(
      `Cannot read the Secret reference "${text}" (${reason}): write SECRET_NAME:KEY, e.g. llm-bench-api:api-key ` +
        "(made with `kubectl create secret generic llm-bench-api --from-literal=api-key=…`).",
    );
  }
  return parsed.data;
}
