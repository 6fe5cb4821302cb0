// The image recipe, checked statically (no image can be built here: no registry to pull node:20-slim from): two
// node:20-slim stages, the files it copies exist and are not ignored, its ENTRYPOINT is the build's CLI and the
// launcher's IMAGE_ENTRYPOINT, a non-root user, the /results volume, OCI labels, and a .dockerignore that keeps
// installed trees and results out of the build context.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { IMAGE_ENTRYPOINT } from "../../src/launch/k8s/in-pod-merge-command.js";
import { repoRoot } from "./support/cli.js";
import { execFormOf, instructionsOf, readDockerfile } from "./support/dockerfile.js";

const stages = readDockerfile();
const build = stages.find((stage) => stage.name === "build");
const runtime = stages.at(-1);
const ignored = readFileSync(join(repoRoot, ".dockerignore"), "utf8")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line !== "" && !line.startsWith("#"));

/** COPY's sources and destination, flags (--from=…) apart. */
function copyOf(text: string): { from: string | undefined; sources: string[]; destination: string } {
  const words = text.split(/\s+/);
  const from = words.find((word) => word.startsWith("--from="))?.slice("--from=".length);
  const paths = words.filter((word) => !word.startsWith("--"));
  return { from, sources: paths.slice(0, -1), destination: paths.at(-1) ?? "" };
}

describe("Dockerfile", () => {
  it("builds in a node:20-slim stage and runs from another, the last one", () => {
    expect(stages.map((stage) => [stage.base, stage.name])).toEqual([
      ["node:20-slim", "build"],
      ["node:20-slim", "runtime"],
    ]);
  });

  it("copies into the build only files that exist and that .dockerignore lets through", () => {
    const sources = instructionsOf(build, "COPY").flatMap((instruction) => copyOf(instruction.text).sources);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(existsSync(join(repoRoot, source)), `${source} exists`).toBe(true);
      const top = source.replace(/\/$/, "").split("/")[0] ?? "";
      expect(ignored, `${source} is not ignored`).not.toContain(top);
    }
    // package.json's overrides link node-llama-cpp's GPU binaries to stubs/: it must be there before the install.
    const overrides = Object.values(
      (
        JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as {
          overrides: Record<string, string>;
        }
      ).overrides,
    );
    const stubDirs = new Set(overrides.map((target) => target.replace(/^file:\.\//, "").split("/")[0]));
    const buildText =
      build?.instructions.map((instruction) => `${instruction.keyword} ${instruction.text}`) ?? [];
    const install = buildText.findIndex((line) => /^RUN npm install/.test(line));
    for (const dir of stubDirs) {
      const copied = buildText.findIndex((line) => line.startsWith(`COPY ${dir}/`));
      expect(copied, `${dir}/ copied before npm install`).toBeGreaterThanOrEqual(0);
      expect(copied).toBeLessThan(install);
    }
  });

  it("runs the build's CLI as its ENTRYPOINT, the launcher's IMAGE_ENTRYPOINT", () => {
    const entrypoint = execFormOf(runtime, "ENTRYPOINT");
    expect(entrypoint).toEqual([...IMAGE_ENTRYPOINT]);
    // /app/dist/cli/main.js comes from the build stage's /app/dist, which `npm run build` (tsc, outDir dist) makes.
    const appDir = instructionsOf(runtime, "WORKDIR")[0]?.text;
    expect(appDir).toBe("/app");
    const script = entrypoint[1] ?? "";
    expect(script.startsWith(`${appDir}/dist/`)).toBe(true);
    const copies = instructionsOf(runtime, "COPY").map((instruction) => copyOf(instruction.text));
    expect(copies).toContainEqual({ from: "build", sources: ["/app/dist/"], destination: "./dist/" });
    expect(
      instructionsOf(build, "RUN").some((instruction) => instruction.text.includes("npm run build")),
    ).toBe(true);
    const packageJson = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as {
      scripts: { build: string };
      bin: Record<string, string>;
    };
    expect(packageJson.scripts.build).toBe("tsc -p tsconfig.build.json");
    const relative = script.slice(`${appDir}/`.length);
    expect(Object.values(packageJson.bin)).toContain(relative);
    expect(existsSync(join(repoRoot, relative)), `${relative} in this checkout's build`).toBe(true);
    // Every runtime COPY takes from the build stage what it has: the files it copied, node_modules, dist.
    for (const copy of copies) {
      expect(copy.from).toBe("build");
      for (const source of copy.sources) {
        const top = source.replace(/^\/app\//, "").replace(/\/$/, "");
        expect(["package.json", "stubs", "node_modules", "dist"]).toContain(top);
      }
    }
  });

  it("runs as the unprivileged node user with /results as a volume, and carries OCI labels", () => {
    const users = instructionsOf(runtime, "USER").map((instruction) => instruction.text);
    expect(users.at(-1)).toBe("node");
    expect(instructionsOf(runtime, "VOLUME").map((instruction) => JSON.parse(instruction.text))).toEqual([
      ["/results"],
    ]);
    const labels = instructionsOf(runtime, "LABEL")
      .map((instruction) => instruction.text)
      .join(" ");
    for (const key of ["title", "description", "licenses"]) {
      expect(labels).toMatch(new RegExp(`org\\.opencontainers\\.image\\.${key}=`));
    }
  });

  it("keeps installed trees, builds, results and test output out of the build context", () => {
    for (const entry of ["node_modules", "dist", "results", "test-artifacts"])
      expect(ignored).toContain(entry);
  });
});
