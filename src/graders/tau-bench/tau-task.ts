// A τ-bench task (`tau_bench/types.py` Task): the user it is about, the instruction the simulated user plays, the
// ground-truth actions (tool calls) and the outputs the agent must say.
import { isPyDict, type PyDict, type PyValue } from "./python-data.js";

export interface TauAction {
  readonly name: string;
  /** The call's keyword arguments as Python holds them (ints apart from floats). */
  readonly kwargs: PyDict;
}

export interface TauTask {
  readonly userId: string;
  readonly instruction: string;
  readonly actions: readonly TauAction[];
  readonly outputs: readonly string[];
}

/**
 * A task from one entry of a τ-bench task file (parsed with dicts as Maps), or the reason it is not one. The
 * `annotator` field of the source is not part of τ-bench's Task model and is ignored, as τ-bench does.
 */
export function tauTaskFrom(value: PyValue): TauTask | string {
  if (!isPyDict(value)) return "not an object";
  const userId = value.get("user_id");
  const instruction = value.get("instruction");
  const actions = value.get("actions");
  const outputs = value.get("outputs");
  if (typeof userId !== "string") return `"user_id" must be a string`;
  if (typeof instruction !== "string") return `"instruction" must be a string`;
  if (!Array.isArray(actions)) return `"actions" must be a list`;
  if (!Array.isArray(outputs) || !outputs.every((output) => typeof output === "string"))
    return `"outputs" must be a list of strings`;
  const parsed: TauAction[] = [];
  for (const [index, action] of actions.entries()) {
    const name = isPyDict(action) ? action.get("name") : undefined;
    const kwargs = isPyDict(action) ? action.get("kwargs") : undefined;
    if (typeof name !== "string" || !isPyDict(kwargs))
      return `"actions"[${index}] must be {"name": str, "kwargs": {…}}`;
    parsed.push({ name, kwargs });
  }
  return { userId, instruction, actions: parsed, outputs: outputs as string[] };
}
