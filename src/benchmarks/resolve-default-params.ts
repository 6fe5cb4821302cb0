// A recipe's generation defaults for one endpoint type: `defaultParams` with the endpoint's overrides on top.
import type { GenerationParams } from "../core/generation.js";
import type { EndpointType } from "../core/prompt.js";
import type { Recipe } from "./types.js";

/** `defaultParams` merged with `defaultParamsByEndpoint[endpointType]`; the user's flags go on top of this. */
export function resolveDefaultParams(
  recipe: Pick<Recipe, "defaultParams" | "defaultParamsByEndpoint">,
  endpointType: EndpointType,
): GenerationParams {
  return { ...recipe.defaultParams, ...recipe.defaultParamsByEndpoint?.[endpointType] };
}
