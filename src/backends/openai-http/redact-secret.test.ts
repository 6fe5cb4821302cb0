// The key is hidden in every form a server or proxy may echo it in: as written, URL-encoded, JSON-escaped, base64.
import { describe, expect, it } from "vitest";
import { redactSecret } from "./redact-secret.js";

const KEY = "sk-LLMBENCHSECRET-a1/b+c=d";

/** True when some base64 run of `text`, read from any of its first four offsets, decodes to a text holding `KEY`. */
function hasKeyInBase64(text: string): boolean {
  for (const run of text.match(/[A-Za-z0-9+/_=-]{8,}/g) ?? []) {
    for (let start = 0; start < 4; start++) {
      if (Buffer.from(run.slice(start), "base64").toString("latin1").includes(KEY)) return true;
    }
  }
  return false;
}

describe("redactSecret", () => {
  it("hides the key as written, URL-encoded (either case) and JSON-escaped", () => {
    const text = `a ${KEY} b ${encodeURIComponent(KEY)} c ${encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (percent) => percent.toLowerCase())} d ${JSON.stringify(`"${KEY}"`)}`;
    const redacted = redactSecret(text, [KEY]);
    expect(redacted).not.toContain("LLMBENCHSECRET");
    expect(redacted).toBe('a *** b *** c *** d "\\"***\\""');
  });

  it("hides the key inside base64 and base64url at every offset, with any bytes around it", () => {
    for (const prefix of ["", "B", "Be", "Bearer ", "user:"]) {
      for (const suffix of ["", "x", "xy"]) {
        const plain = Buffer.from(`${prefix}${KEY}${suffix}`);
        for (const encoded of [plain.toString("base64"), plain.toString("base64url")]) {
          const text = `echo: ${encoded} end`;
          expect(hasKeyInBase64(text)).toBe(true);
          expect(hasKeyInBase64(redactSecret(text, [KEY])), `${prefix}|${suffix}`).toBe(false);
        }
      }
    }
  });

  it("leaves text without the key, and keys shorter than 4 characters, alone", () => {
    expect(redactSecret("nothing secret here", [KEY, undefined])).toBe("nothing secret here");
    expect(redactSecret("abc abc", ["abc"])).toBe("abc abc");
  });
});
