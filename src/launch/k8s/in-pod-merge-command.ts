// The merge pod's command: a POSIX sh script that finds the run directory each shard wrote under
// `<launchDir>/shard-<i>/` (the one with a run.json; its name has the run's time, unknown in advance) and hands them
// all to `llm-bench merge … --output <launchDir>/merged`, which refuses missing or duplicated shards itself.
import { shellQuote } from "../../core/shell-quote.js";

/** The image's ENTRYPOINT (the Dockerfile's; a test checks they agree). */
export const IMAGE_ENTRYPOINT: readonly string[] = ["node", "/app/dist/cli/main.js"];

export function inPodMergeCommand(options: { launchDir: string; program?: readonly string[] }): {
  command: string[];
  args: string[];
} {
  const program = (options.program ?? IMAGE_ENTRYPOINT).map(shellQuote).join(" ");
  // No "$(" anywhere: Kubernetes would read it as a variable reference in args.
  const script = [
    "set --",
    `for candidate in ${shellQuote(options.launchDir)}/shard-*/*/; do`,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansions, not a template.
    '  if [ -f "${candidate}run.json" ]; then set -- "$@" "${candidate%/}"; fi',
    "done",
    `exec ${program} merge "$@" --output ${shellQuote(`${options.launchDir}/merged`)}`,
  ].join("\n");
  return { command: ["/bin/sh", "-c"], args: [script] };
}
