// The container engine of a run: a dockerode client of the Docker Engine API (Docker, or Podman's compatible
// service), checked when opened; images pulled or built (`--image-map` applied); one container a sample from a pool
// of `--container-workers` slots, isolated (no network unless asked, memory and CPU limits, our labels) and removed
// when the sample ends — and, at opening, the containers of earlier runs of this host whose process is gone.
import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { Readable } from "node:stream";
import type Docker from "dockerode";
import { createWorkerSlots } from "../core/worker-slots.js";
import { BenchError, ConfigError } from "../errors.js";
import { connectDocker } from "./connect-docker.js";
import { ContainerEngineError, engineErrorMessage, isNotFound } from "./container-errors.js";
import { DEFAULT_EXEC_TIMEOUT_MS, type ExecTarget, execInContainer } from "./container-exec.js";
import { MANAGED_LABEL, OWNER_LABEL, ownerOf, PURPOSE_LABEL, RUN_LABEL } from "./container-labels.js";
import { mapDockerfile, parseImageMap } from "./image-map.js";
import { pruneContainers } from "./prune-containers.js";
import { directoryEntries, packDirectory, packFiles, packTar, readFirstFile } from "./tar-archive.js";
import type { ContainerEngine, ContainerSpec, ExecOptions, ImageProgress, SampleContainer } from "./types.js";

export const DEFAULT_CONTAINER_MEMORY_BYTES = 2 * 1024 ** 3;
export const DEFAULT_CONTAINER_CPUS = 1;
export const DEFAULT_CONTAINER_WORKERS = 2;

export interface ContainerEngineOptions {
  /** `--docker-host`; else DOCKER_HOST, else the usual sockets. */
  readonly dockerHost?: string | undefined;
  readonly env: NodeJS.ProcessEnv;
  /** Per container (the spec's 2 GB): memory and swap together. */
  readonly memoryBytes?: number | undefined;
  /** Per container (the spec's 1 CPU: a 100 ms quota each 100 ms period). */
  readonly cpus?: number | undefined;
  /** Containers at once. */
  readonly workers?: number | undefined;
  /** `--image-map FROM=TO` entries. */
  readonly imageMap?: readonly string[] | undefined;
  /** The run's id, in every container's labels; a fresh UUID when absent. */
  readonly runId?: string | undefined;
  /** The network image builds use (`RUN apt-get …` needs one): "default" (the engine's), "host", "none". */
  readonly buildNetwork?: string | undefined;
  readonly onProgress?: ((progress: ImageProgress) => void) | undefined;
  readonly onWarning?: ((message: string) => void) | undefined;
}

