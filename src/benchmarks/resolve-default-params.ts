// A recipe's generation defaults for one endpoint type and CoT setting: `defaultParams` with the overrides on top.
import type { GenerationParams } from "../core/generation.js";
import type { EndpointType } from "../core/prompt.js";
import type { Recipe } from "./types.js";

/**
 * `defaultParams`, then `byCot[cot ? "cot" : "direct"].defaultParams` (when `isCot` is given), then
 * `defaultParamsByEndpoint[endpointType]`; the user's flags go on top of this.
 */
export function resolveDefaultParams(
  recipe: Pick<Recipe, "defaultParams" | "defaultParamsByEndpoint" | "byCot">,
  endpointType: EndpointType,
  isCot?: boolean,
): GenerationParams {
  const cotParams = isCot === undefined ? undefined : recipe.byCot?.[isCot ? "cot" : "direct"]?.defaultParams;
  return { ...recipe.defaultParams, ...cotParams, ...recipe.defaultParamsByEndpoint?.[endpointType] };
}
