// think: a scratchpad for the agent; it shows nothing and changes nothing.
import type { TauTool } from "./tau-tool.js";
import { requiredParameters } from "./tool-arguments.js";

export const think: TauTool = {
  name: "think",
  className: "Think",
  parameters: requiredParameters("thought"),
  invoke: (data) => ({ output: "", data }),
};
