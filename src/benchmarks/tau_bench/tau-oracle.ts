// How the mock server plays tau_bench. The tau-bench recipe: as the simulated user it opens with a line naming the
// task and ends the conversation once the agent has spoken; as the agent it replays the task's ground-truth actions,
// one call per request, then says every required output. A sample answered wrong also makes one more change the
// task never asks for (the user's address, or a certificate), so its database differs whatever the task. The spec
// recipe: the ground-truth names called one per request, the last one left out (or an extra `think`) when wrong.
import type { ChatMessage } from "../../core/prompt.js";
import { dumpPythonJson } from "../../graders/python-json.js";
import type { PyDict } from "../../graders/tau-bench/python-data.js";
import { TAU_TERMINATE_TOOLS } from "../../graders/tau-bench/tau-domain.js";
import type { TauAction } from "../../graders/tau-bench/tau-task.js";
import { TAU_STOP, TAU_USER_OPENING, tauUserSystemPrompt } from "../../graders/tau-bench/tau-user.js";
import type { BenchmarkOracle, OracleReply, Recipe } from "../types.js";
import type { TauSample } from "./tau-sample.js";

/** The simulated user's first line: it names the task, so the agent's requests can be told apart. */
export function oracleOpeningLine(sample: TauSample): string {
  return `Hello, I need some help with my account (τ-bench ${sample.id}).`;
}

/** A change no task asks for: always possible, since every task's user exists. */
function damagingAction(sample: TauSample): TauAction {
  const kwargs: PyDict =
    sample.domain === "retail"
      ? new Map([
          ["user_id", sample.tauTask.userId],
          ["address1", "1 Oracle Way"],
          ["address2", "Suite 0"],
          ["city", "Nowhere"],
          ["state", "ZZ"],
          ["country", "USA"],
          ["zip", "00000"],
        ])
      : new Map<string, string | number>([
          ["user_id", sample.tauTask.userId],
          ["amount", 1],
        ]);
  return { name: sample.domain === "retail" ? "modify_user_address" : "send_certificate", kwargs };
}

/** The calls the oracle's agent makes, in order. */
function plannedActions(sample: TauSample, isCorrect: boolean): readonly TauAction[] {
  const { actions } = sample.tauTask;
  if (isCorrect) return actions;
  const isTerminating = (action: TauAction) => TAU_TERMINATE_TOOLS.includes(action.name);
  return [
    ...actions.filter((action) => !isTerminating(action)),
    damagingAction(sample),
    ...actions.filter(isTerminating),
  ];
}

function callOf(action: TauAction): OracleReply {
  return { text: "", toolCalls: [{ name: action.name, arguments: dumpPythonJson(action.kwargs, null) }] };
}

/** The agent's last message: every required output when right, none when wrong. */
function closingText(sample: TauSample, isCorrect: boolean): string {
  const { outputs } = sample.tauTask;
  if (!isCorrect || outputs.length === 0) return "Your request has been handled. Is there anything else?";
  return `Here is what you asked for: ${outputs.join("; ")}.`;
}

function playRealAgent(sample: TauSample, isCorrect: boolean, messages: readonly ChatMessage[]): OracleReply {
  const done = messages.filter((message) => message.role === "tool").length;
  const next = plannedActions(sample, isCorrect)[done];
  return next === undefined ? { text: closingText(sample, isCorrect), toolCalls: [] } : callOf(next);
}

function playSimulatedAgent(
  sample: TauSample,
  isCorrect: boolean,
  messages: readonly ChatMessage[],
): OracleReply {
  const { actions } = sample.tauTask;
  const planned: readonly TauAction[] = isCorrect
    ? actions
    : actions.length > 0
      ? actions.slice(0, -1)
      : [{ name: "think", kwargs: new Map([["thought", "Let me check."]]) }];
  const done = messages.filter(
    (message) => message.role === "assistant" && (message.toolCalls?.length ?? 0) > 0,
  );
  const next = planned[done.length];
  return next === undefined ? { text: closingText(sample, isCorrect), toolCalls: [] } : callOf(next);
}

const isSpec = (recipe: Recipe) => recipe.name === "spec";

export const tauOracle: BenchmarkOracle<TauSample> = {
  promptSuffix: (sample) => sample.tauTask.instruction,
  answer: (sample, isCorrect) => closingText(sample, isCorrect),
  dialogue: {
    keys: (sample, recipe) =>
      isSpec(recipe)
        ? [sample.tauTask.instruction]
        : [tauUserSystemPrompt(sample.tauTask.instruction), oracleOpeningLine(sample)],
    reply(sample, isCorrect, recipe, messages, hasTools) {
      if (isSpec(recipe)) return playSimulatedAgent(sample, isCorrect, messages);
      if (hasTools) return playRealAgent(sample, isCorrect, messages);
      // The simulated user: it opens, then ends the conversation at the agent's first words to it.
      const isOpening = messages.length === 2 && messages[1]?.content === TAU_USER_OPENING;
      return { text: isOpening ? oracleOpeningLine(sample) : TAU_STOP, toolCalls: [] };
    },
  },
};
