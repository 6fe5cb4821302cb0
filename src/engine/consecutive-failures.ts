// Tells when a server is gone: this many requests in a row failed to connect (after their retries).

export interface ServerGone {
  /** Requests in a row that could not connect. */
  failures: number;
  /** The last one's message. */
  example: string;
}

export class ConsecutiveFailures {
  readonly #limit: number;
  #count = 0;
  #gone: ServerGone | undefined;

  /** `limit` 0 never calls the server gone. */
  constructor(limit: number) {
    this.#limit = limit;
  }

  /** Counts one ended request; returns true the first time the run of failures reaches the limit. */
  record(isConnectionFailure: boolean, message: string): boolean {
    if (!isConnectionFailure) {
      this.#count = 0;
      return false;
    }
    this.#count++;
    if (this.#limit === 0 || this.#count < this.#limit || this.#gone !== undefined) return false;
    this.#gone = { failures: this.#count, example: message };
    return true;
  }

  get gone(): ServerGone | undefined {
    return this.#gone;
  }
}
