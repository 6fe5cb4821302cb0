// Where the engine is: --docker-host over DOCKER_HOST over the usual sockets, each scheme's connection options, TLS
// from DOCKER_TLS_VERIFY and DOCKER_CERT_PATH, and messages that say how to fix a bad address.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { parseDockerHost, resolveDockerHost } from "./docker-host.js";

describe("resolveDockerHost", () => {
  it("takes --docker-host over DOCKER_HOST", () => {
    const address = resolveDockerHost("unix:///flag.sock", { DOCKER_HOST: "unix:///env.sock" });
    expect(address).toEqual({ host: "unix:///flag.sock", options: { socketPath: "/flag.sock" } });
    expect(resolveDockerHost(undefined, { DOCKER_HOST: "unix:///env.sock" }).host).toBe("unix:///env.sock");
  });

  it("falls back to an existing default socket, and else says how to start or name an engine", () => {
    const runtime = mkdtempSync(join(tmpdir(), "llm-bench-xdg-"));
    try {
      expect(() => resolveDockerHost(undefined, { XDG_RUNTIME_DIR: runtime })).toThrow(
        /No container engine found: DOCKER_HOST is not set .*podman system service/s,
      );
    } finally {
      rmSync(runtime, { recursive: true, force: true });
    }
  });
});

describe("parseDockerHost", () => {
  it("reads tcp with the default ports, and TLS from DOCKER_TLS_VERIFY with DOCKER_CERT_PATH's files", () => {
    expect(parseDockerHost("tcp://engine:2375", {}, "DOCKER_HOST")).toEqual({
      host: "tcp://engine:2375",
      options: { host: "engine", port: 2375, protocol: "http" },
    });
    const certs = mkdtempSync(join(tmpdir(), "llm-bench-certs-"));
    try {
      for (const name of ["ca.pem", "cert.pem", "key.pem"]) writeFileSync(join(certs, name), name);
      const address = parseDockerHost(
        "tcp://engine",
        { DOCKER_TLS_VERIFY: "1", DOCKER_CERT_PATH: certs },
        "DOCKER_HOST",
      );
      expect(address.host).toBe("https://engine:2376");
      expect(address.options.protocol).toBe("https");
      expect(String(address.options.ca)).toBe("ca.pem");
      expect(String(address.options.key)).toBe("key.pem");
      rmSync(join(certs, "key.pem"));
      expect(() =>
        parseDockerHost("tcp://engine", { DOCKER_TLS_VERIFY: "1", DOCKER_CERT_PATH: certs }, "DOCKER_HOST"),
      ).toThrow(/key.pem cannot be read .*DOCKER_CERT_PATH/s);
    } finally {
      rmSync(certs, { recursive: true, force: true });
    }
  });

  it("reads ssh with its user", () => {
    expect(parseDockerHost("ssh://me@build-box", {}, "--docker-host")).toEqual({
      host: "ssh://me@build-box:22",
      options: { host: "build-box", port: 22, protocol: "ssh", username: "me" },
    });
  });

  it.each([
    ["not a url", /not an address/],
    ["ftp://engine", /the scheme ftp is not one/],
    ["unix://", /no socket path/],
  ])("refuses %s, naming the flag and the forms", (text, why) => {
    const attempt = () => parseDockerHost(text, {}, "--docker-host");
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(why);
    expect(attempt).toThrow(/--docker-host .*give unix:\/\/\/path\/to\/docker.sock/s);
  });
});
