// `npm run bench:reliability:faults`: the fault scenarios of test/reliability/faults.reliability.test.ts, run once
// each, their figures printed as JSON lines (faults injected per kind, retries, samples, wall time) for
// docs/RELIABILITY.md. Needs the build (dist/) and the shared data (LLM_BENCH_SHARED_DATA).
import { hasSharedData } from "../test/e2e/support/cli.js";
import {
  EVERY_ERROR_KIND_RATES,
  runFaultProfile,
  runFaultRun,
  type ScenarioFigures,
} from "../test/reliability/support/fault-scenario.js";

if (!hasSharedData) {
  console.error("No shared benchmark data: set LLM_BENCH_SHARED_DATA.");
  process.exit(2);
}

const tenPercent = {
  faultRates: ["all=0.1"],
  faultSeed: 1,
  maxRetries: 6,
  idleTimeoutS: 1,
  faultStallMs: 3000,
  concurrency: 32,
};
const figures: ScenarioFigures[] = [];
for (const benchmark of ["gsm8k", "mmlu"]) {
  figures.push(
    (await runFaultRun(`${benchmark} 10% faults`, { ...tenPercent, benchmarks: [benchmark] })).figures,
  );
}
figures.push(
  (
    await runFaultRun("100% faults", {
      ...tenPercent,
      benchmarks: ["gsm8k"],
      faultRates: [EVERY_ERROR_KIND_RATES],
      maxRetries: 2,
      limit: 20,
      concurrency: 8,
    })
  ).figures,
);
figures.push(
  (
    await runFaultProfile("profile 10% faults", {
      faultRates: ["all=0.1"],
      faultSeed: 2,
      idleTimeoutS: 1,
      faultStallMs: 3000,
      requests: 1_000,
      concurrency: 16,
    })
  ).figures,
);
for (const entry of figures) console.log(JSON.stringify(entry));
