// τ-bench's files from the data dir, in the layout of τ-bench's repository turned to JSON:
// `tau_bench/<domain>_tasks_test.json`, `<domain>_tools.json`, `<domain>_wiki.md` and `db/<domain>/<table>.json`.
import type { DatasetContext } from "../../datasets/types.js";
import { loadPyJson } from "../../graders/tau-bench/python-data.js";
import { TAU_TABLES, type TauDomain } from "../../graders/tau-bench/tau-domain.js";
import { readLocalText } from "../read-local-text.js";
import { invalidTauFile, type TauDomainFiles } from "./read-tau-domain.js";

function parseJson<T>(file: string, text: string, parse: (text: string) => T): T {
  try {
    return parse(text);
  } catch (error) {
    throw invalidTauFile(file, `not JSON (${(error as Error).message})`);
  }
}

export function localTauFiles(context: DatasetContext): TauDomainFiles {
  return {
    async readTasks(domain) {
      const file = `tau_bench/${domain}_tasks_test.json`;
      return { file, value: parseJson(file, await readLocalText(context, file), loadPyJson) };
    },
    async readToolDefinitions(domain) {
      const file = `tau_bench/${domain}_tools.json`;
      return { file, value: parseJson<unknown>(file, await readLocalText(context, file), JSON.parse) };
    },
    async readTables(domain: TauDomain) {
      const texts: Record<string, string> = {};
      for (const table of TAU_TABLES[domain]) {
        texts[table] = await readLocalText(context, `tau_bench/db/${domain}/${table}.json`);
      }
      return { file: `tau_bench/db/${domain}`, value: texts };
    },
    readWiki: (domain) => readLocalText(context, `tau_bench/${domain}_wiki.md`),
  };
}
