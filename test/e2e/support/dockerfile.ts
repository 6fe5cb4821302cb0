// Reads the project's Dockerfile into its stages and instructions (comments dropped, `\` continuations joined), so
// tests can check the image recipe here, where no image can be built, and run its ENTRYPOINT as a process.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./cli.js";

export interface DockerInstruction {
  keyword: string;
  /** The text after the keyword, continuations joined. */
  text: string;
}

export interface DockerStage {
  base: string;
  name: string | undefined;
  instructions: DockerInstruction[];
}

export function readDockerfile(path = join(repoRoot, "Dockerfile")): DockerStage[] {
  const logical: string[] = [];
  let pending = "";
  for (const raw of readFileSync(path, "utf8").split("\n")) {
    const line = raw.trim();
    if (pending === "" && (line === "" || line.startsWith("#"))) continue;
    if (line.startsWith("#")) continue; // a comment inside a continued instruction
    if (line.endsWith("\\")) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    logical.push(`${pending}${line}`.trim());
    pending = "";
  }
  const stages: DockerStage[] = [];
  for (const line of logical) {
    const [keyword = "", ...rest] = line.split(/\s+/);
    const text = rest.join(" ");
    if (keyword.toUpperCase() === "FROM") {
      const match = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(text);
      stages.push({ base: match?.[1] ?? text, name: match?.[2], instructions: [] });
      continue;
    }
    stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), text });
  }
  return stages;
}

/** The instructions of `stage` with `keyword`. */
export const instructionsOf = (stage: DockerStage | undefined, keyword: string): DockerInstruction[] =>
  stage?.instructions.filter((instruction) => instruction.keyword === keyword) ?? [];

/** The exec form (JSON array) of the last `keyword` (ENTRYPOINT, CMD) of `stage`. */
export function execFormOf(stage: DockerStage | undefined, keyword: string): string[] {
  const instruction = instructionsOf(stage, keyword).at(-1);
  if (instruction === undefined) throw new Error(`no ${keyword} in the stage`);
  return JSON.parse(instruction.text) as string[];
}
