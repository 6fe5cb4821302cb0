// A sample that failed and is sent again by `--resume` gets a new record, which supersedes the old one in every reader
// (the last record of a sample counts). The old record's attempts and faults were real requests: the new record
// carries them as `earlier`, so the run's fault totals (results/summarize-faults.ts) count every request sent, in one
// session or several, and the journal stays the only place they are kept.
import { addFaultCounts, type FaultCounts, sortedFaultCounts } from "../core/fault-classes.js";
import { recordKey, type SampleRecord } from "../core/sample-record.js";
import type { JournalWriter } from "./journal.js";

/** `record` with what `superseded` (the sample's earlier record, if any) and the records before it tried. */
export function withEarlierAttempts(
  record: SampleRecord,
  superseded: SampleRecord | undefined,
): SampleRecord {
  if (superseded === undefined) return record;
  const faults: FaultCounts = {};
  addFaultCounts(faults, superseded.earlier?.faults);
  addFaultCounts(faults, superseded.faults);
  const attempts = superseded.attempts + (superseded.earlier?.attempts ?? 0);
  if (attempts === 0 && Object.keys(faults).length === 0) return record;
  return {
    ...record,
    earlier: { attempts, ...(Object.keys(faults).length === 0 ? {} : { faults: sortedFaultCounts(faults) }) },
  };
}

/** A journal that writes each record with the attempts of the sample's record in `previous` (earlier sessions). */
export function carryEarlierAttempts(
  journal: JournalWriter,
  previous: ReadonlyMap<string, SampleRecord>,
): JournalWriter {
  if (previous.size === 0) return journal;
  return {
    append: (record) => journal.append(withEarlierAttempts(record, previous.get(recordKey(record)))),
    close: () => journal.close(),
  };
}
