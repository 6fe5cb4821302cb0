// The container driver's contract, against a real engine (Podman's Docker-compatible API service): a container per
// use with files in and out and commands with their exit codes; no network inside; the memory limit kills and is
// reported; the CPU limit holds; a command past its time limit is killed with its children; output is capped; a
// Dockerfile builds (its FROM mapped) and is reused by digest; an absent image is pulled from a registry (a real one
// on 127.0.0.1) with its progress shown; nothing is left behind — after the use, after Ctrl-C
// of the process holding containers, and after kill -9 (the next engine prunes them).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Docker from "dockerode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { MANAGED_LABEL, OWNER_LABEL } from "./container-labels.js";
import { openContainerEngine } from "./open-container-engine.js";
import {
  PULL_TEST_REPOSITORY,
  TEST_PYTHON_IMAGE,
  testDockerHost,
  testEngineEnv,
  testRegistry,
} from "./test-support/test-engine.js";
import type { ContainerEngine, ImageProgress } from "./types.js";

const IMAGE_MAP = [`python:3.11=${TEST_PYTHON_IMAGE}`];

let engine: ContainerEngine;
let docker: Docker;

beforeAll(async () => {
  docker = new Docker({ socketPath: new URL(testDockerHost()).pathname });
  engine = await openContainerEngine({
    env: testEngineEnv(),
    imageMap: IMAGE_MAP,
    memoryBytes: 512 * 1024 ** 2,
  });
});

afterAll(async () => {
  await engine?.close();
});

async function exists(id: string): Promise<boolean> {
  try {
    await docker.getContainer(id).inspect();
    return true;
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return false;
    throw error;
  }
}

