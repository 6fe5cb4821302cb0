// think: the agent's note to itself; nothing is looked up or changed, the observation is empty.
import type { TauTool } from "../tau-tool.js";

export const thinkTool: TauTool = {
  name: "think",
  className: "Think",
  parameters: [{ name: "thought" }],
  invoke: (data) => ({ output: "", data }),
};
