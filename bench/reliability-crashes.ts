// Issue 22's crash figures for docs/RELIABILITY.md: the kill, merge-kill and disk scenarios of
// test/reliability/support/, run once each with their figures printed (needs the build: npx tsc -p tsconfig.build.json;
// the disk scenarios need root). Run: npx tsx bench/reliability-crashes.ts
import {
  mountUnsupportedReason,
  runFullDiskScenario,
  runReadOnlyScenario,
} from "../test/reliability/support/disk-scenarios.js";
import { runKillScenario, runMergeKillScenario } from "../test/reliability/support/kill-scenario.js";

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const kills = await runKillScenario({ seed: 22, kills: 20 });
const killed = kills.kills.filter((kill) => kill.wasKilled).length;
console.log(
  `kill -9: ${killed}/${kills.kills.length} kills survived (${kills.kills.filter((kill) => kill.moment === "result-write" && kill.wasKilled).length} during the result-file writes), ` +
    `${kills.samples} ${kills.benchmark} samples at concurrency ${kills.concurrency}; ` +
    `${kills.requestsServed - kills.samples} requests re-sent beyond the journalled samples (bound ${killed * kills.concurrency}); ` +
    `${kills.kills.filter((kill) => kill.hasTornLine).length} torn lines dropped; results equal the uninterrupted run's: ` +
    `${JSON.stringify(kills.final) === JSON.stringify(kills.reference)}; ${seconds(kills.durationMs)}`,
);
const merge = await runMergeKillScenario();
console.log(
  `merge killed part way (${merge.attempts} attempt${merge.attempts === 1 ? "" : "s"}), merged again: equals the unsharded run: ` +
    `${JSON.stringify(merge.merged) === JSON.stringify(merge.unsharded)}; ${seconds(merge.durationMs)}`,
);
const reason = mountUnsupportedReason();
if (reason !== undefined) {
  console.log(`disk scenarios skipped: ${reason}`);
} else {
  for (const [name, run] of [
    ["full disk at the journal", () => runFullDiskScenario("journal")],
    ["full disk before the result files", () => runFullDiskScenario("results")],
    ["read-only output directory", () => runReadOnlyScenario()],
  ] as const) {
    const result = await run();
    console.log(
      `${name}: exit ${result.failure.code} with ${result.failure.journalLines} journal lines kept; resumed: exit ${result.resumeCode}, ` +
        `equal to the uninterrupted run: ${JSON.stringify(result.final) === JSON.stringify(result.reference)}; ${seconds(result.durationMs)}`,
    );
  }
}
