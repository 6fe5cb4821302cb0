// What a task's docker-compose.yaml says about its `client` service (the container the agent works in), as
// Terminal-Bench's compose manager fills it in (terminal_bench/terminal/docker_compose_manager.py @ LONGCLI_COMMIT):
// its build (context, Dockerfile) or image, working directory and environment, `${T_BENCH_…}` replaced.
import path from "node:path";
import { z } from "zod";
import { readYamlData } from "../../core/read-yaml-data.js";
import { DatasetError } from "../../errors.js";

/** The values Terminal-Bench gives the container-side variables; others are empty (as compose does for unset ones). */
const COMPOSE_VARIABLES: Readonly<Record<string, string>> = {
  T_BENCH_TEST_DIR: "/tests",
  T_BENCH_CONTAINER_LOGS_PATH: "/logs",
  T_BENCH_CONTAINER_AGENT_LOGS_PATH: "/agent-logs",
};

const clientSchema = z.looseObject({
  build: z
    .union([z.string(), z.looseObject({ context: z.string().optional(), dockerfile: z.string().optional() })])
    .optional(),
  image: z.string().optional(),
  working_dir: z.string().optional(),
  environment: z
    .union([
      z.array(z.string()),
      z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).nullable()),
    ])
    .optional(),
});
const composeSchema = z.looseObject({
  services: z.looseObject({ client: clientSchema.optional() }).optional(),
});

/** How a task's container image is had: built from a Dockerfile, or pulled by reference. */
export type TaskImage =
  | { readonly kind: "build"; readonly contextDirectory: string; readonly dockerfile: string }
  | { readonly kind: "pull"; readonly reference: string };

export interface ComposeClient {
  /** Absent when the compose file neither builds nor names a usable image. */
  readonly image?: TaskImage;
  readonly workdir?: string;
  readonly environment: Readonly<Record<string, string>>;
}

function substitute(value: string): string {
  return value.replace(/\$\{(\w+)(?::?-([^}]*))?\}|\$(\w+)/g, (_, braced, fallback, bare) => {
    const name = braced ?? bare;
    return COMPOSE_VARIABLES[name] ?? fallback ?? "";
  });
}

function environmentOf(environment: z.infer<typeof clientSchema>["environment"]): Record<string, string> {
  const result: Record<string, string> = {};
  if (Array.isArray(environment)) {
    for (const entry of environment) {
      const equals = entry.indexOf("=");
      if (equals > 0) result[entry.slice(0, equals)] = substitute(entry.slice(equals + 1));
    }
  } else if (environment !== undefined) {
    for (const [name, value] of Object.entries(environment))
      if (value !== null) result[name] = substitute(String(value));
  }
  return result;
}

/** Reads the compose text of the task in `taskDirectory`; `file` names it in errors. */
export function readComposeClient(text: string, file: string, taskDirectory: string): ComposeClient {
  const data = readYamlData(text);
  if (data.status === "error") {
    throw new DatasetError(`${file} is not valid YAML: ${data.message}`, { code: "E_DATASET_PARSE" });
  }
  const value = data.value;
  const parsed = composeSchema.safeParse(value ?? {});
  if (!parsed.success)
    throw new DatasetError(
      `${file}: services.client is not a compose service (${parsed.error.issues[0]?.message})`,
      {
        code: "E_DATASET_PARSE",
      },
    );
  const client = parsed.data.services?.client;
  if (client === undefined) return { environment: {} };
  const environment = environmentOf(client.environment);
  const workdir = client.working_dir === undefined ? undefined : substitute(client.working_dir);
  const base = { environment, ...(workdir === undefined || workdir === "" ? {} : { workdir }) };
  if (client.build !== undefined) {
    const build = typeof client.build === "string" ? { context: client.build } : client.build;
    return {
      ...base,
      image: {
        kind: "build",
        contextDirectory: path.resolve(taskDirectory, build.context ?? "."),
        dockerfile: build.dockerfile ?? "Dockerfile",
      },
    };
  }
  const reference = client.image === undefined ? "" : substitute(client.image);
  return reference === "" ? base : { ...base, image: { kind: "pull", reference } };
}
