// `--lcb-start-date` / `--lcb-end-date`: keep the problems whose contest_date lies in the window, as
// `load_code_generation_dataset` filters (LiveCodeBench/LiveCodeBench
// lcb_runner/benchmarks/code_generation.py@28fef95ea8c9f7a547c8329f2cd3d32b92c1fa24): each bound is
// `datetime.strptime(date, "%Y-%m-%d")`, a midnight, and the tests are `start <= contest_date` and
// `contest_date <= end`. Both are inclusive, but the end is its day's 00:00, so a contest at 18:30 on the end
// date is left out, exactly as LiveCodeBench leaves it out.
import { ConfigError } from "../../errors.js";
import { NAIVE_ISO_DATE_TIME } from "./lcb-rows.js";

export interface LcbDateWindow {
  /** `YYYY-MM-DD` (`%Y-%m-%d`; one-digit month or day accepted, as strptime does). */
  startDate?: string;
  endDate?: string;
}

/** The problems inside the window, in their order; no bounds keeps all. Bad bounds are ConfigErrors. */
export function filterLcbByContestDate<T extends { contestDate: string }>(
  problems: readonly T[],
  window: LcbDateWindow,
): T[] {
  const start = window.startDate === undefined ? undefined : parseBound(window.startDate, "--lcb-start-date");
  const end = window.endDate === undefined ? undefined : parseBound(window.endDate, "--lcb-end-date");
  if (start === undefined && end === undefined) return [...problems];
  return problems.filter((problem) => {
    const contest = naiveIsoToSortKey(problem.contestDate);
    return (start === undefined || start <= contest) && (end === undefined || contest <= end);
  });
}

/**
 * A naive ISO date-time as a number that orders like Python's naive `datetime`: microseconds since
 * 1970-01-01T00:00:00, reading the wall-clock time as if it were UTC.
 */
export function naiveIsoToSortKey(text: string): number {
  if (!NAIVE_ISO_DATE_TIME.test(text)) throw new RangeError(`not a naive ISO date-time: "${text}"`);
  const [datePart = "", timePart = ""] = text.split(/[T ]/);
  const [year = 0, month = 1, day = 1] = datePart.split("-").map(Number);
  const [clock = "", fraction = ""] = timePart.split(".");
  const [hour = 0, minute = 0, second = 0] = clock === "" ? [] : clock.split(":").map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime() * 1000 + Number(fraction.padEnd(6, "0"));
}

function parseBound(text: string, flag: string): number {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text.trim());
  const [year, month, day] = match === null ? [] : [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year === undefined || month === undefined || day === undefined || !isCalendarDate(year, month, day)) {
    throw new ConfigError(`${flag} must be a date YYYY-MM-DD, got "${text}".`);
  }
  return naiveIsoToSortKey(
    `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
  );
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
