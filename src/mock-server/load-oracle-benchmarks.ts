// Loads the benchmarks the oracle should recognise, every sample of each: registered ones and definition files.
import { resolveBenchmarks } from "../byob/resolve-benchmarks.js";
import type { DatasetContext } from "../datasets/types.js";
import type { LoadedOracleBenchmark } from "./oracle-types.js";

/**
 * Each recipe of each named benchmark with all its samples (0 shots: the oracle only needs each sample's prompt
 * suffix), the default recipe first.
 */
export async function loadOracleBenchmarks(
  names: readonly string[],
  context: DatasetContext,
): Promise<LoadedOracleBenchmark[]> {
  const loaded: LoadedOracleBenchmark[] = [];
  for (const benchmark of await resolveBenchmarks(names)) {
    for (const recipe of benchmark.recipes) {
      const { samples, buildLoglikelihood } = await benchmark.load({ context, recipe, nShots: 0 });
      // No system prompt: the 0-shot context is then the part every scored prompt of the sample ends with.
      const promptOptions = { endpointType: "completions", nShots: 0, systemPrompt: "", cot: false } as const;
      loaded.push({
        benchmark,
        recipe,
        samples,
        buildLoglikelihood:
          buildLoglikelihood === undefined
            ? undefined
            : (sample) => buildLoglikelihood(sample, promptOptions),
      });
    }
  }
  return loaded;
}