/** Connects to the engine (a ConfigError saying how to reach one when it does not answer) and prunes leftovers. */
export async function openContainerEngine(options: ContainerEngineOptions): Promise<ContainerEngine> {
  const { docker, host } = await connectDocker(options.dockerHost, options.env);
  const imageMap = parseImageMap(options.imageMap ?? []);
  const memoryBytes = options.memoryBytes ?? DEFAULT_CONTAINER_MEMORY_BYTES;
  const cpus = options.cpus ?? DEFAULT_CONTAINER_CPUS;
  const slots = createWorkerSlots(options.workers ?? DEFAULT_CONTAINER_WORKERS);
  const runId = options.runId ?? randomUUID();
  const owner = ownerOf();
  const live = new Map<string, Docker.Container>();
  const ready = new Map<string, Promise<string>>();
  let isClosed = false;

  const pruned = await pruneContainers(docker, { scope: "dead-owners" });
  if (pruned.containers > 0) {
    options.onWarning?.(
      `removed ${pruned.containers} container${pruned.containers === 1 ? "" : "s"} left by an earlier run that ended without cleaning up`,
    );
  }

  const report = (image: string, action: ImageProgress["action"], message: string) =>
    options.onProgress?.({ image, action, message });

  async function hasImage(reference: string): Promise<boolean> {
    try {
      await docker.getImage(reference).inspect();
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw new ContainerEngineError(
        `cannot inspect image ${reference}: ${engineErrorMessage(error)}`,
        error,
      );
    }
  }

  async function pull(reference: string, original: string, signal?: AbortSignal): Promise<void> {
    report(reference, "pull", "pulling");
    let stream: Readable;
    let streamError: string | undefined;
    try {
      stream = (await docker.pull(reference, { abortSignal: signal })) as Readable;
      await new Promise<void>((resolve, reject) => {
        docker.modem.followProgress(
          stream,
          (error: Error | null) => (error ? reject(error) : resolve()),
          (event: { status?: string; progress?: string; id?: string; error?: string }) => {
            // The engine reports a failed pull inside the stream (HTTP 200): the pull fails with its words.
            if (event.error !== undefined) {
              streamError ??= event.error;
              return;
            }
            const text = [event.id, event.status, event.progress]
              .filter((part) => part !== undefined)
              .join(" ");
            if (text !== "") report(reference, "pull", text);
          },
        );
      });
      if (streamError !== undefined) throw new Error(streamError);
    } catch (error) {
      const mapped = reference === original ? "" : ` (mapped from ${original})`;
      throw new ConfigError(
        `Cannot pull image ${reference}${mapped}: ${engineErrorMessage(error)}. Where no registry is reachable, ` +
          `build or load it locally and map it: --image-map ${original}=LOCAL_IMAGE.`,
        { cause: error },
      );
    }
    if (!(await hasImage(reference))) {
      throw new ConfigError(
        `Pulling ${reference} ended without the image; map it to a local one with --image-map.`,
      );
    }
    report(reference, "pull", "done");
  }

  /** `key`'s work once per engine: concurrent callers share it; a failure is not cached. */
  function once(key: string, work: () => Promise<string>): Promise<string> {
    const existing = ready.get(key);
    if (existing !== undefined) return existing;
    const promise = work().catch((error: unknown) => {
      ready.delete(key);
      throw error;
    });
    ready.set(key, promise);
    return promise;
  }

  const engine: ContainerEngine = {
    host,
    mapImage: (reference) => imageMap.map(reference),

    ensureImage(reference, signal) {
      const mapped = imageMap.map(reference);
      return once(`image:${mapped}`, async () => {
        if (!(await hasImage(mapped))) await pull(mapped, reference, signal);
        return mapped;
      });
    },

    buildImage(build, signal) {
      const dockerfileName = build.dockerfile ?? "Dockerfile";
      const dockerfilePath = join(build.contextDirectory, dockerfileName);
      let dockerfile: string;
      try {
        dockerfile = readFileSync(dockerfilePath, "utf8");
      } catch (error) {
        return Promise.reject(
          new ConfigError(`Cannot read the Dockerfile ${dockerfilePath} (${(error as Error).message}).`, {
            cause: error,
          }),
        );
      }
      const { text, baseImages } = mapDockerfile(dockerfile, imageMap);
      const entries = directoryEntries(build.contextDirectory, "").filter(
        (entry) => entry.name !== relative(build.contextDirectory, dockerfilePath),
      );
      const digest = contextDigest(entries, text);
      const tag = `${build.repository.toLowerCase()}:${digest.slice(0, 16)}`;
      return once(`build:${tag}`, async () => {
        if (await hasImage(tag)) return tag;
        for (const base of baseImages) await engine.ensureImage(base, signal);
        const context = await packTar([
          ...entries,
          { type: "file", name: ".llm-bench.Dockerfile", content: Buffer.from(text), mode: 0o644 },
        ]);
        await buildFromContext(docker, context, {
          tag,
          runId,
          network: options.buildNetwork,
          signal,
          report,
        });
        return tag;
      });
    },

    async withContainer(spec, use, signal) {
      if (isClosed) throw new ContainerEngineError("the container engine is closed", undefined);
      return await slots.run(async () => {
        if (signal?.aborted === true) throw new ContainerEngineError("the run was interrupted", undefined);
        const image = await engine.ensureImage(spec.image, signal);
        const container = await createContainer(docker, spec, image, {
          memoryBytes: spec.memoryBytes ?? memoryBytes,
          cpus: spec.cpus ?? cpus,
          labels: {
            [MANAGED_LABEL]: "true",
            [RUN_LABEL]: runId,
            [OWNER_LABEL]: owner,
            ...(spec.purpose === undefined ? {} : { [PURPOSE_LABEL]: spec.purpose }),
          },
        });
        live.set(container.id, container);
        try {
          await container.start();
          return await use(sampleContainer(container, image));
        } finally {
          live.delete(container.id);
          await removeContainer(container);
        }
      });
    },

    async close() {
      isClosed = true;
      await Promise.all([...live.values()].map((container) => removeContainer(container)));
      live.clear();
    },
  };
  return engine;
}

/** The build context's digest: every entry's name, mode and bytes, and the mapped Dockerfile. */
function contextDigest(entries: ReturnType<typeof directoryEntries>, dockerfile: string): string {
  const hash = createHash("sha256");
  for (const entry of entries) {
    hash.update(`${entry.type}\0${entry.name}\0`);
    if (entry.type === "file") hash.update(`${entry.mode}\0`).update(entry.content);
    else if (entry.type === "symlink") hash.update(entry.target);
    hash.update("\0");
  }
  hash.update(dockerfile);
  return hash.digest("hex");
}

