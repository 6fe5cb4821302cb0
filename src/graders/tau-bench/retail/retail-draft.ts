// τ-bench's retail tools change the data in place, and a change made before an exception is raised stays made. A
// draft lets a tool follow the Python step by step: records it edits are copied on first edit (the input data is
// never touched), and an exception raised after an edit carries the data changed so far, as τ-bench would keep it.
import type { PyDict } from "../python-data.js";
import { isPyDict } from "../python-data.js";
import {
  keyError,
  PythonException,
  type TauData,
  type TauToolOutcome,
  tableOf,
  withRecord,
} from "../tau-tool.js";

export class RetailDraft {
  #data: TauData;
  readonly #edited = new Map<string, PyDict>();

  constructor(data: TauData) {
    this.#data = data;
  }

  /** The data with every edit so far. */
  get data(): TauData {
    return this.#data;
  }

  /** A table, to read. */
  table(name: string): PyDict {
    return tableOf(this.#data, name);
  }

  /** `data[table][key]`, to read (a KeyError when absent). */
  read(table: string, key: string): PyDict {
    const record = this.table(table).get(key);
    if (!isPyDict(record)) throw keyError(key);
    return record;
  }

  /** `data[table][key]`, to change in place: a copy of the record, made on the first edit and kept in the draft. */
  edit(table: string, key: string): PyDict {
    const id = `${table}\u0000${key}`;
    const edited = this.#edited.get(id);
    if (edited !== undefined) return edited;
    let copy: PyDict | undefined;
    this.#data = withRecord(this.#data, table, key, (record) => {
      copy = record;
    });
    if (copy === undefined) throw keyError(key);
    this.#edited.set(id, copy);
    return copy;
  }
}

/**
 * Runs a tool's body on a draft of `data`: its observation and the edited data, or its exception with the data
 * it had changed before raising.
 */
export function runOnDraft(data: TauData, body: (draft: RetailDraft) => string): TauToolOutcome {
  const draft = new RetailDraft(data);
  try {
    const output = body(draft);
    return { output, data: draft.data };
  } catch (error) {
    if (error instanceof PythonException && error.dataSoFar === undefined && draft.data !== data) {
      throw new PythonException(error.pythonType, error.message, draft.data);
    }
    throw error;
  }
}
