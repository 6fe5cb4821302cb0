// Loads the benchmarks the oracle should recognise, every sample of each: registered ones and definition files.
import { resolveBenchmarks } from "../byob/resolve-benchmarks.js";
import type { TextTokenizer } from "../core/tokenizer.js";
import type { DatasetContext } from "../datasets/types.js";
import { createMockVocabulary, MOCK_BOS_TOKEN_ID } from "./mock-vocabulary.js";
import type { LoadedOracleBenchmark } from "./oracle-types.js";

/**
 * The mock's own tokens as a tokenizer (what its /tokenize answers), for benchmarks that count tokens at load
 * (slimpajama keeps documents of more than 10,000): the oracle then holds the samples a run against it loads.
 */
function mockTokenizer(): TextTokenizer {
  const vocabulary = createMockVocabulary();
  return {
    record: {
      spec: "server",
      kind: "server",
      source: "mock server",
      implementation: "the mock's word tokens",
    },
    encode: async (text, options = {}) => vocabulary.encode(text, options.addSpecialTokens === true),
    decode: async (ids, options = {}) => vocabulary.decode(ids, options.skipSpecialTokens === true),
    specialTokenIds: async () => ({ bos: MOCK_BOS_TOKEN_ID, eos: null }),
  };
}

/**
 * Each recipe of each named benchmark with all its samples (0 shots: the oracle only needs each sample's prompt
 * suffix), the default recipe first.
 */
export async function loadOracleBenchmarks(
  names: readonly string[],
  context: DatasetContext,
): Promise<LoadedOracleBenchmark[]> {
  const loaded: LoadedOracleBenchmark[] = [];
  const tokenizer = mockTokenizer();
  for (const benchmark of await resolveBenchmarks(names)) {
    for (const recipe of benchmark.recipes) {
      const { samples, buildLoglikelihood } = await benchmark.load({
        context,
        recipe,
        nShots: 0,
        tokenizer: async () => tokenizer,
      });
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