describe("a sample's container", () => {
  it("runs commands with their output and exit code, takes files in and gives them out, and is removed after", async () => {
    let id = "";
    await engine.withContainer(
      { image: "python:3.11", purpose: "contract", workdir: "/app" },
      async (container) => {
        id = container.id;
        expect(container.image).toBe(TEST_PYTHON_IMAGE);
        const info = await docker.getContainer(id).inspect();
        expect(info.Config.Labels[MANAGED_LABEL]).toBe("true");
        expect(info.HostConfig.NetworkMode).toBe("none");
        expect(info.HostConfig.Memory).toBe(512 * 1024 ** 2);
        expect(info.HostConfig.NanoCpus).toBe(1e9);

        const failed = await container.exec("echo out; echo err >&2; exit 3");
        expect(failed).toMatchObject({ status: "exit", exitCode: 3, stdout: "out\n", stderr: "err\n" });
        expect(failed.reason).toBe("exited with code 3");

        await container.putFiles("/app", [
          { path: "pkg/data.txt", content: "hello\n" },
          { path: "run.sh", content: "#!/bin/sh\necho ran in $(pwd)\n" },
        ]);
        const ran = await container.exec("cat pkg/data.txt && ./run.sh");
        expect(ran).toMatchObject({ status: "ok", exitCode: 0, stdout: "hello\nran in /app\n" });
        expect((await container.readFile("/app/pkg/data.txt")).toString()).toBe("hello\n");
        await expect(container.readFile("/app/missing.txt")).rejects.toThrow(/no file \/app\/missing.txt/);

        const argv = await container.exec([
          "python3",
          "-c",
          "import sys; print(sys.argv[1:])",
          "a b",
          "$HOME",
        ]);
        expect(argv.stdout).toBe("['a b', '$HOME']\n");
        const piped = await container.exec("tr a-z A-Z", { stdin: "from stdin\n" });
        expect(piped.stdout).toBe("FROM STDIN\n");
        const env = await container.exec("echo $GREETING; pwd", { env: { GREETING: "hi" }, workdir: "/tmp" });
        expect(env.stdout).toBe("hi\n/tmp\n");
        expect((await container.exec("id -un", { user: "nobody" })).stdout).toBe("nobody\n");

        const host = mkdtempSync(join(tmpdir(), "llm-bench-put-dir-"));
        try {
          writeFileSync(join(host, "script.py"), "print('from a host directory')\n");
          await container.putDirectory(host, "/srv/copied");
          expect((await container.exec("python3 /srv/copied/script.py")).stdout).toBe(
            "from a host directory\n",
          );
        } finally {
          rmSync(host, { recursive: true, force: true });
        }
      },
    );
    expect(id).not.toBe("");
    expect(await exists(id)).toBe(false);
  });

  it("is removed when the work in it throws", async () => {
    let id = "";
    await expect(
      engine.withContainer({ image: "python:3.11" }, async (container) => {
        id = container.id;
        throw new Error("the sample failed");
      }),
    ).rejects.toThrow("the sample failed");
    expect(await exists(id)).toBe(false);
  });

  it("has no network: a connection out fails", async () => {
    await engine.withContainer({ image: "python:3.11" }, async (container) => {
      const result = await container.exec([
        "python3",
        "-c",
        "import socket; socket.create_connection(('1.1.1.1', 80), timeout=5)",
      ]);
      expect(result.status).toBe("exit");
      expect(result.stderr).toMatch(/Network is unreachable|OSError/);
      const interfaces = await container.exec("cat /proc/net/dev");
      expect(interfaces.stdout).not.toMatch(/eth0|ens|enp/);
    });
  });

  it("sees no host file and none of the tool's environment (the API key)", async () => {
    const hostFile = join(tmpdir(), `llm-bench-host-file-${process.pid}`);
    writeFileSync(hostFile, "HOST-FILE-CONTENT");
    const secret = "sk-LLMBENCHSECRET-container-test";
    const keyed = await openContainerEngine({
      env: { ...testEngineEnv(), OPENAI_API_KEY: secret, LLM_BENCH_SERVE_API_KEY: secret },
      imageMap: IMAGE_MAP,
    });
    try {
      await keyed.withContainer({ image: "python:3.11" }, async (container) => {
        const result = await container.exec(`cat ${hostFile}; env; ls -a /root`);
        expect(`${result.stdout}${result.stderr}`).not.toContain("HOST-FILE-CONTENT");
        expect(result.stderr).toMatch(/No such file or directory/);
        expect(result.stdout).not.toContain(secret);
        expect(result.stdout).not.toMatch(/OPENAI_API_KEY|LLM_BENCH_SERVE_API_KEY/);
      });
    } finally {
      await keyed.close();
      rmSync(hostFile, { force: true });
    }
  });

  it("kills an allocation beyond the memory limit and says so", async () => {
    await engine.withContainer({ image: "python:3.11", memoryBytes: 256 * 1024 ** 2 }, async (container) => {
      const result = await container.exec([
        "python3",
        "-c",
        "block = bytearray(600 * 1024 * 1024); print('kept')",
      ]);
      expect(result.status).toBe("killed");
      expect(result.isOutOfMemory).toBe(true);
      expect(result.reason).toMatch(/memory limit/);
      expect(result.stdout).not.toContain("kept");
      // The container lives on: the next command runs.
      const after = await container.exec("echo alive");
      expect(after).toMatchObject({ status: "ok", isOutOfMemory: false });
    });
  });

  it("holds two busy processes to one CPU's time", async () => {
    await engine.withContainer({ image: "python:3.11", cpus: 1 }, async (container) => {
      const program = [
        "import os, time, multiprocessing as mp",
        "def spin(seconds):",
        "    end = time.monotonic() + seconds",
        "    while time.monotonic() < end: pass",
        "start = time.monotonic()",
        "workers = [mp.Process(target=spin, args=(3,)) for _ in range(2)]",
        "[w.start() for w in workers]; [w.join() for w in workers]",
        "wall = time.monotonic() - start",
        "t = os.times()",
        "print(round((t.children_user + t.children_system) / wall, 2))",
      ].join("\n");
      const result = await container.exec(["python3", "-c", program]);
      expect(result.status).toBe("ok");
      // Two spinning processes on a machine with two cores: without the limit about 2 CPU-seconds a second.
      expect(Number(result.stdout.trim())).toBeLessThan(1.25);
    });
  });

  it("kills a command and its children at the time limit", async () => {
    await engine.withContainer({ image: "python:3.11" }, async (container) => {
      const result = await container.exec("sleep 300 & sleep 301; echo never", { timeoutMs: 1500 });
      expect(result.status).toBe("timeout");
      expect(result.reason).toBe("killed after the 1.5 s time limit");
      expect(result.durationMs).toBeLessThan(20_000);
      expect(result.stdout).not.toContain("never");
      const left = await container.exec("ps -eo args");
      expect(left.stdout).not.toMatch(/sleep 30[01]/);
    });
  });

  it("cuts short, without an error, a command the run's stop reaches — also one asked of a container being removed", async () => {
    const stop = new AbortController();
    await engine.withContainer({ image: "python:3.11" }, async (container) => {
      const running = container.exec("sleep 300", { signal: stop.signal });
      await new Promise((resolve) => setTimeout(resolve, 300));
      stop.abort();
      const cut = await running;
      expect(cut).toMatchObject({
        status: "aborted",
        exitCode: null,
        reason: "stopped: the run was interrupted",
      });
      expect(await container.exec("echo late", { signal: stop.signal })).toMatchObject({ status: "aborted" });
      // What Ctrl-C does: the engine stops the container while the sample still asks it for a command.
      await docker.getContainer(container.id).kill();
      const refused = container.exec("echo after", {});
      await expect(refused).rejects.toThrow(/cannot run a command in the container/);
      // The stop comes while the engine is refusing the command: the sample sees it cut short.
      const stopping = new AbortController();
      const asked = container.exec("echo after", { signal: stopping.signal });
      stopping.abort();
      expect(await asked).toMatchObject({ status: "aborted" });
    });
  });

  it("keeps each output stream up to the cap and says it cut it", async () => {
    await engine.withContainer({ image: "python:3.11" }, async (container) => {
      const result = await container.exec("head -c 200000 /dev/zero | tr '\\0' x; echo tail >&2", {
        outputBytes: 1000,
      });
      expect(result.stdout).toBe("x".repeat(1000));
      expect(result.stderr).toBe("tail\n");
      expect(result.isTruncated).toBe(true);
      expect(result.status).toBe("ok");
      const ends = await container.exec("seq 1 100000", { outputBytes: 40, keep: "ends" });
      // The first 20 bytes end inside "10", the last 20 start at the newline before 99998; 588,895 bytes in all.
      expect(ends.stdout).toBe(
        "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n[588855 bytes of output left out here]\n\n99998\n99999\n100000\n",
      );
    });
  });
});

