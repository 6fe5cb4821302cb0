// The image of the spec's workflow: `python:3.11` (the spec's Tier 4 swe_bench image) with pytest, which the spec
// runs the tests with and the official python image lacks. Built once per engine through the engine's build API
// from a two-line Dockerfile (its FROM gets `--image-map`; an image that already has pytest installs nothing, so the
// build needs no network then); the tag is the context's digest, so later runs reuse it.
import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ContainerEngine } from "../../containers/types.js";
import { toError } from "../../errors.js";
import { SweHarnessError } from "./swe-harness-error.js";

/** The spec's image for swe_bench and swe_bench_pro. */
export const SPEC_BASE_IMAGE = "python:3.11";

export function specDockerfile(baseImage: string): string {
  return [
    `FROM ${baseImage}`,
    "RUN python -m pytest --version >/dev/null 2>&1 || python -m pip install --no-cache-dir pytest",
    "",
  ].join("\n");
}

const builds = new WeakMap<ContainerEngine, Map<string, Promise<string>>>();

async function buildSpecImage(
  engine: ContainerEngine,
  baseImage: string,
  cacheDirectory: string,
  signal: AbortSignal | undefined,
): Promise<string> {
  const context = join(cacheDirectory, "spec-image", baseImage.replaceAll(/[^A-Za-z0-9_.-]/g, "_"));
  await mkdir(context, { recursive: true });
  const partial = join(context, `Dockerfile.${process.pid}.partial`);
  await writeFile(partial, specDockerfile(baseImage));
  await rename(partial, join(context, "Dockerfile"));
  try {
    return await engine.buildImage(
      { contextDirectory: context, repository: "llm-bench/swe-bench-spec" },
      signal,
    );
  } catch (error) {
    if (signal?.aborted === true) throw error;
    throw new SweHarnessError(
      `Building the spec image (${baseImage} with pytest) failed: ${toError(error).message}. It needs ` +
        `${engine.mapImage(baseImage)} and, when that image has no pytest, network for pip; map ${baseImage} to an ` +
        "image with python, pytest, git and patch (--image-map) where there is none.",
      { cause: error },
    );
  }
}

/** The tag of `baseImage` + pytest, built on first use (one build per engine and base image). */
export function specImage(
  engine: ContainerEngine,
  options: { readonly baseImage?: string; readonly cacheDirectory: string; readonly signal?: AbortSignal },
): Promise<string> {
  const baseImage = options.baseImage ?? SPEC_BASE_IMAGE;
  let byBase = builds.get(engine);
  if (byBase === undefined) {
    byBase = new Map();
    builds.set(engine, byBase);
  }
  const known = byBase.get(baseImage);
  if (known !== undefined) return known;
  const started = buildSpecImage(engine, baseImage, options.cacheDirectory, options.signal);
  byBase.set(baseImage, started);
  started.catch(() => byBase.delete(baseImage));
  return started;
}
