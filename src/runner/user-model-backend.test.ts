import { describe, expect, it } from "vitest";
import type { Recipe } from "../benchmarks/types.js";
import { ConfigError } from "../errors.js";
import { checkUserModelOptions, openUserModelBackend } from "./user-model-backend.js";

const BASE = {
  backend: "http" as const,
  baseUrl: "http://127.0.0.1:9/v1",
  apiKey: undefined,
  userModel: undefined,
  userBaseUrl: undefined,
  userApiKey: undefined,
  userTemperature: undefined,
  concurrency: 1,
  maxRetries: 0,
  timeoutMs: 1000,
};
const WITH_USER = { usesUserModel: true } as Recipe;
const WITHOUT_USER = {} as Recipe;

describe("the simulated user's options", () => {
  it("refuses --user-* flags when no benchmark of the run has a simulated user, naming them", () => {
    expect(() =>
      checkUserModelOptions({ ...BASE, userModel: "gpt-4o", userTemperature: 1 }, [WITHOUT_USER]),
    ).toThrow(/--user-model, --user-temperature set the simulated user of an agent benchmark .* Drop them\./);
    // A key from the environment is no flag the user gave for this run: it is not refused.
    expect(() => checkUserModelOptions({ ...BASE, userApiKey: "k" }, [WITHOUT_USER])).not.toThrow();
    expect(() => checkUserModelOptions({ ...BASE, userModel: "gpt-4o" }, [WITH_USER])).not.toThrow();
  });

  it("refuses a --user-model beside an in-process model without a server to find it on", () => {
    expect(() =>
      checkUserModelOptions({ ...BASE, backend: "local", userModel: "gpt-4o" }, [WITH_USER]),
    ).toThrow(ConfigError);
    expect(() =>
      checkUserModelOptions(
        { ...BASE, backend: "local", userModel: "gpt-4o", userBaseUrl: "http://127.0.0.1:9/v1" },
        [WITH_USER],
      ),
    ).not.toThrow();
  });

  it("opens no client of its own when the run's backend plays the user (nothing named, or only a key)", async () => {
    expect(await openUserModelBackend(BASE, "m")).toBeUndefined();
    expect(await openUserModelBackend({ ...BASE, userApiKey: "k" }, "m")).toBeUndefined();
  });

  it("says when the user's server cannot be reached, before the run sends anything", async () => {
    await expect(openUserModelBackend({ ...BASE, userModel: "gpt-4o" }, "m")).rejects.toThrow(
      /127\.0\.0\.1:9/,
    );
  });
});
