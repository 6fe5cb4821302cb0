// Turns the parsed `mock-server` flags into `startMockServer` options, loading the oracle's benchmarks.
import { BENCHMARK_NAMES } from "../benchmarks/registry.js";
import { parseFaultRates } from "../config/fault-rates.js";
import type { MockServerFlags } from "../config/mock-server-options.js";
import { createDatasetContext } from "../datasets/create-dataset-context.js";
import type { DatasetContext } from "../datasets/types.js";
import { ConfigError, DatasetError } from "../errors.js";
import { loadOracleBenchmarks } from "./load-oracle-benchmarks.js";
import type { LoadedOracleBenchmark } from "./oracle-types.js";
import type { MockServerOptions } from "./start-mock-server.js";

/** Plain data (it is sent to cluster workers): the flags, and where the oracle reads benchmark data. */
export interface MockServerConfig {
  flags: MockServerFlags;
  /** The oracle is on when `flags.oracleBenchmarks` is set or this is true (`--oracle-accuracy` given). */
  isOracleOn: boolean;
  dataDir: string | undefined;
}

export interface BuildMockServerOptionsDeps {
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
  /** Told about each benchmark left out of the default oracle list because its data cannot be read. */
  onWarning?: (message: string) => void;
}

export async function buildMockServerOptions(
  config: MockServerConfig,
  deps: BuildMockServerOptionsDeps,
): Promise<MockServerOptions> {
  const { flags } = config;
  const parsedRates = parseFaultRates(flags.faultRate);
  if (parsedRates.status === "error") throw new ConfigError(`--fault-rate: ${parsedRates.message}.`);
  const faultRates = parsedRates.rates;
  const options: MockServerOptions = {
    host: flags.host,
    port: flags.port,
    model: flags.model,
    ttftMs: flags.ttftMs,
    itlMs: flags.itlMs,
    ttftStddevMs: flags.ttftStddevMs,
    itlStddevMs: flags.itlStddevMs,
    ttftPerPromptTokenMs: flags.ttftPerPromptTokenMs,
    latencySeed: flags.latencySeed,
    isChunkTimestamped: flags.chunkTimestamps,
    defaultOutputTokens: flags.defaultOutputTokens,
    faultRate: faultRates.statusRate,
    faultKindRates: faultRates.kinds,
    faultStatus: flags.faultStatus,
    faultSeed: flags.faultSeed,
    faultStallMs: flags.faultStallMs,
    faultTrickleMs: flags.faultTrickleMs,
    ...(flags.servedLog === undefined ? {} : { servedLogPath: flags.servedLog }),
  };
  if (!config.isOracleOn && flags.oracleBenchmarks === undefined) return options;
  const context = createDatasetContext({
    ...(config.dataDir === undefined ? {} : { dataDir: config.dataDir }),
    env: deps.env,
    signal: deps.signal,
  });
  const benchmarks =
    flags.oracleBenchmarks === undefined
      ? await loadAvailableBenchmarks(context, deps.onWarning)
      : await loadOracleBenchmarks(flags.oracleBenchmarks, context);
  return { ...options, oracle: { benchmarks, accuracy: flags.oracleAccuracy, seed: flags.oracleSeed } };
}

/**
 * Every registered benchmark whose data can be read. Named benchmarks (`--oracle-benchmarks`) must load; the
 * default list skips, with a warning, those whose data is absent (a `--data-dir` without their files, a gated
 * dataset without a token).
 */
async function loadAvailableBenchmarks(
  context: DatasetContext,
  onWarning: ((message: string) => void) | undefined,
): Promise<LoadedOracleBenchmark[]> {
  const loaded: LoadedOracleBenchmark[] = [];
  for (const name of BENCHMARK_NAMES) {
    try {
      loaded.push(...(await loadOracleBenchmarks([name], context)));
    } catch (error) {
      if (!(error instanceof DatasetError)) throw error;
      onWarning?.(`oracle: ${name} left out (${error.message})`);
    }
  }
  return loaded;
}
