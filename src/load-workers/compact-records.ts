// Per-request numbers as rows of a Float64Array: cheap to send from a worker process and to keep by the million.

/** The columns of one row; timings are ms on the parent's `performance.now()` clock, NaN when absent. */
export const COMPACT_FIELDS = [
  "index",
  "intendedMs",
  "sentMs",
  "firstByteMs",
  "firstContentMs",
  "secondContentMs",
  "endMs",
  "inputTokens",
  "outputTokens",
  "chunkCount",
  /** 0 ok, 1 error, 2 timeout, 3 aborted. */
  "statusCode",
  /** 1 when the token counts came from counting chunks, not from `usage`. */
  "isCountEstimated",
  /** When the request could go (intended, or when a `maxConcurrency` slot freed); NaN when not given. */
  "readyMs",
  /** First answer (non-reasoning) delta; NaN when none. */
  "firstAnswerMs",
  /** The input length the workload asked for; NaN when none. */
  "targetInputTokens",
  /** Indices into the batch's `strings` (set by the buffer from the labels; -1 for none). */
  "errorClassRef",
  "errorRef",
  "finishReasonRef",
  /** The replica that answered, and those left after a connection error (space-separated); -1 for none. */
  "replicaRef",
  "replicaFailuresRef",
  /** Where this record's delta times start in its batch's `deltaTimesMs`, and how many (set by the buffer). */
  "deltaStart",
  "deltaCount",
] as const;
export type CompactField = (typeof COMPACT_FIELDS)[number];
export type CompactRecord = Record<CompactField, number>;
type OptionalField = "readyMs" | "firstAnswerMs" | "targetInputTokens";
type BufferField =
  | "deltaStart"
  | "deltaCount"
  | "errorClassRef"
  | "errorRef"
  | "finishReasonRef"
  | "replicaRef"
  | "replicaFailuresRef";
/** What a worker emits: the fixed columns (the buffer fills the delta and string columns; optional ones are NaN). */
export type CompactRecordInput = Omit<CompactRecord, BufferField | OptionalField> &
  Partial<Pick<CompactRecord, OptionalField>>;

/** The text of a record, carried in a per-batch string table. */
export interface CompactLabels {
  errorClass: string | null;
  error: string | null;
  finishReason: string | null;
  /** With several replicas: the one that answered (`GenerationResult.replica`). */
  replica?: string | null;
  /** With several replicas: those the request left after a connection error, space-separated. */
  replicaFailures?: string | null;
}

const NO_LABELS: CompactLabels = { errorClass: null, error: null, finishReason: null };

/**
 * A batch: fixed-width rows, the arrival times of every record's deltas (the inter-chunk gaps) back to back, and
 * the distinct strings its records refer to.
 */
export interface CompactBatch {
  rows: Float64Array;
  deltaTimesMs: Float64Array;
  strings?: string[];
}

export const COMPACT_WIDTH = COMPACT_FIELDS.length;

function grow(array: Float64Array, minLength: number): Float64Array {
  if (minLength <= array.length) return array;
  const grown = new Float64Array(Math.max(minLength, array.length * 2));
  grown.set(array);
  return grown;
}

/** Collects rows and hands them out in batches (a worker sends one batch per `flush`). */
export class CompactRecordBuffer {
  private rows: Float64Array;
  private deltas: Float64Array;
  private count = 0;
  private deltaCount = 0;
  private strings: string[] = [];
  private stringRefs = new Map<string, number>();

  constructor(capacityRows = 256) {
    this.rows = new Float64Array(capacityRows * COMPACT_WIDTH);
    this.deltas = new Float64Array(capacityRows * 16);
  }

