// IFEval's four metrics (prompt- and instruction-level, strict and loose) and the official per-instruction report.
import type { IfevalResult, IfevalVerdicts } from "./evaluate-ifeval.js";

export interface IfevalCount {
  followed: number;
  total: number;
  /** followed / total, 0 when total is 0. */
  accuracy: number;
}

export interface IfevalLevelMetrics {
  /** Samples whose every instruction is followed. */
  promptLevel: IfevalCount;
  /** Instructions followed, over all samples. */
  instructionLevel: IfevalCount;
  /** Per instruction id (the official report's second table). */
  byInstruction: Record<string, IfevalCount>;
  /** Per id prefix before `:` (the official report's first table). */
  byCategory: Record<string, IfevalCount>;
}

export interface IfevalMetrics {
  strict: IfevalLevelMetrics;
  loose: IfevalLevelMetrics;
}

function toCount(followed: number, total: number): IfevalCount {
  return { followed, total, accuracy: total === 0 ? 0 : followed / total };
}

function tally(table: Map<string, [number, number]>, key: string, isFollowed: boolean): void {
  const [followed, total] = table.get(key) ?? [0, 0];
  table.set(key, [followed + (isFollowed ? 1 : 0), total + 1]);
}

function sortedCounts(table: Map<string, [number, number]>): Record<string, IfevalCount> {
  const keys = [...table.keys()].sort();
  return Object.fromEntries(
    keys.map((key) => {
      const [followed, total] = table.get(key) ?? [0, 0];
      return [key, toCount(followed, total)];
    }),
  );
}

function aggregateLevel(samples: readonly IfevalVerdicts[]): IfevalLevelMetrics {
  let promptsFollowed = 0;
  let instructionsFollowed = 0;
  let instructionsTotal = 0;
  const byInstruction = new Map<string, [number, number]>();
  const byCategory = new Map<string, [number, number]>();
  for (const sample of samples) {
    if (sample.isFollowed) promptsFollowed++;
    for (const { instructionId, isFollowed } of sample.perInstruction) {
      instructionsTotal++;
      if (isFollowed) instructionsFollowed++;
      tally(byInstruction, instructionId, isFollowed);
      tally(byCategory, instructionId.split(":")[0] ?? instructionId, isFollowed);
    }
  }
  return {
    promptLevel: toCount(promptsFollowed, samples.length),
    instructionLevel: toCount(instructionsFollowed, instructionsTotal),
    byInstruction: sortedCounts(byInstruction),
    byCategory: sortedCounts(byCategory),
  };
}

/** The four IFEval metrics over evaluated samples, as the official `print_report` computes them. */
export function aggregateIfeval(results: readonly IfevalResult[]): IfevalMetrics {
  return {
    strict: aggregateLevel(results.map((result) => result.strict)),
    loose: aggregateLevel(results.map((result) => result.loose)),
  };
}
