// The labels on every container and image llm-bench makes: the mark `containers prune` looks for, the run, and the
// owning process (host and pid), so a run can tell leftovers of a run that died (kill -9, a crash) from containers
// of a run still going beside it.

import { hostname } from "node:os";
import { isProcessAlive } from "../core/is-process-alive.js";

export const MANAGED_LABEL = "io.llm-bench.managed";
export const RUN_LABEL = "io.llm-bench.run";
export const OWNER_LABEL = "io.llm-bench.owner";
export const PURPOSE_LABEL = "io.llm-bench.purpose";

/** `host/pid` of this process. */
export function ownerOf(pid: number = process.pid): string {
  return `${hostname()}/${pid}`;
}

/** True when `owner` is a process of this host that is gone (so its containers are leftovers). */
export function isOwnerGone(
  owner: string | undefined,
  isAlive: (pid: number) => boolean = isProcessAlive,
): boolean {
  if (owner === undefined) return false;
  const slash = owner.lastIndexOf("/");
  if (slash < 0 || owner.slice(0, slash) !== hostname()) return false;
  const pid = Number(owner.slice(slash + 1));
  if (!Number.isInteger(pid) || pid <= 0) return false;
  return !isAlive(pid);
}
