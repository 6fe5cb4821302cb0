// Tests the /v1 advice: given for a base URL without a version segment, not for one with it or an Azure URL.
import { describe, expect, it } from "vitest";
import { versionHint } from "./version-hint.js";

describe("versionHint", () => {
  it.each([
    ["http://h:8000", "try --base-url http://h:8000/v1"],
    ["http://h:8000/", "try --base-url http://h:8000/v1"],
    ["https://proxy.example/llm/", "try --base-url https://proxy.example/llm/v1"],
  ])("advises /v1 for %s", (baseUrl, advice) => {
    expect(versionHint(new URL(baseUrl))).toBe(`OpenAI-compatible APIs live under /v1; ${advice}`);
  });

  it.each([
    "http://h:8000/v1",
    "http://h:8000/v1/",
    "https://api.example/openai/v1",
    "https://generativelanguage.example/v1beta/openai",
    "https://x.openai.azure.com/openai/deployments/gpt?api-version=2024-06-01",
  ])("says nothing for %s", (baseUrl) => {
    expect(versionHint(new URL(baseUrl))).toBeUndefined();
  });
});
