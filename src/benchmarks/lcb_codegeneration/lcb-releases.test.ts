// Release tags → Hub files, the default and the environment overrides, unknown tags.
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../errors.js";
import { LCB_RELEASE_FILES, lcbReleaseFromEnv, resolveLcbRelease } from "./lcb-releases.js";

describe("resolveLcbRelease", () => {
  it("release_vN is test.jsonl … testN.jsonl", () => {
    expect(resolveLcbRelease("release_v1")).toEqual({ tag: "release_v1", files: ["test.jsonl"] });
    expect(resolveLcbRelease("release_v3").files).toEqual(["test.jsonl", "test2.jsonl", "test3.jsonl"]);
    expect(resolveLcbRelease("release_v6").files).toEqual([
      "test.jsonl",
      "test2.jsonl",
      "test3.jsonl",
      "test4.jsonl",
      "test5.jsonl",
      "test6.jsonl",
    ]);
    expect(resolveLcbRelease("release_latest").files).toEqual(resolveLcbRelease("release_v6").files);
  });

  it("vN is that release's own file; vA_vB the files from A to B", () => {
    expect(resolveLcbRelease("v1").files).toEqual(["test.jsonl"]);
    expect(resolveLcbRelease("v5").files).toEqual(["test5.jsonl"]);
    expect(resolveLcbRelease("v4_v5")).toEqual({ tag: "v4_v5", files: ["test4.jsonl", "test5.jsonl"] });
    expect(resolveLcbRelease("v1_v3").files).toEqual(["test.jsonl", "test2.jsonl", "test3.jsonl"]);
    expect(resolveLcbRelease("v2_v6").files).toEqual([
      "test2.jsonl",
      "test3.jsonl",
      "test4.jsonl",
      "test5.jsonl",
      "test6.jsonl",
    ]);
  });

  it("accepts release_vA_vB for the window vA_vB", () => {
    expect(resolveLcbRelease("release_v4_v5")).toEqual({
      tag: "v4_v5",
      files: ["test4.jsonl", "test5.jsonl"],
    });
  });

  it("knows 6 releases, release_latest, 6 single versions and 15 windows", () => {
    expect(LCB_RELEASE_FILES.size).toBe(6 + 1 + 6 + 15);
  });

  it("an unknown tag is a ConfigError listing the available ones", () => {
    for (const tag of ["release_v7", "v5_v4", "v3_v3", "latest", "release_v4_v7"]) {
      expect(() => resolveLcbRelease(tag)).toThrow(ConfigError);
    }
    expect(() => resolveLcbRelease("release_v7")).toThrow(
      /Unknown LiveCodeBench release "release_v7"\. Available: release_v1, .*release_latest, v1, .*v4_v5, .*v5_v6/,
    );
  });
});

describe("lcbReleaseFromEnv", () => {
  it("defaults to lighteval's v4_v5", () => {
    expect(lcbReleaseFromEnv({})).toEqual({ tag: "v4_v5", files: ["test4.jsonl", "test5.jsonl"] });
    expect(lcbReleaseFromEnv({ LLM_BENCH_LCB_RELEASE: "  " }).tag).toBe("v4_v5");
  });

  it("reads LLM_BENCH_LCB_RELEASE, then aiperf's AIPERF_ACCURACY_LCB_RELEASE_TAG", () => {
    expect(lcbReleaseFromEnv({ AIPERF_ACCURACY_LCB_RELEASE_TAG: "v6" }).tag).toBe("v6");
    expect(
      lcbReleaseFromEnv({ LLM_BENCH_LCB_RELEASE: "release_v2", AIPERF_ACCURACY_LCB_RELEASE_TAG: "v6" }).tag,
    ).toBe("release_v2");
  });

  it("names the variable that holds an unknown tag", () => {
    expect(() => lcbReleaseFromEnv({ AIPERF_ACCURACY_LCB_RELEASE_TAG: "v9" })).toThrow(
      /^AIPERF_ACCURACY_LCB_RELEASE_TAG: Unknown LiveCodeBench release "v9"/,
    );
    expect(() => lcbReleaseFromEnv({ LLM_BENCH_LCB_RELEASE: "nope" })).toThrow(ConfigError);
  });
});
