// `grade BENCH --responses FILE`: the pre-generated answers of a benchmark, think blocks split off as reasoning; a
// line may also be a SWE-bench prediction (`instance_id`, `model_patch`).
import { z } from "zod";
import type { ToolCall } from "../core/prompt.js";
import { splitThink } from "../core/split-think.js";
import type { PregeneratedResponse } from "./grade-responses.js";
import { readResponsesFile } from "./read-responses-file.js";

const callArguments = z.union([z.string(), z.record(z.string(), z.unknown())]);

// A line names its sample by `id`, or by `prompt` — the text the sample's prompt ends with (its last user message),
// as Google's IFEval response files do.
/**
 * The function calls an answer made (a benchmark whose requests offer tools): OpenAI's `tool_calls` entries
 * (`{id?, function: {name, arguments}}`) or `{name, arguments}`, the arguments as JSON text or an object.
 */
const toolCallsSchema = z.array(
  z.union([
    z.object({
      id: z.string().optional(),
      function: z.object({ name: z.string(), arguments: callArguments }),
    }),
    z.object({ id: z.string().optional(), name: z.string(), arguments: callArguments }),
  ]),
);

const lineSchema = z
  .object({
    id: z.union([z.string(), z.number().transform(String)]).optional(),
    prompt: z.string().optional(),
    response: z.string().optional(),
    /**
     * A multi-turn sample's answers, one per request in order: the text, or `{response, tool_calls}` for an answer
     * that called functions.
     */
    responses: z
      .array(
        z.union([
          z.string(),
          z.object({ response: z.string().default(""), tool_calls: toolCallsSchema.optional() }),
        ]),
      )
      .min(1, "give at least one answer")
      .optional(),
    tool_calls: toolCallsSchema.optional(),
    reasoning: z.string().optional(),
  })
  .refine((line) => line.id !== undefined || line.prompt !== undefined, {
    message: 'name the sample with "id" (or "prompt", the text of its prompt)',
    path: ["id"],
  })
  .refine(
    (line) =>
      line.responses === undefined
        ? line.response !== undefined || line.tool_calls !== undefined
        : line.response === undefined && line.tool_calls === undefined,
    {
      message:
        'give the answer as "response" and/or "tool_calls" (or, for a multi-turn benchmark, "responses": one answer per turn)',
      path: ["response"],
    },
  );

/**
 * SWE-bench's predictions format (`{"instance_id", "model_name_or_path", "model_patch"}`, a null or empty patch for an
 * instance left unanswered) read as our own line: `instance_id` names the sample, `model_patch` is the response.
 */
function fromSwePrediction(line: unknown): unknown {
  if (typeof line !== "object" || line === null || Array.isArray(line)) return line;
  const { instance_id: instanceId, model_patch: modelPatch, ...rest } = line as Record<string, unknown>;
  if (instanceId === undefined || "id" in rest || "response" in rest) return line;
  return {
    ...rest,
    id: instanceId,
    ...(modelPatch === undefined ? {} : { response: modelPatch ?? "" }),
  };
}

const predictionOrLineSchema = z.preprocess(fromSwePrediction, lineSchema);

type LineCalls = z.infer<typeof toolCallsSchema>;

/** A line's calls as the journal keeps them: ids `call_<i>` where the line has none, arguments as JSON text. */
function toolCallsOf(calls: LineCalls): ToolCall[] {
  return calls.map((call, index) => {
    const fn = "function" in call ? call.function : call;
    return {
      id: call.id ?? `call_${index}`,
      name: fn.name,
      arguments: typeof fn.arguments === "string" ? fn.arguments : JSON.stringify(fn.arguments),
    };
  });
}

export function readPregeneratedResponses(responsesFile: string): PregeneratedResponse[] {
  return readResponsesFile(responsesFile, predictionOrLineSchema).map(({ line, value }) => {
    const answer = splitThink(value.response ?? "");
    return {
      ...(value.id === undefined ? {} : { id: value.id }),
      ...(value.prompt === undefined ? {} : { prompt: value.prompt }),
      ...(value.responses === undefined
        ? {}
        : {
            turns: value.responses.map((turn) =>
              typeof turn === "string"
                ? { response: turn }
                : {
                    response: turn.response,
                    ...(turn.tool_calls === undefined ? {} : { toolCalls: toolCallsOf(turn.tool_calls) }),
                  },
            ),
          }),
      ...(value.tool_calls === undefined ? {} : { toolCalls: toolCallsOf(value.tool_calls) }),
      response: answer.text.trim(),
      reasoning: value.reasoning ?? answer.reasoning,
      isThinkUnclosed: answer.isThinkUnclosed,
      source: `${responsesFile} line ${line}`,
    };
  });
}
