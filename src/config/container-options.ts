// How benchmarks that work in containers (terminal_bench, swe_bench, swe_bench_pro) reach and use the container
// engine: its address, each container's limits, how many at once, image replacements, the agent's turns and the
// SWE-bench image mode. Shared by `run`, `grade` and `profile --accuracy-benchmark`.
import { z } from "zod";
import { numberFromText, option, optionGroup } from "./option.js";

const SIZE_UNITS: Readonly<Record<string, number>> = {
  "": 1,
  b: 1,
  k: 1024,
  kb: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
};

/** `2g`, `512m`, `1.5GiB`, `2147483648` → bytes (binary units, as Docker reads `--memory`); else the text back. */
export function bytesFromText(text: string): unknown {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = SIZE_UNITS[(match?.[2] ?? "").toLowerCase()];
  if (match === null || unit === undefined) return text;
  return Math.round(Number(match[1]) * unit);
}

/**
 * The container options a `--resume` may change: where containers run and images come from (a mirror of the same
 * images), not what they are.
 */
export const CONTAINER_RESUMABLE_OPTION_KEYS = [
  "dockerHost",
  "containerWorkers",
  "imageMap",
  "buildNetwork",
  "sweRepoUrl",
] as const;

export const containerOptions = optionGroup("Containers (terminal_bench, swe_bench, swe_bench_pro)", {
  dockerHost: option({
    schema: z.string().min(1).optional(),
    flag: "docker-host",
    placeholder: "URL",
    help: "The Docker Engine API (or Podman's compatible service): unix:///path.sock, tcp://host:port, ssh://user@host.",
    defaultHelp: "$DOCKER_HOST, else /var/run/docker.sock or Podman's socket",
  }),
  containerMemory: option({
    schema: z
      .number()
      .int()
      .min(64 * 1024 ** 2, "must be at least 64m")
      .optional(),
    flag: "container-memory",
    placeholder: "SIZE",
    fromText: bytesFromText,
    expected: "a size such as 2g or 512m",
    help: "Memory (and swap) of each container; a process beyond it is killed and the sample says so.",
    defaultHelp: "2g",
  }),
  containerCpus: option({
    schema: z.number().min(0.1).max(256).optional(),
    flag: "container-cpus",
    placeholder: "N",
    help: "CPUs of each container (a CFS quota: 1 = one core's time).",
    defaultHelp: "1",
  }),
  containerWorkers: option({
    schema: z.number().int().min(1).max(256).optional(),
    flag: "container-workers",
    placeholder: "N",
    help: "Containers at once (apart from --concurrency, which counts requests).",
    defaultHelp: "2",
  }),
  imageMap: option({
    schema: z
      .array(
        z
          .string()
          .regex(
            /^\s*[^=\s][^=]*=\s*\S.*$/,
            "must be FROM=TO, e.g. --image-map python:3.11=registry.example/python:3.11",
          ),
      )
      .optional(),
    flag: "image-map",
    placeholder: "FROM=TO",
    expected: "FROM=TO (repeated), e.g. python:3.11=registry.example/python:3.11",
    help:
      "Use image TO where a task names FROM (Dockerfiles' FROM lines too), repeated: mirrors, air-gapped registries. " +
      "FROM without a tag maps every tag; FROM ending in / maps a prefix.",
  }),
  buildNetwork: option({
    schema: z.string().min(1).optional(),
    flag: "build-network",
    placeholder: "MODE",
    help: "The network of image builds (a Dockerfile's RUN steps): default, host or none.",
    defaultHelp: "the engine's default",
  }),
  maxTurns: option({
    schema: z.number().int().min(1).max(1000).optional(),
    flag: "max-turns",
    placeholder: "N",
    fromText: numberFromText,
    help: "terminal_bench: the agent's turns (model answers whose commands run) before its tests run.",
    defaultHelp: "15",
  }),
  sweImages: option({
    schema: z.enum(["spec", "official"]).optional(),
    flag: "swe-images",
    help:
      "swe_bench, swe_bench_pro: spec (python:3.11 with the repository at base_commit, tests by pytest) or official " +
      "(SWE-bench's per-instance evaluation images and test commands).",
    defaultHelp: "spec",
  }),
  sweRepoUrl: option({
    schema: z.string().min(1).optional(),
    flag: "swe-repo-url",
    placeholder: "TEMPLATE",
    help: "Where swe_bench clones repositories from, on this machine ({repo} is owner/name), e.g. a mirror or file:///srv/git/{repo}.",
    defaultHelp: "https://github.com/{repo}.git",
  }),
});
