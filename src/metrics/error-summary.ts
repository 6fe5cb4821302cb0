// A profile's errors as aiperf lists them (`error_summary`: one entry per error type with its count), from the
// error classes the collector counted.
import { faultClassMeaning } from "../core/fault-classes.js";

/**
 * aiperf's `ErrorDetailsCount` (aiperf/common/models/error_models.py: `{error_details: {code, type, message},
 * count}`): `code` the HTTP status for an `http_<status>` class, else null; `type` the class; `message` its meaning.
 */
export interface ErrorSummaryEntry {
  error_details: { code: number | null; type: string; message: string };
  count: number;
}

/** Most frequent first, then by class name. */
export function errorSummary(errorsByClass: Readonly<Record<string, number>>): ErrorSummaryEntry[] {
  return Object.entries(errorsByClass)
    .sort(([leftName, left], [rightName, right]) => right - left || leftName.localeCompare(rightName))
    .map(([type, count]) => {
      const status = /^http_(\d{3})$/.exec(type)?.[1];
      return {
        error_details: {
          code: status === undefined ? null : Number(status),
          type,
          message: faultClassMeaning(type),
        },
        count,
      };
    });
}
