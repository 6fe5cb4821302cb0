// One τ-bench conversation as τ-bench's tool-calling agent runs it (tau_bench/agents/tool_calling_agent.py and
// envs/base.py @59a200c6): the simulated user opens; each step the agent either calls a tool (only its first call
// is run, as τ-bench does; the result goes back as a tool message) or speaks to the user (the user model answers);
// the conversation ends when the user says ###STOP###, a terminating tool is called, or after 30 agent steps, and
// the reward is computed only for a conversation that ended.

import type { ChatMessage, ToolCall } from "../../core/prompt.js";
import { isPyDict, loadPyJson, type PyDict } from "../../graders/tau-bench/python-data.js";
import { TAU_TERMINATE_TOOLS } from "../../graders/tau-bench/tau-domain.js";
import { tauReward } from "../../graders/tau-bench/tau-reward.js";
import { callTauTool, TauTaskCrash } from "../../graders/tau-bench/tau-tool.js";
import { TAU_STOP, TAU_USER_OPENING, tauUserSystemPrompt } from "../../graders/tau-bench/tau-user.js";
import type { SampleSession, ScorerOutput } from "../types.js";
import type { TauSample } from "./tau-sample.js";

/** τ-bench's `max_num_steps`: agent requests per conversation. */
export const TAU_MAX_STEPS = 30;

type Ending = "user_stop" | "terminate_tool" | "max_steps" | "invalid_call" | "crashed";

/** A call the agent made, what it was told, for the sample's details. */
interface CallRecord {
  step: number;
  name: string;
  arguments: string;
  output: string;
}

/** The agent's call's arguments as τ-bench reads them (`json.loads`, a dict), or why τ-bench's run would fail. */
function callArguments(call: ToolCall): PyDict | string {
  try {
    const value = loadPyJson(call.arguments);
    return isPyDict(value) ? value : `the arguments of ${call.name} are not a JSON object: ${call.arguments}`;
  } catch (error) {
    return `the arguments of ${call.name} are not JSON (${(error as Error).message}): ${call.arguments}`;
  }
}

export async function runTauConversation(sample: TauSample, session: SampleSession): Promise<ScorerOutput> {
  const { environment, tauTask } = sample;
  let data = environment.data;
  const userSide: ChatMessage[] = [
    { role: "system", content: tauUserSystemPrompt(tauTask.instruction) },
    { role: "user", content: TAU_USER_OPENING },
  ];
  const askUser = async (): Promise<string> => {
    const { response } = await session.sendToUserModel(userSide);
    userSide.push({ role: "assistant", content: response });
    return response;
  };
  const messages: ChatMessage[] = [
    { role: "system", content: environment.wiki },
    { role: "user", content: await askUser() },
  ];
  const agentSaid: string[] = [];
  const calls: CallRecord[] = [];
  let ending: Ending = "max_steps";
  let failure = "";
  let steps = 0;
  while (steps < TAU_MAX_STEPS) {
    steps++;
    const answer = await session.send(messages, { tools: environment.toolDefinitions });
    const call = answer.toolCalls?.[0];
    if (call === undefined) {
      agentSaid.push(answer.response);
      messages.push({ role: "assistant", content: answer.response });
      userSide.push({ role: "user", content: answer.response });
      const reply = await askUser();
      messages.push({ role: "user", content: reply });
      if (reply.includes(TAU_STOP)) {
        ending = "user_stop";
        break;
      }
      continue;
    }
    const args = callArguments(call);
    if (typeof args === "string") {
      // τ-bench's run stops on the exception and scores the task 0.
      ending = "invalid_call";
      failure = args;
      break;
    }
    const tool = environment.tools.get(call.name);
    let output = `Unknown action ${call.name}`;
    if (tool !== undefined) {
      try {
        const outcome = callTauTool(tool, data, args);
        data = outcome.data;
        output = outcome.output;
      } catch (error) {
        if (!(error instanceof TauTaskCrash)) throw error;
        ending = "crashed";
        failure = error.message;
        break;
      }
    }
    calls.push({ step: steps, name: call.name, arguments: call.arguments, output });
    messages.push(
      { role: "assistant", content: answer.response, toolCalls: [call] },
      { role: "tool", content: output, toolCallId: call.id },
    );
    if (TAU_TERMINATE_TOOLS.includes(call.name)) {
      ending = "terminate_tool";
      break;
    }
  }
  const isEnded = ending === "user_stop" || ending === "terminate_tool";
  const reward = isEnded
    ? tauReward({
        task: tauTask,
        tools: environment.tools,
        terminateTools: TAU_TERMINATE_TOOLS,
        initialData: environment.data,
        finalData: data,
        agentMessages: agentSaid,
      })
    : undefined;
  const isCorrect = reward?.reward === 1;
  return {
    correct: isCorrect,
    reason: reasonOf(ending, reward, failure),
    details: {
      ended_by: ending,
      agent_steps: steps,
      reward: reward?.reward ?? 0,
      ...(reward === undefined
        ? {}
        : {
            database_correct: reward.isDataCorrect,
            outputs: Object.fromEntries(reward.outputs),
          }),
      calls,
      conversation: messages,
      user_conversation: userSide,
    },
  };
}

function reasonOf(ending: Ending, reward: ReturnType<typeof tauReward> | undefined, failure: string): string {
  if (ending === "invalid_call" || ending === "crashed")
    return `reward 0: ${failure} (τ-bench's run fails the task)`;
  if (reward === undefined)
    return `reward 0: the conversation did not end within ${TAU_MAX_STEPS} agent steps`;
  const ended = ending === "user_stop" ? "the user ended the conversation" : "transferred to a human agent";
  if (reward.reward === 1) return `reward 1: ${ended}; the database and the outputs are as the task's`;
  const missing = [...reward.outputs].filter(([, found]) => !found).map(([output]) => JSON.stringify(output));
  const problems = [
    ...(reward.isDataCorrect ? [] : ["the database differs from the ground truth's"]),
    ...(missing.length === 0 ? [] : [`never said ${missing.join(", ")}`]),
  ];
  return `reward 0: ${ended}; ${problems.join("; ")}`;
}
