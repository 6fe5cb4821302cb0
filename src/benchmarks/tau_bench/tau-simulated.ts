// The llm-benchmarker spec's tau_bench (README "tau_bench", its simulated tool execution): the task's instruction
// as the user message under the domain's policy, every function call answered
// `{"status": "success", "result": "Executed <name>"}`, the loop ended by an answer without calls or after 20
// requests; right when the called names equal the task's action names, in order.
import type { ChatMessage } from "../../core/prompt.js";
import { dumpPythonJson } from "../../graders/python-json.js";
import type { SampleSession, ScorerOutput } from "../types.js";
import type { TauSample } from "./tau-sample.js";

/** The spec's `MAX_TURNS`. */
export const TAU_SIMULATED_MAX_TURNS = 20;

/** The spec's simulated result of a call (Python's `json.dumps` of its dict). */
export function simulatedToolResult(name: string): string {
  return dumpPythonJson(
    new Map([
      ["status", "success"],
      ["result", `Executed ${name}`],
    ]),
    null,
  );
}

export async function runSimulatedTau(sample: TauSample, session: SampleSession): Promise<ScorerOutput> {
  const { environment, tauTask } = sample;
  const messages: ChatMessage[] = [
    { role: "system", content: environment.wiki },
    { role: "user", content: tauTask.instruction },
  ];
  const called: string[] = [];
  let turns = 0;
  while (turns < TAU_SIMULATED_MAX_TURNS) {
    turns++;
    const answer = await session.send(messages, { tools: environment.toolDefinitions });
    const calls = answer.toolCalls ?? [];
    if (calls.length === 0) break;
    messages.push({ role: "assistant", content: answer.response, toolCalls: [...calls] });
    for (const call of calls) {
      called.push(call.name);
      messages.push({ role: "tool", content: simulatedToolResult(call.name), toolCallId: call.id });
    }
  }
  const expected = tauTask.actions.map((action) => action.name);
  const isCorrect =
    called.length === expected.length && called.every((name, index) => name === expected[index]);
  const firstDifference = called.findIndex((name, index) => name !== expected[index]);
  return {
    correct: isCorrect,
    extracted: called.join(", "),
    reason: isCorrect
      ? `called the ${expected.length} expected tools in order`
      : firstDifference !== -1
        ? `call ${firstDifference + 1} was ${called[firstDifference]}, expected ${expected[firstDifference] ?? "no more calls"}`
        : `made ${called.length} calls, expected ${expected.length} (${expected.join(", ") || "none"})`,
    details: { called, expected, turns, conversation: messages },
  };
}
