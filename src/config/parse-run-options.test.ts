// The library's run options: problems are told by the flag a user types, whatever the option's key.
import { describe, expect, it } from "vitest";
import { chooseRunBackend } from "../runner/choose-run-backend.js";
import { flagName, parseRunOptions } from "./parse-run-options.js";

describe("parseRunOptions messages", () => {
  it("names the flag, not the key, with the values it accepts", () => {
    expect(() => parseRunOptions({ benchmarks: ["mmlu"], concurrency: -4 })).toThrow(
      "--concurrency: expected a positive integer up to 100000, got -4",
    );
    expect(() => parseRunOptions({ benchmarks: ["mmlu"], timeoutMs: 0 })).toThrow(
      "--timeout (timeoutMs): expected a positive integer, got 0",
    );
    expect(() => parseRunOptions({ benchmarks: ["mmlu"], limit: 0, nShots: 40 })).toThrow(
      "--n-shots: expected an integer from 0 to 32, got 40; --limit: expected a positive integer, got 0",
    );
    expect(() => parseRunOptions({ benchmarks: [] })).toThrow(/^name at least one benchmark/);
  });

  it("refuses a backend that is neither http nor local, after the backend choice", () => {
    expect(() =>
      parseRunOptions(chooseRunBackend({ benchmarks: ["mmlu"], backend: "grpc" as never })),
    ).toThrow('--backend: expected http or local, got "grpc"');
    expect(chooseRunBackend({ benchmarks: ["mmlu"], model: "m" }).backend).toBe("http");
  });

  it("maps keys to flags for run and profile", () => {
    expect(flagName("timeoutMs")).toBe("--timeout");
    expect(flagName("durationS")).toBe("--duration");
    expect(flagName("limit")).toBe("--limit");
    expect(flagName("graceMs")).toBe("graceMs");
  });
});