  /** Adds a record and the absolute arrival times of its deltas (`GenerationResult.timings.deltaTimesMs`). */
  push(
    record: CompactRecordInput,
    deltaTimesMs: ArrayLike<number> = [],
    labels: CompactLabels = NO_LABELS,
  ): void {
    this.rows = grow(this.rows, (this.count + 1) * COMPACT_WIDTH);
    this.deltas = grow(this.deltas, this.deltaCount + deltaTimesMs.length);
    const full: CompactRecord = {
      readyMs: Number.NaN,
      firstAnswerMs: Number.NaN,
      targetInputTokens: Number.NaN,
      ...record,
      deltaStart: this.deltaCount,
      deltaCount: deltaTimesMs.length,
      errorClassRef: this.intern(labels.errorClass),
      errorRef: this.intern(labels.error),
      finishReasonRef: this.intern(labels.finishReason),
      replicaRef: this.intern(labels.replica ?? null),
      replicaFailuresRef: this.intern(labels.replicaFailures ?? null),
    };
    const at = this.count * COMPACT_WIDTH;
    for (let column = 0; column < COMPACT_WIDTH; column++)
      this.rows[at + column] = full[COMPACT_FIELDS[column] as CompactField];
    for (let index = 0; index < deltaTimesMs.length; index++)
      this.deltas[this.deltaCount + index] = deltaTimesMs[index] ?? Number.NaN;
    this.deltaCount += deltaTimesMs.length;
    this.count++;
  }

  private intern(text: string | null): number {
    if (text === null) return -1;
    let ref = this.stringRefs.get(text);
    if (ref === undefined) {
      ref = this.strings.length;
      this.strings.push(text);
      this.stringRefs.set(text, ref);
    }
    return ref;
  }
  get size(): number {
    return this.count;
  }

  /** The batch so far (copies sized to fit), and empties the buffer. */
  take(): CompactBatch {
    const batch = {
      rows: this.rows.slice(0, this.count * COMPACT_WIDTH),
      deltaTimesMs: this.deltas.slice(0, this.deltaCount),
      strings: this.strings,
    };
    this.count = 0;
    this.deltaCount = 0;
    this.strings = [];
    this.stringRefs = new Map();
    return batch;
  }
}

/** The number of records in `batch`. */
export function compactBatchSize(batch: CompactBatch): number {
  return batch.rows.length / COMPACT_WIDTH;
}

/** Row `row` of `batch` as an object, with a view of its delta times. */
export function readCompactRecord(
  batch: CompactBatch,
  row: number,
): { record: CompactRecord; deltaTimesMs: Float64Array; labels: CompactLabels } {
  const record = {} as CompactRecord;
  const at = row * COMPACT_WIDTH;
  COMPACT_FIELDS.forEach((field, column) => {
    record[field] = batch.rows[at + column] ?? Number.NaN;
  });
  const deltaTimesMs = batch.deltaTimesMs.subarray(record.deltaStart, record.deltaStart + record.deltaCount);
  const text = (ref: number): string | null => (ref < 0 ? null : (batch.strings?.[ref] ?? null));
  const labels: CompactLabels = {
    errorClass: text(record.errorClassRef),
    error: text(record.errorRef),
    finishReason: text(record.finishReasonRef),
  };
  const replica = text(record.replicaRef);
  if (replica !== null) labels.replica = replica;
  const replicaFailures = text(record.replicaFailuresRef);
  if (replicaFailures !== null) labels.replicaFailures = replicaFailures;
  return { record, deltaTimesMs, labels };
}

/** Shifts every timing column by `offsetMs` (a worker's clock onto the parent's). */
export function shiftTimings<T extends CompactRecordInput>(record: T, offsetMs: number): T {
  return {
    ...record,
    intendedMs: record.intendedMs + offsetMs,
    sentMs: record.sentMs + offsetMs,
    firstByteMs: record.firstByteMs + offsetMs,
    firstContentMs: record.firstContentMs + offsetMs,
    secondContentMs: record.secondContentMs + offsetMs,
    endMs: record.endMs + offsetMs,
    ...(record.readyMs === undefined ? {} : { readyMs: record.readyMs + offsetMs }),
    ...(record.firstAnswerMs === undefined ? {} : { firstAnswerMs: record.firstAnswerMs + offsetMs }),
  };
}
