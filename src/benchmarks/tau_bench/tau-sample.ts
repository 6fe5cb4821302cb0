// A tau_bench sample: one task of one domain, with the domain it runs in (its data, tools, policy).
import type { ToolDefinition } from "../../core/generation.js";
import type { TauDomain } from "../../graders/tau-bench/tau-domain.js";
import type { TauTask } from "../../graders/tau-bench/tau-task.js";
import type { TauData, TauTool } from "../../graders/tau-bench/tau-tool.js";
import type { BenchmarkSample } from "../types.js";

/** A domain as a conversation needs it; shared, never changed, by every sample of the domain. */
export interface TauEnvironment {
  readonly domain: TauDomain;
  /** The database every conversation starts from. */
  readonly data: TauData;
  /** The tools the agent's calls run, by name. */
  readonly tools: ReadonlyMap<string, TauTool>;
  /** The tools as the agent is offered them (the domain's OpenAI schemas, in τ-bench's order). */
  readonly toolDefinitions: readonly ToolDefinition[];
  /** The policy: the agent's system prompt. */
  readonly wiki: string;
}

export interface TauSample extends BenchmarkSample {
  /** The domain, also the sample's task (`retail`, `airline`). */
  readonly domain: TauDomain;
  /** The task's index in τ-bench's list (its `task_id`). */
  readonly taskIndex: number;
  readonly tauTask: TauTask;
  readonly environment: TauEnvironment;
}
