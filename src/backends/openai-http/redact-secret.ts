// Replaces every occurrence of a secret (the API key, a key inside the base URL) in a text that may be shown or
// logged.

/** Secrets shorter than 4 characters are left alone: replacing them would garble ordinary text. */
export function redactSecret(text: string, secrets: readonly (string | undefined)[]): string {
  let redacted = text;
  for (const secret of secrets) {
    if (secret === undefined || secret.length < 4 || !redacted.includes(secret)) continue;
    redacted = redacted.split(secret).join("***");
  }
  return redacted;
}
