// The real container engine of the container tests: scripts/setup-container-engine.sh (idempotent: Podman's Docker
// API service and the local images) run once per process; its DOCKER_HOST.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Debian bookworm minbase, debootstrapped by the setup script. */
export const TEST_BASE_IMAGE = "localhost/bookworm-min:1";
/** The base + python3, pytest, git, patch, procps, bash and an offline `uv` stand-in. */
export const TEST_PYTHON_IMAGE = "localhost/llm-bench-python:1";

const SCRIPT = fileURLToPath(new URL("../../../scripts/setup-container-engine.sh", import.meta.url));

let host: string | undefined;

/** `unix:///…/podman.sock`, after making sure the engine runs and the images exist. */
export function testDockerHost(): string {
  if (host !== undefined) return host;
  const output = execFileSync(SCRIPT, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  const line = output
    .trim()
    .split("\n")
    .findLast((each) => each.startsWith("DOCKER_HOST="));
  if (line === undefined) throw new Error(`${SCRIPT} printed no DOCKER_HOST line:\n${output}`);
  host = line.slice("DOCKER_HOST=".length);
  return host;
}

/** The environment a test's engine or CLI run gets: the process's, with the test engine's DOCKER_HOST. */
export function testEngineEnv(): NodeJS.ProcessEnv {
  return { ...process.env, DOCKER_HOST: testDockerHost() };
}
