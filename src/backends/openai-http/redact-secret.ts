// Replaces every occurrence of a secret (the API key, a key inside the base URL) in a text that may be shown or
// logged — as written, URL-encoded, JSON-escaped, and inside base64 (a proxy that echoes `Authorization` encoded).

/** Secrets shorter than 4 characters are left alone: replacing them would garble ordinary text. */
const MIN_SECRET_LENGTH = 4;
/** A base64 run shorter than this is too likely to occur by chance to be replaced. */
const MIN_BASE64_LENGTH = 8;

/**
 * The base64 text that any base64 encoding of a text holding `secret` contains, whatever the secret's offset in
 * it: for each of the three alignments, the 4-character groups made of the secret's bytes only (the groups that
 * straddle its edges depend on the bytes around it, so they are left out). Standard and URL-safe alphabets.
 */
function base64Cores(secret: string): string[] {
  const bytes = Buffer.from(secret, "utf8");
  const cores: string[] = [];
  for (let skip = 0; skip < 3; skip++) {
    const aligned = bytes.subarray(skip, skip + Math.floor((bytes.length - skip) / 3) * 3);
    const core = aligned.toString("base64");
    if (core.length < MIN_BASE64_LENGTH) continue;
    cores.push(core, aligned.toString("base64url"));
  }
  return cores;
}

/** Every form of `secret` that may turn up in a message: as written, encoded for a URL or JSON, in base64. */
export function secretForms(secret: string): string[] {
  const forms = [
    secret,
    encodeURIComponent(secret),
    encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (percent) => percent.toLowerCase()),
    JSON.stringify(secret).slice(1, -1),
    ...base64Cores(secret),
  ];
  return [...new Set(forms)].sort((left, right) => right.length - left.length);
}

export function redactSecret(text: string, secrets: readonly (string | undefined)[]): string {
  let redacted = text;
  for (const secret of secrets) {
    if (secret === undefined || secret.length < MIN_SECRET_LENGTH) continue;
    for (const form of secretForms(secret)) {
      if (redacted.includes(form)) redacted = redacted.split(form).join("***");
    }
  }
  return redacted;
}
