// What the mock server answers a BFCL question with. FC and prompting prompts end with the same user message, so
// one reply serves both: the calls as `tool_calls` (sent only to a request that offers tools, i.e. FC) and as
// BFCL's prompting text in the content; each recipe reads only its own part, as BFCL's handlers do.
import { type GoldCall, goldArguments, renderAnswers } from "../../graders/bfcl/gold-answers.js";
import type { BenchmarkOracle, OracleReply } from "../types.js";
import type { BfclBenchmarkSample } from "./bfcl-sample.js";

/** A text that decodes to no call in either mode (FC: text without tool calls; prompting: not Python calls). */
const NO_CALL_TEXTS = [
  "None of the given functions can be used for this request.",
  "I cannot answer this with the functions provided: the question lacks the required parameters.",
];

function lastUserMessage(sample: BfclBenchmarkSample): string {
  const users = sample.messages.filter((message) => message.role === "user");
  return users[users.length - 1]?.content ?? "";
}

/** The calls as a reply: OpenAI tool calls (names with `.` → `_`) and the prompting text. */
function callsReply(sample: BfclBenchmarkSample, calls: GoldCall[]): OracleReply {
  const rendered = renderAnswers(sample, sample.language, calls);
  return {
    text: rendered.promptingText,
    toolCalls: rendered.fcMessage.tool_calls.map((call) => ({
      name: call.function.name,
      arguments: call.function.arguments,
    })),
  };
}

/** Some call of the sample's first function (a relevance answer: only that a call is made counts). */
function anyCall(sample: BfclBenchmarkSample): GoldCall[] {
  return [[sample.functions[0]?.name ?? "get_answer", {}]];
}

function noCall(variant: number): OracleReply {
  return { text: NO_CALL_TEXTS[Math.abs(variant) % NO_CALL_TEXTS.length] ?? "", toolCalls: [] };
}

/**
 * Right: the ground truth (the first acceptable value of each parameter, optional `""` ones left out); for
 * irrelevance no call, for live_relevance a call. Wrong: the first call's function renamed (even variants) or the
 * first call repeated (odd: a wrong count, parallel categories included); irrelevance a call, live_relevance none.
 */
export function bfclReply(sample: BfclBenchmarkSample, isCorrect: boolean, variant: number): OracleReply {
  if (sample.task === "irrelevance" || sample.task === "live_irrelevance")
    return isCorrect ? noCall(variant) : callsReply(sample, anyCall(sample));
  if (sample.task === "live_relevance")
    return isCorrect ? callsReply(sample, anyCall(sample)) : noCall(variant);
  const gold = sample.possibleAnswer.map(goldArguments);
  if (isCorrect) return callsReply(sample, gold);
  const [first, ...rest] = gold;
  if (first === undefined) return noCall(variant);
  const wrong: GoldCall[] =
    variant % 2 === 0 ? [[`${first[0]}_zz_wrong`, first[1]], ...rest] : [first, first, ...rest];
  return callsReply(sample, wrong);
}

export const bfclOracle: BenchmarkOracle<BfclBenchmarkSample> = {
  promptSuffix: (sample) => lastUserMessage(sample),
  answer: (sample, isCorrect, variant) => bfclReply(sample, isCorrect, variant).text,
  reply: (sample, isCorrect, variant) => bfclReply(sample, isCorrect, variant),
};