describe("images", () => {
  it("builds a task's Dockerfile with its FROM mapped, and reuses the build for the same context", async () => {
    const context = mkdtempSync(join(tmpdir(), "llm-bench-build-"));
    try {
      writeFileSync(
        join(context, "Dockerfile"),
        "FROM python:3.11\nWORKDIR /task\nCOPY greeting.txt ./\nRUN cat greeting.txt > built.txt\n",
      );
      writeFileSync(join(context, "greeting.txt"), "built here\n");
      const tag = await engine.buildImage({
        contextDirectory: context,
        repository: "llm-bench/contract-build",
      });
      expect(tag).toMatch(/^llm-bench\/contract-build:[0-9a-f]{16}$/);
      const again = await engine.buildImage({
        contextDirectory: context,
        repository: "llm-bench/contract-build",
      });
      expect(again).toBe(tag);
      await engine.withContainer({ image: tag }, async (container) => {
        const result = await container.exec("pwd; cat built.txt");
        expect(result.stdout).toBe("/task\nbuilt here\n");
      });
      writeFileSync(join(context, "greeting.txt"), "changed\n");
      const changed = await engine.buildImage({
        contextDirectory: context,
        repository: "llm-bench/contract-build",
      });
      expect(changed).not.toBe(tag);
      const labels = (await docker.getImage(changed).inspect()).Config.Labels ?? {};
      expect(labels[MANAGED_LABEL]).toBe("true");
    } finally {
      rmSync(context, { recursive: true, force: true });
    }
  });

  it("pulls an absent image from a registry, showing its progress, and runs containers from it", async () => {
    const reference = `${testRegistry()}/${PULL_TEST_REPOSITORY}:1`;
    await docker
      .getImage(reference)
      .remove({ force: true })
      .catch((error: { statusCode?: number }) => {
        if (error.statusCode !== 404) throw error;
      });
    const progress: ImageProgress[] = [];
    // As a run maps a public image to a mirror: the reference asked for is not the one pulled.
    const open = () =>
      openContainerEngine({
        env: testEngineEnv(),
        imageMap: [`example.org/team/tool:1=${reference}`],
        onProgress: (event) => progress.push(event),
      });
    const pulling = await open();
    try {
      expect(await pulling.ensureImage("example.org/team/tool:1")).toBe(reference);
      expect(progress[0]).toEqual({ image: reference, action: "pull", message: "pulling" });
      expect(progress.at(-1)).toEqual({ image: reference, action: "pull", message: "done" });
      // The engine's own progress lines between them: the base layer already there, the new one downloaded.
      const messages = progress.slice(1, -1).map((event) => event.message);
      expect(messages.some((message) => / Already exists$/.test(message))).toBe(true);
      expect(messages.some((message) => / Download complete$/.test(message))).toBe(true);
      expect(progress.every((event) => event.image === reference && event.action === "pull")).toBe(true);
      await pulling.withContainer({ image: "example.org/team/tool:1" }, async (container) => {
        expect((await container.exec("cat /hello.txt")).stdout).toBe("pulled from the test registry\n");
      });
      // Present now: asked again (by another engine, as the next run would), it is not pulled.
      const events = progress.length;
      const next = await open();
      try {
        expect(await next.ensureImage("example.org/team/tool:1")).toBe(reference);
      } finally {
        await next.close();
      }
      expect(progress).toHaveLength(events);
    } finally {
      await pulling.close();
    }
  });

  it("says how to map an image that cannot be pulled", async () => {
    const error = await engine
      .ensureImage("registry.invalid/nobody/nothing:1")
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(
      /Cannot pull image registry.invalid\/nobody\/nothing:1: .*--image-map registry.invalid\/nobody\/nothing:1=LOCAL_IMAGE/s,
    );
  });

  it("fails a build whose RUN step fails with the step's output", async () => {
    const context = mkdtempSync(join(tmpdir(), "llm-bench-build-"));
    try {
      writeFileSync(join(context, "Dockerfile"), "FROM python:3.11\nRUN echo about to fail && exit 7\n");
      await expect(
        engine.buildImage({ contextDirectory: context, repository: "llm-bench/contract-broken" }),
      ).rejects.toThrow(/building llm-bench\/contract-broken:[0-9a-f]+ failed/);
    } finally {
      rmSync(context, { recursive: true, force: true });
    }
  });
});

