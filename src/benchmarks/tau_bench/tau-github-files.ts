// τ-bench's files from its GitHub repository at the pinned commit: the tables and the policy verbatim, the tasks
// and tool schemas read from their Python sources (`tau-python-literal.ts`).
import { isPyDict } from "../../graders/tau-bench/python-data.js";
import { TAU_TABLES } from "../../graders/tau-bench/tau-domain.js";
import {
  type FetchTauBenchFileOptions,
  fetchTauBenchText,
  tauBenchFileName,
} from "./fetch-tau-bench-file.js";
import { invalidTauFile, type TauDomainFiles } from "./read-tau-domain.js";
import { TAU_BENCH_PINS, type TauBenchPins } from "./tau-bench-source.js";
import { pyValueToJson, tauTasksFromPython, tauToolInfoFromPython } from "./tau-python-literal.js";

/** `pins`: each file's SHA-256 and size; the pinned commit's unless a test serves files of its own. */
export function githubTauFiles(
  options: FetchTauBenchFileOptions,
  pins: TauBenchPins = TAU_BENCH_PINS,
): TauDomainFiles {
  const fetchText = (repoPath: string) => fetchTauBenchText(repoPath, pins, options);
  return {
    async readTasks(domain) {
      const repoPath = `tau_bench/envs/${domain}/tasks_test.py`;
      const file = tauBenchFileName(repoPath);
      return { file, value: tauTasksFromPython(await fetchText(repoPath), file) };
    },
    async readToolDefinitions(domain, toolNames) {
      // One file per tool (`tools/<name>.py`), in `ALL_TOOLS` order, as the data dir's `<domain>_tools.json`.
      const definitions: unknown[] = [];
      for (const name of toolNames) {
        const repoPath = `tau_bench/envs/${domain}/tools/${name}.py`;
        const file = tauBenchFileName(repoPath);
        const info = tauToolInfoFromPython(await fetchText(repoPath), file);
        const offered = isPyDict(info) ? info.get("function") : undefined;
        const offeredName = isPyDict(offered) ? offered.get("name") : undefined;
        if (offeredName !== name) {
          throw invalidTauFile(
            file,
            `get_info() must offer the function "${name}", not ${typeof offeredName === "string" ? `"${offeredName}"` : "a schema without a function name"}`,
          );
        }
        definitions.push(pyValueToJson(info));
      }
      return { file: tauBenchFileName(`tau_bench/envs/${domain}/tools/`), value: definitions };
    },
    async readTables(domain) {
      const texts: Record<string, string> = {};
      for (const table of TAU_TABLES[domain]) {
        texts[table] = await fetchText(`tau_bench/envs/${domain}/data/${table}.json`);
      }
      return { file: tauBenchFileName(`tau_bench/envs/${domain}/data`), value: texts };
    },
    readWiki: (domain) => fetchText(`tau_bench/envs/${domain}/wiki.md`),
  };
}
