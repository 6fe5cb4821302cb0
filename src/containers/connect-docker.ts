// A dockerode client of the engine at `--docker-host` / DOCKER_HOST / the usual sockets, checked with a ping: a
// ConfigError saying how to reach an engine when none answers within 10 s.
import Docker from "dockerode";
import { ConfigError } from "../errors.js";
import { engineErrorMessage } from "./container-errors.js";
import { resolveDockerHost, unreachableEngineMessage } from "./docker-host.js";

export interface ConnectedDocker {
  readonly docker: Docker;
  /** The address, for messages and run.json. */
  readonly host: string;
}

const PING_TIMEOUT_MS = 10_000;

export async function connectDocker(
  dockerHost: string | undefined,
  env: NodeJS.ProcessEnv,
): Promise<ConnectedDocker> {
  const address = resolveDockerHost(dockerHost, env);
  const docker = new Docker({ ...address.options, timeout: 0 });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      docker.ping(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer in ${PING_TIMEOUT_MS / 1000} s`)),
          PING_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (error) {
    throw new ConfigError(unreachableEngineMessage(address.host, engineErrorMessage(error)), {
      cause: error,
    });
  } finally {
    clearTimeout(timer);
  }
  return { docker, host: address.host };
}
