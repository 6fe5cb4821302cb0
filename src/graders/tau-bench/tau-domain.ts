// τ-bench's two domains: their tables (one JSON file each under `data/`, as τ-bench's `load_data` reads them) and
// the tool that ends a conversation.
import { loadPyJson } from "./python-data.js";
import type { TauData } from "./tau-tool.js";

export const TAU_DOMAINS = ["retail", "airline"] as const;
export type TauDomain = (typeof TAU_DOMAINS)[number];

/** Each domain's tables, in the order its `load_data` reads them. */
export const TAU_TABLES: Readonly<Record<TauDomain, readonly string[]>> = {
  retail: ["orders", "products", "users"],
  airline: ["flights", "reservations", "users"],
};

/** The tools whose call ends the conversation (τ-bench's `terminate_tools`, the same in both domains). */
export const TAU_TERMINATE_TOOLS: readonly string[] = ["transfer_to_human_agents"];

/** A domain's data from its tables' JSON texts (`<table>.json`); a SyntaxError names the table. */
export function tauDataFromTexts(domain: TauDomain, texts: Readonly<Record<string, string>>): TauData {
  const data = new Map();
  for (const table of TAU_TABLES[domain]) {
    const text = texts[table];
    if (text === undefined) throw new Error(`τ-bench ${domain}: no ${table}.json`);
    try {
      data.set(table, loadPyJson(text));
    } catch (error) {
      throw new SyntaxError(`τ-bench ${domain} ${table}.json: ${(error as Error).message}`);
    }
  }
  return data;
}
