// The TypeScript tools of each τ-bench domain, in τ-bench's `ALL_TOOLS` order.
import { AIRLINE_TOOLS } from "./airline/index.js";
import { RETAIL_TOOLS } from "./retail/index.js";
import type { TauDomain } from "./tau-domain.js";
import type { TauTool } from "./tau-tool.js";

export const TAU_DOMAIN_TOOLS: Readonly<Record<TauDomain, readonly TauTool[]>> = {
  retail: RETAIL_TOOLS,
  airline: AIRLINE_TOOLS,
};
