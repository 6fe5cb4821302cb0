// τ-bench's reward (`Env.calculate_reward`, tau_bench/envs/base.py @59a200c6): 1 when the data the agent left equals
// the data the task's ground-truth actions produce from the same start (τ-bench compares their hashes: dict order
// aside, every value and type alike), and every required output appears in one of the agent's messages to the user
// (case-insensitive, commas removed from the message); else 0.
import { isSameData } from "./python-data.js";
import type { TauTask } from "./tau-task.js";
import { callTauTool, type TauData, type TauTool } from "./tau-tool.js";

export interface TauRewardInput {
  readonly task: TauTask;
  /** The domain's tools by name. */
  readonly tools: ReadonlyMap<string, TauTool>;
  /** The tools whose call ends a conversation (not replayed: τ-bench skips them). */
  readonly terminateTools: readonly string[];
  /** The data the conversation started from. */
  readonly initialData: TauData;
  /** The data the agent's calls left. */
  readonly finalData: TauData;
  /** The text of every message the agent sent the user, in order. */
  readonly agentMessages: readonly string[];
}

export interface TauReward {
  readonly reward: 0 | 1;
  /** The data check (`r_actions`). */
  readonly isDataCorrect: boolean;
  /** Each required output and whether an agent message had it (`outputs`); empty when the task has none. */
  readonly outputs: ReadonlyMap<string, boolean>;
}

/** The data the task's ground-truth actions leave, from `initialData` (terminating tools skipped). */
export function groundTruthData(
  task: TauTask,
  tools: ReadonlyMap<string, TauTool>,
  terminateTools: readonly string[],
  initialData: TauData,
): TauData {
  let data = initialData;
  for (const action of task.actions) {
    if (terminateTools.includes(action.name)) continue;
    // An unknown name changes nothing (τ-bench's step answers "Unknown action").
    const tool = tools.get(action.name);
    if (tool !== undefined) data = callTauTool(tool, data, action.kwargs).data;
  }
  return data;
}

export function tauReward(input: TauRewardInput): TauReward {
  const expected = groundTruthData(input.task, input.tools, input.terminateTools, input.initialData);
  const isDataCorrect = isSameData(input.finalData, expected);
  const said = input.agentMessages.map((message) => message.toLowerCase().replaceAll(",", ""));
  const outputs = new Map(
    input.task.outputs.map((output) => [
      output,
      said.some((message) => message.includes(output.toLowerCase())),
    ]),
  );
  const isOutputsCorrect = [...outputs.values()].every(Boolean);
  return { reward: isDataCorrect && isOutputsCorrect ? 1 : 0, isDataCorrect, outputs };
}