async function buildFromContext(
  docker: Docker,
  context: Buffer,
  options: {
    tag: string;
    runId: string;
    network: string | undefined;
    signal: AbortSignal | undefined;
    report: (image: string, action: ImageProgress["action"], message: string) => void;
  },
): Promise<void> {
  const { tag, report } = options;
  report(tag, "build", "building");
  const tail: string[] = [];
  let failure: string | undefined;
  try {
    const stream = (await docker.buildImage(context as unknown as NodeJS.ReadableStream, {
      t: tag,
      dockerfile: ".llm-bench.Dockerfile",
      labels: { [MANAGED_LABEL]: "true" },
      rm: true,
      forcerm: true,
      ...(options.network === undefined ? {} : { networkmode: options.network }),
      ...(options.signal === undefined ? {} : { abortSignal: options.signal }),
    })) as unknown as Readable;
    await new Promise<void>((resolve, reject) => {
      docker.modem.followProgress(
        stream,
        (error: Error | null) => (error ? reject(error) : resolve()),
        (event: { stream?: string; error?: string; errorDetail?: { message?: string } }) => {
          if (event.error !== undefined) failure = event.errorDetail?.message ?? event.error;
          for (const line of (event.stream ?? "").split("\n")) {
            if (line.trim() === "") continue;
            tail.push(line);
            if (tail.length > 20) tail.shift();
            report(tag, "build", line);
          }
        },
      );
    });
  } catch (error) {
    failure ??= engineErrorMessage(error);
  }
  if (failure !== undefined) {
    throw new ContainerEngineError(
      `building ${tag} failed: ${failure}${tail.length === 0 ? "" : `\n${tail.join("\n")}`}`,
      undefined,
    );
  }
  report(tag, "build", "done");
}

// The container's init: sleeps until stopped; commands run beside it through exec.
const KEEP_ALIVE = "trap 'exit 0' TERM INT; while :; do sleep 3600 & wait $!; done";

async function createContainer(
  docker: Docker,
  spec: ContainerSpec,
  image: string,
  limits: { memoryBytes: number; cpus: number; labels: Record<string, string> },
): Promise<Docker.Container> {
  try {
    return await docker.createContainer({
      Image: image,
      Entrypoint: ["/bin/sh", "-c", KEEP_ALIVE],
      Cmd: [],
      Labels: limits.labels,
      Tty: false,
      OpenStdin: false,
      ...(spec.workdir === undefined ? {} : { WorkingDir: spec.workdir }),
      ...(spec.env === undefined
        ? {}
        : { Env: Object.entries(spec.env).map(([key, value]) => `${key}=${value}`) }),
      HostConfig: {
        NetworkMode: spec.network === true ? "default" : "none",
        Memory: limits.memoryBytes,
        MemorySwap: limits.memoryBytes,
        NanoCpus: Math.round(limits.cpus * 1e9),
        PidsLimit: 4096,
        AutoRemove: false,
      },
    });
  } catch (error) {
    throw new ContainerEngineError(
      `cannot create a container from ${image}: ${engineErrorMessage(error)}`,
      error,
    );
  }
}

async function removeContainer(container: Docker.Container): Promise<void> {
  try {
    await container.remove({ force: true, v: true });
  } catch (error) {
    if (!isNotFound(error)) {
      // Left for the next run's prune (it carries our labels); nothing else to do here.
    }
  }
}

function sampleContainer(container: Docker.Container, image: string): SampleContainer {
  const target: ExecTarget = { container, oomKills: 0 };
  const put = async (archive: Buffer) => {
    try {
      await container.putArchive(archive, { path: "/" });
    } catch (error) {
      throw new ContainerEngineError(
        `cannot copy files into the container: ${engineErrorMessage(error)}`,
        error,
      );
    }
  };
  return {
    id: container.id,
    image,
    exec(command, options: ExecOptions & { shell?: "sh" | "bash" } = {}) {
      const argv =
        typeof command === "string"
          ? [options.shell === "bash" ? "bash" : "/bin/sh", "-c", command]
          : [...command];
      return execInContainer(target, argv, { timeoutMs: DEFAULT_EXEC_TIMEOUT_MS, ...options }).catch(
        (error: unknown) => {
          if (error instanceof BenchError) throw error;
          throw new ContainerEngineError(
            `cannot run a command in the container: ${engineErrorMessage(error)}`,
            error,
          );
        },
      );
    },
    async putFiles(directory, files) {
      await put(await packFiles(directory, files));
    },
    async putDirectory(hostDirectory, directory) {
      await put(await packDirectory(hostDirectory, directory));
    },
    async readFile(path) {
      let archive: Readable;
      try {
        archive = (await container.getArchive({ path })) as Readable;
      } catch (error) {
        if (isNotFound(error)) throw new ContainerEngineError(`no file ${path} in the container`, error);
        throw new ContainerEngineError(
          `cannot read ${path} from the container: ${engineErrorMessage(error)}`,
          error,
        );
      }
      const content = await readFirstFile(archive);
      if (content === undefined)
        throw new ContainerEngineError(`${path} in the container is not a file`, undefined);
      return content;
    },
  };
}
