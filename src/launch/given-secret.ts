// A key on the launched command line (`-- run … --api-key KEY`, `--base-url http://u:KEY@host/v1`): the launchers
// refuse it, because that command line is written to files (the sbatch script, launch.json, a Job manifest).
import { connectionOptions } from "../config/connection-options.js";
import { urlSecrets } from "../core/url-secrets.js";
import { givenSpelling } from "./launched-command.js";

/** The values that follow `spelling` in `args` (`--flag VALUE` and `--flag=VALUE`). */
function valuesOf(args: readonly string[], spellings: readonly string[]): string[] {
  const values: string[] = [];
  args.forEach((token, index) => {
    for (const spelling of spellings) {
      if (token === spelling && index + 1 < args.length) values.push(args[index + 1] ?? "");
      else if (token.startsWith(`${spelling}=`)) values.push(token.slice(spelling.length + 1));
    }
  });
  return values;
}

/** How a key was given in `args` (`--api-key`, `a key inside --base-url`), or undefined when none was. */
export function givenSecret(args: readonly string[]): string | undefined {
  const apiKey = givenSpelling(args, connectionOptions.options.apiKey);
  if (apiKey !== undefined) return apiKey;
  const baseUrl = connectionOptions.options.baseUrl;
  const spellings = [
    `--${baseUrl.flag}`,
    ...(baseUrl.aliases ?? []).map((alias) => `--${typeof alias === "string" ? alias : alias.flag}`),
  ];
  const withKey = valuesOf(args, spellings).some((value) =>
    value.split(",").some((url) => urlSecrets(url).length > 0),
  );
  return withKey ? "a key inside --base-url" : undefined;
}
