// Where a SWE-bench repository is cloned from: the `repoUrl` template with `{repo}` (`owner/name`) filled in.
import { ConfigError, DatasetError } from "../../errors.js";

/** GitHub, as SWE-bench's harness clones (`https://github.com/{repo}`). */
export const DEFAULT_SWE_REPO_URL = "https://github.com/{repo}.git";

const REPO_PATTERN = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;

/** The clone URL of `repo` (`owner/name`) under `template`, e.g. `file:///srv/mirrors/{repo}` → a local mirror. */
export function repositoryUrl(template: string, repo: string): string {
  if (!template.includes("{repo}")) {
    throw new ConfigError(
      `The SWE-bench repository URL template "${template}" has no {repo} placeholder; give one such as ` +
        `${DEFAULT_SWE_REPO_URL} or file:///srv/mirrors/{repo}.git (a local mirror).`,
    );
  }
  if (!REPO_PATTERN.test(repo) || repo.split("/").some((part) => part === "." || part === "..")) {
    throw new DatasetError(`SWE-bench instance repository "${repo}" is not of the form owner/name.`);
  }
  return template.replaceAll("{repo}", repo);
}
