// What a Job's status says: its pod counts and indexes (progress), and whether it ended (its Complete or Failed
// condition), read from the object the API server returns.
import type { V1Job } from "@kubernetes/client-node";

export interface JobProgress {
  active: number;
  ready: number;
  succeeded: number;
  failed: number;
  /** The indexes of an Indexed Job that succeeded, as Kubernetes writes them ("0-2,5"); "" for none. */
  completedIndexes: string;
  /** The indexes that failed for good (only with backoffLimitPerIndex); "" for none. */
  failedIndexes: string;
}

export type JobEnd = { status: "succeeded" } | { status: "failed"; reason: string; message: string };

export function jobProgressOf(job: V1Job): JobProgress {
  const status = job.status;
  return {
    active: status?.active ?? 0,
    ready: status?.ready ?? 0,
    succeeded: status?.succeeded ?? 0,
    failed: status?.failed ?? 0,
    completedIndexes: status?.completedIndexes ?? "",
    failedIndexes: status?.failedIndexes ?? "",
  };
}

/** The Job's end once the controller wrote its Complete or Failed condition (not the interim *Target ones). */
export function jobEndOf(job: V1Job): JobEnd | undefined {
  for (const condition of job.status?.conditions ?? []) {
    if (condition.status !== "True") continue;
    if (condition.type === "Complete") return { status: "succeeded" };
    if (condition.type === "Failed") {
      return { status: "failed", reason: condition.reason ?? "Failed", message: condition.message ?? "" };
    }
  }
  return undefined;
}

/** "0-2,5" → [0, 1, 2, 5]. */
export function parseIndexes(text: string): number[] {
  const indexes: number[] = [];
  for (const part of text.split(",")) {
    if (part.trim() === "") continue;
    const [first, last] = part.split("-").map((bound) => Number(bound.trim()));
    if (first === undefined || !Number.isInteger(first)) continue;
    const end = last ?? first;
    if (!Number.isInteger(end)) continue;
    for (let index = first; index <= end; index++) indexes.push(index);
  }
  return indexes;
}

export const sameProgress = (a: JobProgress, b: JobProgress): boolean =>
  a.active === b.active &&
  a.ready === b.ready &&
  a.succeeded === b.succeeded &&
  a.failed === b.failed &&
  a.completedIndexes === b.completedIndexes &&
  a.failedIndexes === b.failedIndexes;
