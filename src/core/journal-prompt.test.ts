import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DIGEST_TAIL_CHARS, digestPrompt, journalPrompt, LONG_PROMPT_CHARS } from "./journal-prompt.js";
import type { Prompt } from "./prompt.js";
import { sampleRecordSchema } from "./sample-record.js";
import { sampleRecord } from "./test-support/sample-record.js";

const short: Prompt = { type: "chat", messages: [{ role: "user", content: "What is 2 + 2?" }] };
const context = "The grass is green. ".repeat(LONG_PROMPT_CHARS / 20 + 1);
const long: Prompt = {
  type: "chat",
  messages: [
    { role: "system", content: "Be brief." },
    { role: "user", content: `${context}\n\nWhat is the pass key?` },
  ],
};

describe("journalPrompt", () => {
  it("keeps short prompts whole under auto and digests long ones", () => {
    expect(journalPrompt(short, "auto")).toBe(short);
    const kept = journalPrompt(long, "auto");
    expect(kept).toEqual({
      type: "digest",
      form: "chat",
      sha256: createHash("sha256").update(JSON.stringify(long)).digest("hex"),
      chars: 9 + context.length + 23,
      messages: 2,
      tail: `${context}\n\nWhat is the pass key?`.slice(-DIGEST_TAIL_CHARS),
    });
    expect(kept.type === "digest" && kept.tail.endsWith("What is the pass key?")).toBe(true);
  });

  it("full keeps every prompt, hash digests every prompt", () => {
    expect(journalPrompt(long, "full")).toBe(long);
    const digested = journalPrompt(short, "hash");
    expect(digested).toMatchObject({ type: "digest", chars: 14, tail: "What is 2 + 2?" });
  });

  it("digests a completion prompt without a message count, and a digest stays as it is", () => {
    const text = "x".repeat(LONG_PROMPT_CHARS + 1);
    const digest = digestPrompt({ type: "completion", text });
    expect(digest).not.toHaveProperty("messages");
    expect(digest.form).toBe("completion");
    expect(journalPrompt(digest, "hash")).toBe(digest);
  });

  it("a journal record with a digest reads back through the record schema", () => {
    const record = sampleRecord({ benchmark: "passkey", prompt: digestPrompt(long) });
    const parsed = sampleRecordSchema.safeParse(record);
    expect(parsed.error?.issues).toBeUndefined();
    expect(
      sampleRecordSchema.safeParse({ ...record, prompt: { ...digestPrompt(long), sha256: "zz" } }).success,
    ).toBe(false);
  });
});
