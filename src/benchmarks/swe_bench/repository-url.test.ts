// The repository URL template: {repo} filled in, a template without it or a malformed repo refused with a message.
import { describe, expect, it } from "vitest";
import { ConfigError, DatasetError } from "../../errors.js";
import { DEFAULT_SWE_REPO_URL, repositoryUrl } from "./repository-url.js";

describe("repositoryUrl", () => {
  it("fills {repo} into the template", () => {
    expect(repositoryUrl(DEFAULT_SWE_REPO_URL, "psf/requests")).toBe("https://github.com/psf/requests.git");
    expect(repositoryUrl("file:///srv/mirrors/{repo}", "psf/requests")).toBe(
      "file:///srv/mirrors/psf/requests",
    );
  });

  it("refuses a template without {repo}, saying what to give", () => {
    expect(() => repositoryUrl("https://github.com/psf/requests.git", "psf/requests")).toThrow(ConfigError);
    expect(() => repositoryUrl("https://example.com/", "psf/requests")).toThrow(/\{repo\} placeholder/);
  });

  it("refuses a repo that is not owner/name", () => {
    expect(() => repositoryUrl(DEFAULT_SWE_REPO_URL, "requests")).toThrow(DatasetError);
    expect(() => repositoryUrl(DEFAULT_SWE_REPO_URL, "../etc")).toThrow(DatasetError);
    expect(() => repositoryUrl(DEFAULT_SWE_REPO_URL, "a/b c")).toThrow(DatasetError);
  });
});
