// Where the container engine listens, as the Docker CLI reads it: `--docker-host`, else DOCKER_HOST (unix://, tcp://
// with DOCKER_TLS_VERIFY and DOCKER_CERT_PATH for TLS, ssh://), else the first socket that exists of Docker's and
// Podman's usual places. Gives dockerode's connection options and a printable address.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { DockerOptions } from "dockerode";
import { ConfigError } from "../errors.js";

export interface EngineAddress {
  /** For messages and run.json: `unix:///run/docker.sock`, `tcp://host:2376` (no credentials). */
  readonly host: string;
  readonly options: DockerOptions;
}

/** The sockets tried, in order, when neither --docker-host nor DOCKER_HOST names one. */
export function defaultSockets(env: NodeJS.ProcessEnv): string[] {
  return [
    "/var/run/docker.sock",
    ...(env["XDG_RUNTIME_DIR"] === undefined ? [] : [join(env["XDG_RUNTIME_DIR"], "podman", "podman.sock")]),
    "/run/podman/podman.sock",
  ];
}

const HOW =
  "start Docker (or Podman's API service: `podman system service --time=0 unix:///PATH/podman.sock`) and pass " +
  "--docker-host unix:///PATH/podman.sock or set DOCKER_HOST";

function tlsOptions(env: NodeJS.ProcessEnv, origin: string): Pick<DockerOptions, "ca" | "cert" | "key"> {
  const directory = env["DOCKER_CERT_PATH"] ?? join(env["HOME"] ?? "", ".docker");
  const read = (name: string) => {
    const file = join(directory, name);
    try {
      return readFileSync(file);
    } catch (error) {
      throw new ConfigError(
        `${origin} asks for TLS (DOCKER_TLS_VERIFY=1), but ${file} cannot be read (${(error as Error).message}); ` +
          "set DOCKER_CERT_PATH to the directory holding ca.pem, cert.pem and key.pem.",
        { cause: error },
      );
    }
  };
  return { ca: read("ca.pem"), cert: read("cert.pem"), key: read("key.pem") };
}

function isTlsAsked(env: NodeJS.ProcessEnv): boolean {
  const value = env["DOCKER_TLS_VERIFY"];
  return value !== undefined && value !== "" && value !== "0";
}

/** Parses one address; `origin` names where it came from in messages (`--docker-host`, `DOCKER_HOST`). */
export function parseDockerHost(text: string, env: NodeJS.ProcessEnv, origin: string): EngineAddress {
  const bad = (why: string) =>
    new ConfigError(
      `${origin} ${JSON.stringify(text)}: ${why}; give unix:///path/to/docker.sock, tcp://HOST:PORT or ssh://USER@HOST.`,
    );
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw bad("not an address");
  }
  switch (url.protocol) {
    case "unix:": {
      const socketPath = decodeURIComponent(url.pathname);
      if (socketPath === "" || socketPath === "/") throw bad("no socket path");
      return { host: `unix://${socketPath}`, options: { socketPath } };
    }
    case "tcp:":
    case "http:":
    case "https:": {
      if (url.hostname === "") throw bad("no host");
      const tls = url.protocol === "https:" || isTlsAsked(env);
      const port = url.port === "" ? (tls ? 2376 : 2375) : Number(url.port);
      return {
        host: `${tls ? "https" : "tcp"}://${url.hostname}:${port}`,
        options: {
          host: url.hostname,
          port,
          protocol: tls ? "https" : "http",
          ...(tls ? tlsOptions(env, origin) : {}),
        },
      };
    }
    case "ssh:": {
      if (url.hostname === "") throw bad("no host");
      const port = url.port === "" ? 22 : Number(url.port);
      return {
        host: `ssh://${url.username === "" ? "" : `${url.username}@`}${url.hostname}:${port}`,
        options: {
          host: url.hostname,
          port,
          protocol: "ssh",
          ...(url.username === "" ? {} : { username: decodeURIComponent(url.username) }),
        },
      };
    }
    default:
      throw bad(
        `the scheme ${url.protocol.replace(/:$/, "")} is not one the Docker Engine API is reached by`,
      );
  }
}

/** The engine's address: `flag` (--docker-host), else DOCKER_HOST, else the first existing default socket. */
export function resolveDockerHost(flag: string | undefined, env: NodeJS.ProcessEnv): EngineAddress {
  if (flag !== undefined && flag !== "") return parseDockerHost(flag, env, "--docker-host");
  const fromEnv = env["DOCKER_HOST"];
  if (fromEnv !== undefined && fromEnv !== "") return parseDockerHost(fromEnv, env, "DOCKER_HOST");
  const socket = defaultSockets(env).find((path) => existsSync(path));
  if (socket === undefined) {
    throw new ConfigError(
      `No container engine found: DOCKER_HOST is not set and none of ${defaultSockets(env).join(", ")} exists; ${HOW}.`,
    );
  }
  return { host: `unix://${socket}`, options: { socketPath: socket } };
}

/** What to do when the engine at `host` does not answer. */
export function unreachableEngineMessage(host: string, cause: string): string {
  return `The container engine at ${host} does not answer (${cause}); ${HOW}.`;
}
