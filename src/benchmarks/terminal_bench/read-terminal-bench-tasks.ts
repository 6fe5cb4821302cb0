// Finds and reads Terminal-Bench task folders under a data dir: a task is a folder holding task.yaml, at any depth;
// its id is its path under the dir (`evoeval/24`; the dir's own name when the dir is one task). Every problem is a
// DatasetError naming the file.
import { existsSync, realpathSync, statSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { DatasetError } from "../../errors.js";
import { TERMINAL_BENCH_PARSERS, type TerminalBenchParser } from "./parse-test-output.js";
import { readComposeClient, type TaskImage } from "./read-compose-file.js";
import type { TerminalBenchSample } from "./terminal-bench-sample.js";
import { parseTerminalBenchTask } from "./terminal-bench-task.js";

/** The spec's image for a task that names none. */
export const TERMINAL_BENCH_DEFAULT_IMAGE = "ubuntu:22.04";

/**
 * Task folders under `root`, sorted by id; a task folder's own subfolders are not searched, nor a folder reached
 * again through a link (`seen`: real paths searched so far — a link to an ancestor would loop).
 */
async function findTaskDirectories(root: string, seen: Set<string> = new Set()): Promise<string[]> {
  const real = realpathSync(root);
  if (seen.has(real)) return [];
  seen.add(real);
  if (existsSync(path.join(root, "task.yaml"))) return [root];
  const found: string[] = [];
  const entries = await readdir(root, { withFileTypes: true });
  for (const entry of entries.sort((left, right) => (left.name < right.name ? -1 : 1))) {
    const full = path.join(root, entry.name);
    // A linked folder is searched too (a data dir often links the tasks it holds).
    const isFolder =
      entry.isDirectory() ||
      (entry.isSymbolicLink() && statSync(full, { throwIfNoEntry: false })?.isDirectory() === true);
    if (!isFolder || entry.name.startsWith(".") || entry.name === "node_modules") continue;
    found.push(...(await findTaskDirectories(full, seen)));
  }
  return found;
}

function taskId(root: string, directory: string): string {
  const relative = path.relative(root, directory).split(path.sep).join("/");
  return relative === "" ? path.basename(directory) : relative;
}

async function readOptional(file: string): Promise<string | undefined> {
  return existsSync(file) ? readFile(file, "utf8") : undefined;
}

/** The task's image: the compose file's build or image, else its Dockerfile, else the spec's default. */
function imageOf(directory: string, fromCompose: TaskImage | undefined): TaskImage {
  if (fromCompose?.kind === "build") {
    const dockerfile = path.join(fromCompose.contextDirectory, fromCompose.dockerfile);
    if (!existsSync(dockerfile))
      throw new DatasetError(
        `${path.join(directory, "docker-compose.yaml")} builds from ${dockerfile}, which does not exist.`,
      );
    return fromCompose;
  }
  if (fromCompose !== undefined) return fromCompose;
  if (existsSync(path.join(directory, "Dockerfile")))
    return { kind: "build", contextDirectory: directory, dockerfile: "Dockerfile" };
  return { kind: "pull", reference: TERMINAL_BENCH_DEFAULT_IMAGE };
}

/** What reading a data dir gave: the tasks with a parser this port has, and those left out (with their parser). */
export interface ReadTasks {
  readonly samples: TerminalBenchSample[];
  readonly unsupported: readonly { id: string; parser: string }[];
}

/** The folder tasks are searched in: `<data-dir>/terminal_bench` when there is one (the project's layout), else the dir. */
export function tasksRoot(dataDir: string): string {
  const own = path.join(dataDir, "terminal_bench");
  return existsSync(own) && statSync(own).isDirectory() ? own : dataDir;
}

export async function readTerminalBenchTasks(dataDir: string, maxTurns: number): Promise<ReadTasks> {
  if (!existsSync(dataDir) || !statSync(dataDir).isDirectory())
    throw new DatasetError(`--data-dir ${dataDir} is not a directory.`);
  const root = tasksRoot(dataDir);
  const directories = await findTaskDirectories(root);
  if (directories.length === 0)
    throw new DatasetError(
      `No Terminal-Bench task under ${root}: a task is a folder with a task.yaml (Terminal-Bench's tasks/ or a terminal-bench-datasets datasets/<adapter>/ folder).`,
    );
  const samples: TerminalBenchSample[] = [];
  const unsupported: { id: string; parser: string }[] = [];
  for (const directory of directories) {
    const id = taskId(root, directory);
    const yamlFile = path.join(directory, "task.yaml");
    const config = parseTerminalBenchTask(await readFile(yamlFile, "utf8"), yamlFile);
    if (!existsSync(path.join(directory, "run-tests.sh")))
      throw new DatasetError(
        `${directory} has a task.yaml but no run-tests.sh: it is not a complete Terminal-Bench task.`,
      );
    const parser = config.parser_name;
    if (!(TERMINAL_BENCH_PARSERS as readonly string[]).includes(parser)) {
      unsupported.push({ id, parser });
      continue;
    }
    const composeFile = path.join(directory, "docker-compose.yaml");
    const composeText = await readOptional(composeFile);
    const compose =
      composeText === undefined
        ? { environment: {} }
        : readComposeClient(composeText, composeFile, directory);
    const solution = await readOptional(path.join(directory, "solution.sh"));
    samples.push({
      id,
      task: config.category,
      gold: `every test of run-tests.sh passes (${parser} parser)`,
      facets: { difficulty: config.difficulty },
      taskDirectory: directory,
      config,
      parser: parser as TerminalBenchParser,
      image: imageOf(directory, compose.image),
      ...(compose.workdir === undefined ? {} : { workdir: compose.workdir }),
      environment: compose.environment,
      ...(solution === undefined ? {} : { solution }),
      maxTurns,
      hasTestsDirectory: existsSync(path.join(directory, "tests")),
    });
  }
  return { samples, unsupported };
}
