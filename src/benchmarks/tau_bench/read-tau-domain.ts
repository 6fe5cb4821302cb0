// Reads a τ-bench domain from the data dir, in the layout of τ-bench's repository turned to JSON:
// `tau_bench/<domain>_tasks_test.json`, `<domain>_tools.json`, `<domain>_wiki.md` and `db/<domain>/<table>.json`.
import { z } from "zod";
import type { ToolDefinition } from "../../core/generation.js";
import type { DatasetContext } from "../../datasets/types.js";
import { DatasetError } from "../../errors.js";
import { loadPyJson } from "../../graders/tau-bench/python-data.js";
import { TAU_TABLES, type TauDomain, tauDataFromTexts } from "../../graders/tau-bench/tau-domain.js";
import { type TauTask, tauTaskFrom } from "../../graders/tau-bench/tau-task.js";
import type { TauTool } from "../../graders/tau-bench/tau-tool.js";
import { readLocalText } from "../read-local-text.js";
import type { TauEnvironment } from "./tau-sample.js";

const toolSchema = z.object({
  type: z.literal("function"),
  function: z.looseObject({
    name: z.string().min(1),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  }),
});

function invalid(file: string, message: string): DatasetError {
  return new DatasetError(`tau_bench/${file}: ${message}`, { code: "E_DATASET_ROW_INVALID" });
}

function parseJson(file: string, text: string): ReturnType<typeof loadPyJson> {
  try {
    return loadPyJson(text);
  } catch (error) {
    throw invalid(file, `not JSON (${(error as Error).message})`);
  }
}

/** The domain's tasks (the test split, τ-bench's default and airline's only one), in τ-bench's order. */
export async function readTauTasks(context: DatasetContext, domain: TauDomain): Promise<TauTask[]> {
  const file = `${domain}_tasks_test.json`;
  const value = parseJson(file, await readLocalText(context, `tau_bench/${file}`));
  if (!Array.isArray(value)) throw invalid(file, "must be a list of tasks");
  return value.map((entry, index) => {
    const task = tauTaskFrom(entry);
    if (typeof task === "string") throw invalid(file, `task ${index}: ${task}`);
    return task;
  });
}

/**
 * The domain's database, tool schemas and policy, with `implemented` (the TypeScript tools) checked against the
 * schemas: every offered function must be one the run can execute.
 */
export async function readTauEnvironment(
  context: DatasetContext,
  domain: TauDomain,
  implemented: readonly TauTool[],
): Promise<TauEnvironment> {
  const texts: Record<string, string> = {};
  for (const table of TAU_TABLES[domain]) {
    texts[table] = await readLocalText(context, `tau_bench/db/${domain}/${table}.json`);
  }
  let data: TauEnvironment["data"];
  try {
    data = tauDataFromTexts(domain, texts);
  } catch (error) {
    throw invalid(`db/${domain}`, (error as Error).message);
  }
  const toolsFile = `${domain}_tools.json`;
  const toolsText = await readLocalText(context, `tau_bench/${toolsFile}`);
  let toolsValue: unknown;
  try {
    toolsValue = JSON.parse(toolsText);
  } catch (error) {
    throw invalid(toolsFile, `not JSON (${(error as Error).message})`);
  }
  const parsedTools = z.array(toolSchema).safeParse(toolsValue);
  if (!parsedTools.success) {
    const issue = parsedTools.error.issues[0];
    throw invalid(toolsFile, `${issue?.path.join(".") ?? ""} ${issue?.message ?? "invalid"}`);
  }
  const byName = new Map(implemented.map((tool) => [tool.name, tool]));
  for (const definition of parsedTools.data) {
    if (!byName.has(definition.function.name)) {
      throw invalid(
        toolsFile,
        `offers ${definition.function.name}, which is not a ${domain} tool of τ-bench (known: ${[...byName.keys()].join(", ")})`,
      );
    }
  }
  return {
    domain,
    data,
    tools: byName,
    toolDefinitions: parsedTools.data as ToolDefinition[],
    wiki: await readLocalText(context, `tau_bench/${domain}_wiki.md`),
  };
}
