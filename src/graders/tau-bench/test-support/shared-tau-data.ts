// The real τ-bench data of `../shared/data/tau_bench/` (sierra-research/tau-bench 59a200c), for tests: undefined
// (with the skip reason printed) where it is absent.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { printSkipReason, sharedDataDir } from "../../../benchmarks/test-support/shared-data-dir.js";
import { TAU_TABLES, type TauDomain, tauDataFromTexts } from "../tau-domain.js";
import type { TauData } from "../tau-tool.js";

const dataDir = sharedDataDir("tau_bench/db/retail/orders.json");
if (dataDir === undefined) printSkipReason("τ-bench real-data tests");

/** The shared data directory's `tau_bench/`, or undefined. */
export const TAU_SHARED_DIR = dataDir === undefined ? undefined : join(dataDir, "tau_bench");

const cache = new Map<TauDomain, TauData>();

/** A domain's data as τ-bench loads it (read once per test file; tools never change it). */
export function sharedTauData(domain: TauDomain): TauData {
  if (TAU_SHARED_DIR === undefined) throw new Error("no shared τ-bench data");
  let data = cache.get(domain);
  if (data === undefined) {
    const texts: Record<string, string> = {};
    for (const table of TAU_TABLES[domain]) {
      texts[table] = readFileSync(join(TAU_SHARED_DIR, "db", domain, `${table}.json`), "utf8");
    }
    data = tauDataFromTexts(domain, texts);
    cache.set(domain, data);
  }
  return data;
}
