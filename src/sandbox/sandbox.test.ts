// The sandbox against hostile programs, with real bubblewrap: each attack is contained, reported with a clear reason,
// and leaves nothing behind (no process carrying the test's marker, no file outside the sandbox's own /tmp).

import { spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:net";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { createSandbox, findExecutable } from "./create-sandbox.js";
import type { CodeSandbox, SandboxResult } from "./types.js";

const hasBwrap = findExecutable("bwrap", process.env) !== undefined;
/** Set by .ci/run: there the containment tests must run, so a missing bwrap fails instead of skipping them. */
const isSandboxRequired = process.env["LLM_BENCH_REQUIRE_SANDBOX"] === "1";
if (!hasBwrap) {
  process.stdout.write(
    "sandbox tests: bwrap is not installed (scripts/install-test-engines.sh installs it)\n",
  );
}

const isRoot = process.getuid?.() === 0;

/** Forks until the process limit (16) refuses one; prints how many it made. Its children sleep until the end. */
const FORK_COUNT =
  "import os, time\nforked = 0\nwhile True:\n    try:\n        pid = os.fork()\n    except OSError:\n        break\n" +
  "    if pid == 0:\n        time.sleep(3)\n        os._exit(0)\n    forked += 1\nprint('forked', forked, flush=True)\n" +
  "time.sleep(1)";

/** How many processes each of two executions running at once could make under a limit of 16. */
async function forksOfTwoAtOnce(target: CodeSandbox): Promise<number[]> {
  const results = await Promise.all(
    [0, 1].map(() =>
      target.run({ language: "python", code: FORK_COUNT, limits: { processes: 16, wallMs: 10_000 } }),
    ),
  );
  return results.map((result) => Number(/^forked (\d+)$/m.exec(result.stdout)?.[1] ?? Number.NaN));
}

/** Processes whose command line holds `marker`. */
function processesWith(marker: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (cmdline.includes(marker)) found.push(`${entry}: ${cmdline.replaceAll("\0", " ")}`);
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

let sandbox: CodeSandbox;
const scratch = mkdtempSync(path.join(tmpdir(), "sandbox-test-"));
let runCount = 0;

/** Runs `code` with a unique marker argument and checks that no process with it is left afterwards. */
async function attack(code: string, limits: Record<string, number> = {}): Promise<SandboxResult> {
  const marker = `llm-bench-sandbox-test-${process.pid}-${++runCount}`;
  const result = await sandbox.run({
    language: "python",
    code,
    args: [marker],
    limits: { wallMs: 10_000, cpuSeconds: 5, ...limits },
  });
  // The group is killed before run() returns; give the kernel a moment to reap the namespace.
  for (let attempt = 0; attempt < 20 && processesWith(marker).length > 0; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(processesWith(marker)).toEqual([]);
  return result;
}

it.runIf(!hasBwrap && isSandboxRequired)(
  "bwrap is installed where the containment tests are required (CI)",
  () => {
    expect.fail("LLM_BENCH_REQUIRE_SANDBOX=1 but bwrap is not on PATH: run scripts/install-test-engines.sh.");
  },
);

describe.skipIf(!hasBwrap)("sandbox (bubblewrap): hostile programs are contained", () => {
  beforeAll(async () => {
    sandbox = await createSandbox({ workers: 2 });
  });
  afterAll(async () => {
    await sandbox.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("runs a program: stdout, stderr, exit code, stdin, its files", async () => {
    const result = await sandbox.run({
      language: "python",
      code: "import sys\nprint(open('data.txt').read() + sys.stdin.read())\nprint('warn', file=sys.stderr)\nsys.exit(4)",
      files: { "data.txt": "from file, " },
      stdin: "from stdin",
    });
    expect(result).toMatchObject({
      status: "exit",
      exitCode: 4,
      stdout: "from file, from stdin\n",
      stderr: "warn\n",
      reason: "exited with code 4: warn",
    });
    expect(sandbox.kind).toBe("bwrap");
  });

  it("a network connect fails: no interface but its own loopback, and the host's server sees nothing", async () => {
    let connections = 0;
    const server: Server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    const result = await attack(
      `import socket\ntry:\n    socket.create_connection(("127.0.0.1", ${port}), timeout=1)\n    print("CONNECTED")\nexcept OSError as error:\n    print("refused", type(error).__name__)\n` +
        `try:\n    socket.getaddrinfo("example.com", 80)\n    print("RESOLVED")\nexcept OSError as error:\n    print("no dns")`,
    );
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(result.stdout).not.toContain("CONNECTED");
    expect(result.stdout).not.toContain("RESOLVED");
    expect(result.stdout).toContain("refused");
    expect(connections).toBe(0);
  });

  it("cannot write outside its /tmp: the host's temp dir, the working directory, $HOME stay untouched", async () => {
    const hostDir = path.join(scratch, "open-to-all");
    mkdirSync(hostDir, { mode: 0o777 });
    const targets = [
      path.join(hostDir, "pwned.txt"),
      path.join(process.cwd(), "pwned.txt"),
      path.join(homedir(), "pwned.txt"),
    ];
    const result = await attack(
      `import json\nresults = {}\nfor target in ${JSON.stringify(targets)}:\n    try:\n        open(target, "w").write("x")\n        results[target] = "WROTE"\n    except OSError as error:\n        results[target] = type(error).__name__\n` +
        `open("/tmp/own.txt", "w").write("fine")\nprint(json.dumps(results))`,
    );
    const outcome = JSON.parse(result.stdout) as Record<string, string>;
    expect(Object.values(outcome)).not.toContain("WROTE");
    for (const target of targets) expect(existsSync(target)).toBe(false);
    expect(result.status).toBe("ok");
  });

  it("cannot read ~/.ssh-like files or the API key in the tool's environment", async () => {
    const fakeHome = path.join(scratch, "home");
    mkdirSync(path.join(fakeHome, ".ssh"), { recursive: true });
    const key = path.join(fakeHome, ".ssh", "id_ed25519");
    writeFileSync(key, "PRIVATE-KEY-MATERIAL", { mode: 0o644 });
    process.env["OPENAI_API_KEY"] = "sk-sandbox-test-secret";
    try {
      const result = await attack(
        `import os\nfor target in ${JSON.stringify([key, path.join(homedir(), ".ssh"), "/etc/shadow", "/etc/passwd"])}:\n    try:\n        print(target, open(target).read()[:40] if os.path.isfile(target) else os.listdir(target))\n    except OSError as error:\n        print(target, type(error).__name__)\nprint(dict(os.environ))`,
      );
      expect(result.stdout).not.toContain("PRIVATE-KEY-MATERIAL");
      expect(result.stdout).not.toContain("sk-sandbox-test-secret");
      expect(result.stdout).not.toContain("OPENAI_API_KEY");
      expect(result.stdout).toContain(`${key} FileNotFoundError`);
      expect(result.stdout).toContain("/etc/passwd FileNotFoundError");
    } finally {
      delete process.env["OPENAI_API_KEY"];
    }
  });

  it("a fork bomb hits the process limit and is killed at the wall clock, every fork with it", async () => {
    const result = await attack(
      "import os, time\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        time.sleep(0.01)",
      { wallMs: 2000, processes: 32 },
    );
    expect(result.status).toBe("timeout");
    expect(result.reason).toBe("killed after the 2 s wall-clock limit");
  });

  it("counts each execution's own processes: two fork bombs at once each reach their limit", async () => {
    const forks = await forksOfTwoAtOnce(sandbox);
    for (const count of forks) {
      expect(count).toBeGreaterThanOrEqual(12);
      expect(count).toBeLessThan(16);
    }
  });

  it("runs programs for a user who already has more processes than the limit (bwrap runs as nobody here)", async () => {
    // RLIMIT_NPROC counts every process of the real user: set outside the sandbox, these 40 would use up a limit of
    // 16 before the program starts (as a desktop session's processes would, for a user not root).
    const sleepers = Array.from({ length: 40 }, () =>
      spawn("sleep", ["30"], isRoot ? { uid: 65534, gid: 65534, stdio: "ignore" } : { stdio: "ignore" }),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const result = await sandbox.run({
        language: "python",
        code: "import os\npid = os.fork()\nif pid == 0:\n    os._exit(0)\nos.waitpid(pid, 0)\nprint('forked')",
        limits: { processes: 16 },
      });
      expect(result).toMatchObject({ status: "ok", stdout: "forked\n" });
    } finally {
      for (const sleeper of sleepers) sleeper.kill("SIGKILL");
    }
  });

  it("a memory hog gets MemoryError under the address-space limit", async () => {
    const result = await attack("block = bytearray(3 * 1024 ** 3)\nprint('ALLOCATED')", {
      memoryBytes: 512 * 1024 ** 2,
    });
    expect(result.status).toBe("memory-limit");
    expect(result.reason).toBe("out of memory: the address-space limit is 512 MiB");
    expect(result.stdout).not.toContain("ALLOCATED");
  });

  it("an infinite loop is stopped by the CPU limit", async () => {
    // The wall clock is only a backstop here: on a loaded machine 1 s of CPU may take several seconds.
    const result = await attack("while True:\n    pass", { cpuSeconds: 1, wallMs: 30_000 });
    expect(result.status).toBe("cpu-limit");
    expect(result.reason).toBe("killed after 1 s of CPU time (the CPU limit)");
  });

  it("a huge stdout is cut at the cap and the program killed", async () => {
    const result = await attack("import sys\nwhile True:\n    sys.stdout.write('x' * 65536)", {
      outputBytes: 100_000,
    });
    expect(result.status).toBe("output-limit");
    expect(result.isTruncated).toBe(true);
    expect(result.stdout.length).toBe(100_000);
  });

  it("a process that ignores SIGTERM (and a child that left its session) is killed at the wall clock", async () => {
    const result = await attack(
      "import os, signal, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\nif os.fork() == 0:\n    os.setsid()\n    time.sleep(100)\ntime.sleep(100)",
      { wallMs: 1000 },
    );
    expect(result.status).toBe("timeout");
  });

  it("a file over the size limit is refused", async () => {
    const result = await attack("open('big', 'wb').write(b'x' * 4_000_000)\nprint('WROTE')", {
      fileBytes: 1_000_000,
    });
    expect(result.stdout).not.toContain("WROTE");
    expect(result.status).not.toBe("ok");
  });

  it("stops when the caller aborts", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const result = await sandbox.run({
      language: "python",
      code: "import time\ntime.sleep(30)",
      signal: controller.signal,
    });
    expect(result.status).toBe("aborted");
  });

  it("runs a shell command (the container issue's local driver)", async () => {
    const result = await sandbox.run({
      language: "shell",
      code: 'echo "$1-$(cat note)"',
      args: ["arg"],
      files: { note: "n" },
    });
    expect(result).toMatchObject({ status: "ok", stdout: "arg-n\n" });
  });
});

describe("sandbox without bubblewrap", () => {
  const noBwrapEnv = { PATH: path.join(scratch, "empty-bin") };

  it("refuses to run model code and says how to install bwrap, unless --allow-unsafe-code", async () => {
    const error = await createSandbox({ env: noBwrapEnv }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(
      /bubblewrap \(bwrap\) is not on PATH.*apt-get install bubblewrap.*--allow-unsafe-code/s,
    );
  });

  it("with --allow-unsafe-code warns once and runs a subprocess with the same limits and a scrubbed environment", async () => {
    const warnings: string[] = [];
    const unsafe = await createSandbox({
      env: noBwrapEnv,
      allowUnsafe: true,
      warn: (message) => warnings.push(message),
    });
    process.env["OPENAI_API_KEY"] = "sk-unsafe-test-secret";
    try {
      expect(unsafe.kind).toBe("unsafe");
      const ok = await unsafe.run({
        language: "python",
        code: "import os\nprint(sorted(os.environ))",
        files: { "a.txt": "a" },
      });
      expect(ok.status).toBe("ok");
      expect(ok.stdout).not.toContain("OPENAI_API_KEY");
      const loop = await unsafe.run({
        language: "python",
        code: "while True:\n    pass",
        limits: { cpuSeconds: 1, wallMs: 30_000 },
      });
      expect(loop.status).toBe("cpu-limit");
      const sleeper = await unsafe.run({
        language: "python",
        code: "import time\ntime.sleep(30)",
        limits: { wallMs: 500 },
      });
      expect(sleeper.status).toBe("timeout");
      // As root each execution at once has a uid of its own, so neither bomb uses up the other's limit.
      if (isRoot) {
        for (const count of await forksOfTwoAtOnce(unsafe)) {
          expect(count).toBeGreaterThanOrEqual(12);
          expect(count).toBeLessThan(16);
        }
      }
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/WITHOUT isolation/);
    } finally {
      delete process.env["OPENAI_API_KEY"];
      await unsafe.close();
    }
  });
});
