// The real container engine of the container tests: scripts/setup-container-engine.sh (idempotent: Podman's Docker
// API service, the local images and a registry on 127.0.0.1) run once per process; its DOCKER_HOST and registry.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Debian bookworm minbase, debootstrapped by the setup script. */
export const TEST_BASE_IMAGE = "localhost/bookworm-min:1";
/** The base + python3, pytest, git, patch, procps, bash and an offline `uv` stand-in. */
export const TEST_PYTHON_IMAGE = "localhost/llm-bench-python:1";

const SCRIPT = fileURLToPath(new URL("../../../scripts/setup-container-engine.sh", import.meta.url));

/** In the test registry: the base image and one layer adding /hello.txt ("pulled from the test registry"). */
export const PULL_TEST_REPOSITORY = "llm-bench/pull-test";

let printed: string | undefined;

/** The value of the `NAME=value` line the setup script printed (running it first, once per process). */
function setupValue(name: string): string {
  printed ??= execFileSync(SCRIPT, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  const line = printed
    .trim()
    .split("\n")
    .findLast((each) => each.startsWith(`${name}=`));
  if (line === undefined) throw new Error(`${SCRIPT} printed no ${name} line:\n${printed}`);
  return line.slice(name.length + 1);
}

/** `unix:///…/podman.sock`, after making sure the engine runs and the images exist. */
export function testDockerHost(): string {
  return setupValue("DOCKER_HOST");
}

/** `127.0.0.1:PORT`: a registry the engine pulls from over plain HTTP, holding PULL_TEST_REPOSITORY:1. */
export function testRegistry(): string {
  return setupValue("LLM_BENCH_TEST_REGISTRY");
}

/** The environment a test's engine or CLI run gets: the process's, with the test engine's DOCKER_HOST. */
export function testEngineEnv(): NodeJS.ProcessEnv {
  return { ...process.env, DOCKER_HOST: testDockerHost() };
}
