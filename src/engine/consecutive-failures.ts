// Tells when a server is gone, or is no OpenAI server at all: this many requests in a row failed to connect, or got
// answers that are not OpenAI's (after their retries).

/** Why a run of failures says the server is gone: it cannot be reached, or what answers is not an OpenAI API. */
export type ServerFailureKind = "unreachable" | "not-openai";

export interface ServerGone {
  /** Requests in a row that failed so. */
  failures: number;
  /** The last one's message. */
  example: string;
  /** The last one's kind. */
  reason: ServerFailureKind;
}

export class ConsecutiveFailures {
  readonly #limit: number;
  #count = 0;
  #gone: ServerGone | undefined;

  /** `limit` 0 never calls the server gone. */
  constructor(limit: number) {
    this.#limit = limit;
  }

  /**
   * Counts one ended request (`kind` undefined: anything else, which ends the run of failures); returns true the
   * first time the run of failures reaches the limit.
   */
  record(kind: ServerFailureKind | undefined, message: string): boolean {
    if (kind === undefined) {
      this.#count = 0;
      return false;
    }
    this.#count++;
    if (this.#limit === 0 || this.#count < this.#limit || this.#gone !== undefined) return false;
    this.#gone = { failures: this.#count, example: message, reason: kind };
    return true;
  }

  get gone(): ServerGone | undefined {
    return this.#gone;
  }
}
