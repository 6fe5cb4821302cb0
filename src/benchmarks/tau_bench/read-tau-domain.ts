// Reads a τ-bench domain — tasks, database, tool schemas, policy — from either source of its files (the data dir's
// JSON layout or τ-bench's repository), with the same checks, so both give the same samples.
import { z } from "zod";
import type { ToolDefinition } from "../../core/generation.js";
import { DatasetError } from "../../errors.js";
import type { PyValue } from "../../graders/tau-bench/python-data.js";
import { type TauDomain, tauDataFromTexts } from "../../graders/tau-bench/tau-domain.js";
import { type TauTask, tauTaskFrom } from "../../graders/tau-bench/tau-task.js";
import type { TauTool } from "../../graders/tau-bench/tau-tool.js";
import type { TauEnvironment } from "./tau-sample.js";

/** A value read from a file, with the file's name as errors give it. */
export interface TauFileValue<T> {
  file: string;
  value: T;
}

/** Where a domain's files come from; each method reads one kind of file and names it. */
export interface TauDomainFiles {
  /** The test task list as Python holds it (dicts as Maps), in τ-bench's order. */
  readTasks(domain: TauDomain): Promise<TauFileValue<PyValue>>;
  /** The OpenAI tool schemas offered to the agent (JSON values), in τ-bench's `ALL_TOOLS` order (`toolNames`). */
  readToolDefinitions(domain: TauDomain, toolNames: readonly string[]): Promise<TauFileValue<unknown>>;
  /** Each table's JSON text (`TAU_TABLES[domain]`); `file` names where the tables are. */
  readTables(domain: TauDomain): Promise<TauFileValue<Readonly<Record<string, string>>>>;
  /** The policy (the agent's system prompt). */
  readWiki(domain: TauDomain): Promise<string>;
}

const toolSchema = z.object({
  type: z.literal("function"),
  function: z.looseObject({
    name: z.string().min(1),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  }),
});

export function invalidTauFile(file: string, message: string): DatasetError {
  return new DatasetError(`${file}: ${message}`, { code: "E_DATASET_ROW_INVALID" });
}

/** The domain's tasks (the test split, τ-bench's default and airline's only one), in τ-bench's order. */
export async function readTauTasks(files: TauDomainFiles, domain: TauDomain): Promise<TauTask[]> {
  const { file, value } = await files.readTasks(domain);
  if (!Array.isArray(value)) throw invalidTauFile(file, "must be a list of tasks");
  return value.map((entry, index) => {
    const task = tauTaskFrom(entry);
    if (typeof task === "string") throw invalidTauFile(file, `task ${index}: ${task}`);
    return task;
  });
}

/**
 * The domain's database, tool schemas and policy, with `implemented` (the TypeScript tools) checked against the
 * schemas: every offered function must be one the run can execute.
 */
export async function readTauEnvironment(
  files: TauDomainFiles,
  domain: TauDomain,
  implemented: readonly TauTool[],
): Promise<TauEnvironment> {
  const tables = await files.readTables(domain);
  let data: TauEnvironment["data"];
  try {
    data = tauDataFromTexts(domain, tables.value);
  } catch (error) {
    throw invalidTauFile(tables.file, (error as Error).message);
  }
  const tools = await files.readToolDefinitions(
    domain,
    implemented.map((tool) => tool.name),
  );
  const parsedTools = z.array(toolSchema).safeParse(tools.value);
  if (!parsedTools.success) {
    const issue = parsedTools.error.issues[0];
    throw invalidTauFile(tools.file, `${issue?.path.join(".") ?? ""} ${issue?.message ?? "invalid"}`);
  }
  const byName = new Map(implemented.map((tool) => [tool.name, tool]));
  for (const definition of parsedTools.data) {
    if (!byName.has(definition.function.name)) {
      throw invalidTauFile(
        tools.file,
        `offers ${definition.function.name}, which is not a ${domain} tool of τ-bench (known: ${[...byName.keys()].join(", ")})`,
      );
    }
  }
  return {
    domain,
    data,
    tools: byName,
    toolDefinitions: parsedTools.data as ToolDefinition[],
    wiki: await files.readWiki(domain),
  };
}
