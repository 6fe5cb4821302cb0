// `llm-bench containers prune`: remove what llm-bench left in the container engine (containers with its label, and
// the images it built).
import { parseOptionValues } from "../config/parse-option-values.js";
import { pruneContainerEngine } from "../containers/prune-containers.js";
import { ConfigError } from "../errors.js";
import type { CliIo } from "./cli-io.js";
import { containersSpec } from "./command-specs.js";
import { formatCommandHelp } from "./format-command-help.js";
import { parseCommandLine } from "./parse-command-line.js";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

export async function containersCommand(io: CliIo): Promise<number> {
  const { values, positionals, isHelp } = parseCommandLine(containersSpec, io.argv);
  if (isHelp) {
    io.stdout.write(formatCommandHelp(containersSpec));
    return 0;
  }
  const [action, ...rest] = positionals;
  if (action !== "prune" || rest.length > 0) {
    throw new ConfigError(
      `containers: ${action === undefined ? "name an action" : `unknown action "${positionals.join(" ")}"`}; usage: ${containersSpec.usage}`,
    );
  }
  const { dockerHost, keepImages } = parseOptionValues(containersSpec.groups, values);
  const outcome = await pruneContainerEngine({ dockerHost, env: io.env, keepImages });
  io.stdout.write(
    `${outcome.host}: removed ${plural(outcome.containers, "container")}` +
      `${keepImages ? "" : ` and ${plural(outcome.images, "built image")}`}.\n`,
  );
  return 0;
}