/** A child process holding one container (its id on the first line of stdout) until signalled. */
function holdContainer(): { child: ChildProcess; id: Promise<string> } {
  const driver = new URL("../../dist/containers/open-container-engine.js", import.meta.url).href;
  const script = `
    const { openContainerEngine } = await import(${JSON.stringify(driver)});
    const engine = await openContainerEngine({ env: process.env, imageMap: ${JSON.stringify(IMAGE_MAP)} });
    const stop = new AbortController();
    process.on("SIGINT", async () => { stop.abort(); await engine.close(); process.exit(130); });
    await engine.withContainer({ image: "python:3.11", purpose: "held" }, async (container) => {
      console.log(container.id);
      await container.exec("sleep 600", { timeoutMs: 700_000, signal: stop.signal });
    });
  `;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    env: testEngineEnv(),
    stdio: ["ignore", "pipe", "inherit"],
  });
  const id = new Promise<string>((resolve, reject) => {
    let text = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const line = text.split("\n")[0];
      if (text.includes("\n") && line !== undefined) resolve(line.trim());
    });
    child.on("exit", (code) => reject(new Error(`the child exited (${code}) before holding a container`)));
  });
  return { child, id };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.on("exit", (code, signal) => resolve(code ?? (signal === null ? null : -1))),
  );

describe("cleanup", () => {
  it("removes the containers of a process stopped with Ctrl-C", async () => {
    const { child, id } = holdContainer();
    const containerId = await id;
    expect(await exists(containerId)).toBe(true);
    const ended = exited(child);
    child.kill("SIGINT");
    expect(await ended).toBe(130);
    expect(await exists(containerId)).toBe(false);
  });

  it("leaves a killed process's container to the next engine, which removes it — and not a live run's", async () => {
    const { child, id } = holdContainer();
    const containerId = await id;
    const ended = exited(child);
    child.kill("SIGKILL");
    await ended;
    expect(await exists(containerId)).toBe(true);
    expect((await docker.getContainer(containerId).inspect()).Config.Labels[OWNER_LABEL]).toMatch(/\/\d+$/);

    // A container of this (live) process survives the next engine's start.
    await engine.withContainer({ image: "python:3.11" }, async (mine) => {
      const warnings: string[] = [];
      const next = await openContainerEngine({
        env: testEngineEnv(),
        onWarning: (text) => warnings.push(text),
      });
      try {
        expect(await exists(containerId)).toBe(false);
        expect(await exists(mine.id)).toBe(true);
        expect(warnings.join("\n")).toMatch(/removed \d+ containers? left by an earlier run/);
      } finally {
        await next.close();
      }
    });
  });
});

describe("opening", () => {
  it("says how to reach an engine when none answers", async () => {
    await expect(
      openContainerEngine({ env: {}, dockerHost: "unix:///nonexistent/docker.sock" }),
    ).rejects.toThrow(
      /The container engine at unix:\/\/\/nonexistent\/docker.sock does not answer .*--docker-host/s,
    );
  });
});
