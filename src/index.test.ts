// Everything a command does is reachable from the library: each command's entry point is a named export.
import { describe, expect, it } from "vitest";
import * as library from "./index.js";

describe("the public library API", () => {
  it.each([
    ["run", "runBenchmarks"],
    ["profile", "runProfile"],
    ["merge (profile shards)", "mergeProfileShards"],
    ["grade BENCH", "gradeResponses"],
    ["grade BENCH (reading --responses)", "readPregeneratedResponses"],
    ["grade --grader", "gradeWithGrader"],
    ["gate", "gateRun"],
    ["gate --no-reference", "runReferenceYaml"],
    ["compare (reading)", "readComparedResults"],
    ["compare", "compareRuns"],
    ["theta", "thetaTable"],
    ["list", "loadBenchmark"],
    ["check", "createOpenAiHttpBackend"],
    ["mock-server", "startMockServer"],
    ["containers prune", "pruneContainerEngine"],
    ["merge", "mergeRuns"],
    ["run --shard", "parseShard"],
    ["launch slurm", "launchSlurm"],
    ["launch slurm --resubmit", "resubmitSlurm"],
    ["launch k8s", "launchK8s"],
  ])("%s: %s", (_command, name) => {
    expect(typeof (library as Record<string, unknown>)[name]).toBe("function");
  });
});
