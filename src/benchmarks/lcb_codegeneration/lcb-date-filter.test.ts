// Contest-date windows with LiveCodeBench's comparisons (naive datetimes, bounds at midnight).
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../errors.js";
import { filterLcbByContestDate, naiveIsoToSortKey } from "./lcb-date-filter.js";

const problems = [
  { id: "a", contestDate: "2024-04-30T23:59:59" },
  { id: "b", contestDate: "2024-05-01T00:00:00" },
  { id: "c", contestDate: "2024-05-15T18:30:00" },
  { id: "d", contestDate: "2024-05-31T00:00:00" },
  { id: "e", contestDate: "2024-05-31T18:30:00" },
  { id: "f", contestDate: "2024-06-01" },
];
const ids = (kept: readonly { id: string }[]) => kept.map((problem) => problem.id).join("");

describe("filterLcbByContestDate", () => {
  it("keeps everything without bounds", () => {
    expect(ids(filterLcbByContestDate(problems, {}))).toBe("abcdef");
  });

  it("start: start-of-day <= contest_date", () => {
    expect(ids(filterLcbByContestDate(problems, { startDate: "2024-05-01" }))).toBe("bcdef");
  });

  it("end: contest_date <= end-of-day's 00:00, so a contest later that day is out, as in LiveCodeBench", () => {
    // Python: datetime(2024, 5, 31, 18, 30) <= datetime.strptime("2024-05-31", "%Y-%m-%d") is False.
    expect(ids(filterLcbByContestDate(problems, { endDate: "2024-05-31" }))).toBe("abcd");
  });

  it("both bounds; strptime's one-digit month and day", () => {
    expect(ids(filterLcbByContestDate(problems, { startDate: "2024-5-1", endDate: "2024-06-01" }))).toBe(
      "bcdef",
    );
  });

  it("rejects bounds that are not dates, naming the flag", () => {
    expect(() => filterLcbByContestDate(problems, { startDate: "2024-02-30" })).toThrow(ConfigError);
    expect(() => filterLcbByContestDate(problems, { endDate: "May 2024" })).toThrow(
      /--lcb-end-date must be a date YYYY-MM-DD, got "May 2024"/,
    );
    expect(() => filterLcbByContestDate(problems, { startDate: "2024-05-01T00:00:00" })).toThrow(
      /--lcb-start-date/,
    );
  });
});

describe("naiveIsoToSortKey", () => {
  it("orders like Python's naive datetime, microseconds included", () => {
    expect(naiveIsoToSortKey("1970-01-01T00:00:00")).toBe(0);
    expect(naiveIsoToSortKey("1970-01-01T00:00:01.5")).toBe(1_500_000);
    expect(naiveIsoToSortKey("2023-08-21")).toBe(naiveIsoToSortKey("2023-08-21T00:00:00"));
    expect(naiveIsoToSortKey("2023-08-21 00:00:00.000001")).toBe(
      naiveIsoToSortKey("2023-08-21T00:00:00") + 1,
    );
    expect(() => naiveIsoToSortKey("2023-08-21T00:00:00Z")).toThrow(RangeError);
  });
});
