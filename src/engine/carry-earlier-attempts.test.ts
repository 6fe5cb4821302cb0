// A sample sent again by --resume keeps, in its new record, what its superseded records tried.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recordKey, type SampleRecord } from "../core/sample-record.js";
import { sampleRecord as record } from "../core/test-support/sample-record.js";
import { summarizeFaults } from "../results/summarize-faults.js";
import { carryEarlierAttempts, withEarlierAttempts } from "./carry-earlier-attempts.js";
import { openJournal, readJournal } from "./journal.js";

const failed = (overrides: Partial<SampleRecord>) =>
  record({
    status: "error",
    correct: false,
    score: 0,
    error: { code: "E_HTTP", message: "503", http_status: 503, fault: "http_503" },
    ...overrides,
  });

describe("withEarlierAttempts", () => {
  it("leaves a sample's first record as it is", () => {
    const given = record({});
    expect(withEarlierAttempts(given, undefined)).toBe(given);
  });

  it("carries the superseded record's attempts and faults, and those it carried itself", () => {
    const first = failed({ attempts: 3, faults: { http_503: 2, connection_reset: 1 } });
    const second = withEarlierAttempts(failed({ session: 1, attempts: 2, faults: { http_503: 2 } }), first);
    expect(second.earlier).toEqual({ attempts: 3, faults: { connection_reset: 1, http_503: 2 } });
    const third = withEarlierAttempts(record({ session: 2, attempts: 1 }), second);
    expect(third.earlier).toEqual({ attempts: 5, faults: { connection_reset: 1, http_503: 4 } });
    expect(summarizeFaults([third])).toEqual({
      requests_retried: 5,
      samples_retried: 1,
      by_class: { connection_reset: 1, http_503: 4 },
      samples_failed: 0,
      failed_by_class: {},
    });
  });

  it("adds nothing for a superseded record that sent no request and met no fault", () => {
    const given = record({ session: 1 });
    expect(withEarlierAttempts(given, failed({ attempts: 0 }))).toBe(given);
  });
});

describe("carryEarlierAttempts", () => {
  it("journals a resumed sample with its earlier attempts, read back as the sample's last record", () => {
    const path = join(mkdtempSync(join(tmpdir(), "carry-earlier-")), "samples.jsonl");
    const first = openJournal(path);
    first.append(failed({ id: "1", attempts: 3, faults: { http_503: 3 } }));
    first.append(record({ id: "2" }));
    first.close();
    const previous = readJournal(path).records;
    const journal = carryEarlierAttempts(openJournal(path), previous);
    const written = journal.append(record({ id: "1", session: 1 }));
    journal.close();
    expect(written.earlier).toEqual({ attempts: 3, faults: { http_503: 3 } });
    const last = readJournal(path).records;
    expect(last.get(recordKey({ benchmark: "gsm8k", id: "1" }))).toEqual(written);
    expect(summarizeFaults(last.values())).toMatchObject({
      requests_retried: 3,
      samples_retried: 1,
      by_class: { http_503: 3 },
      samples_failed: 0,
    });
  });

  it("is the journal itself when nothing was journalled before", () => {
    const journal = openJournal(join(mkdtempSync(join(tmpdir(), "carry-earlier-")), "samples.jsonl"));
    expect(carryEarlierAttempts(journal, new Map())).toBe(journal);
    journal.close();
  });
});
