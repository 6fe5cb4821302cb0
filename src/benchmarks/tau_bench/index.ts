// τ-bench (sierra-research/tau-bench; retail and airline): an agent serves a simulated user under a domain policy,
// calling the domain's tools on its database; scored by the database it leaves and the outputs it says. Also the
// llm-benchmarker spec's simulated-tools variant (`--tau-mode simulated`).
import { TAU_DOMAIN_TOOLS } from "../../graders/tau-bench/domain-tools.js";
import { TAU_DOMAINS, type TauDomain } from "../../graders/tau-bench/tau-domain.js";
import { checkNShots } from "../check-n-shots.js";
import type {
  Benchmark,
  LoadedBenchmark,
  LoadOptions,
  Recipe,
  RecipeProgram,
  RecipeSource,
} from "../types.js";
import { readTauEnvironment, readTauTasks, type TauDomainFiles } from "./read-tau-domain.js";
import { TAU_BENCH_COMMIT, TAU_BENCH_PINS, type TauBenchPins } from "./tau-bench-source.js";
import { runTauConversation } from "./tau-conversation.js";
import { githubTauFiles } from "./tau-github-files.js";
import { localTauFiles } from "./tau-local-files.js";
import { tauOracle } from "./tau-oracle.js";
import type { TauSample } from "./tau-sample.js";
import { runSimulatedTau } from "./tau-simulated.js";

export { TAU_BENCH_COMMIT };

const SPEC_README = "eec5f6b85bde1290cd6c35036944e9695ff86db9";

const source = (path: string): RecipeSource => ({
  repository: "sierra-research/tau-bench",
  path,
  pin: TAU_BENCH_COMMIT,
});

function program(
  name: string,
  run: (sample: TauSample, session: Parameters<RecipeProgram["run"]>[1]) => ReturnType<RecipeProgram["run"]>,
): RecipeProgram {
  return {
    name: `program ${name}`,
    kind: "program",
    run: (sample, session) => run(sample as TauSample, session),
  };
}

const TAU_BENCH_RECIPE: Recipe = {
  name: "tau-bench",
  description:
    "tau-bench's tool-calling agent: the policy as system prompt, the domain's tools run on its database, an LLM user simulator, up to 30 agent steps, the database + outputs reward (temperature 0, no max_tokens)",
  sources: [
    source("tau_bench/agents/tool_calling_agent.py"),
    source("tau_bench/envs/base.py"),
    source("tau_bench/envs/user.py"),
    source("tau_bench/run.py"),
    source("tau_bench/envs/retail/tools/__init__.py"),
    source("tau_bench/envs/airline/tools/__init__.py"),
  ],
  grader: program("tau_bench", runTauConversation),
  defaultNShots: 0,
  defaultParams: { temperature: 0 },
  isMaxTokensOmitted: true,
  usesUserModel: true,
};

const SPEC_RECIPE: Recipe = {
  name: "spec",
  description:
    "llm-benchmarker spec: the instruction as the user message, every call answered `Executed <name>`, up to 20 turns, right when the called names equal the expected actions in order (max_tokens 1024)",
  sources: [
    { repository: "llm-benchmarker", path: "README.md", pin: SPEC_README },
    source("tau_bench/envs/retail/tasks_test.py"),
  ],
  grader: program("tau_bench_simulated", runSimulatedTau),
  defaultNShots: 0,
  defaultParams: { temperature: 0, maxTokens: 1024 },
};

/** The ground truth in short: the actions' names and the outputs to say. */
function goldOf(sample: Pick<TauSample, "tauTask">): string {
  const names = sample.tauTask.actions.map((action) => action.name).join(", ");
  const outputs = sample.tauTask.outputs.map((output) => JSON.stringify(output)).join(", ");
  return `actions: ${names || "none"}${outputs === "" ? "" : `; outputs: ${outputs}`}`;
}

/** `--data-dir`'s JSON layout, else τ-bench's repository at the pinned commit (`pins`: its files' SHA-256s). */
function tauFilesOf(options: LoadOptions, pins: TauBenchPins): TauDomainFiles {
  const { context } = options;
  if (context.dataDir !== undefined) return localTauFiles(context);
  return githubTauFiles(
    {
      env: context.downloads?.env ?? process.env,
      ...(context.downloads === undefined ? {} : { cacheDir: context.downloads.cacheDir }),
      signal: context.signal,
      onProgress: context.onProgress,
    },
    pins,
  );
}

/**
 * The samples of τ-bench's test tasks. `pins` are the pinned commit's files' SHA-256s and sizes; tests pass their
 * own to serve synthetic files in the repository's layout.
 */
export async function loadTauBench(
  options: LoadOptions,
  pins: TauBenchPins = TAU_BENCH_PINS,
): Promise<LoadedBenchmark<TauSample>> {
  checkNShots("tau_bench", options.nShots, 0);
  const files = tauFilesOf(options, pins);
  const domains: readonly TauDomain[] =
    options.tasks !== undefined && options.tasks.length > 0
      ? TAU_DOMAINS.filter((domain) => options.tasks?.includes(domain))
      : TAU_DOMAINS;
  const samples: TauSample[] = [];
  for (const domain of domains) {
    const environment = await readTauEnvironment(files, domain, TAU_DOMAIN_TOOLS[domain]);
    for (const [taskIndex, tauTask] of (await readTauTasks(files, domain)).entries()) {
      const sample = { id: `${domain}/${taskIndex}`, task: domain, domain, taskIndex, tauTask, environment };
      samples.push({ ...sample, gold: goldOf(sample) });
    }
  }
  return {
    samples,
    // What the spec's simulated run sends first (the real run's first user line comes from the user model);
    // --system-prompt is joined before the policy, as a program's requests carry it.
    buildPrompt(sample, promptOptions) {
      const system =
        promptOptions.systemPrompt === undefined || promptOptions.systemPrompt === ""
          ? sample.environment.wiki
          : `${promptOptions.systemPrompt}\n\n${sample.environment.wiki}`;
      return {
        type: "chat",
        messages: [
          { role: "system", content: system },
          { role: "user", content: sample.tauTask.instruction },
        ],
      };
    },
    tools: (sample) => sample.environment.toolDefinitions,
  };
}

export const tauBench: Benchmark<TauSample> = {
  name: "tau_bench",
  description:
    "τ-bench (retail, airline): an agent serves an LLM-simulated user under a policy with the domain's real tools; reward = the database and outputs the task's ground truth gives; pass^k over --num-trials.",
  dataset: `sierra-research/tau-bench (retail 115, airline 50 test tasks; @${TAU_BENCH_COMMIT.slice(0, 7)} from GitHub, or --data-dir)`,
  recipes: [TAU_BENCH_RECIPE, SPEC_RECIPE],
  maxNShots: 0,
  tasks: TAU_DOMAINS,
  hasOwnMessages: true,
  endpointTypes: ["chat"],
  load: (options) => loadTauBench(options),
  oracle: tauOracle,
};
