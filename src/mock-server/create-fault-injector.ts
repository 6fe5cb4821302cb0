// The mock server's fault injection: which fault each generation request gets (a seeded draw per request number),
// what that fault does on the wire, and how many of each kind went out.
import type { FaultKind, FaultRates } from "../config/fault-rates.js";
import type { InjectedFault } from "../serve/answer-generation-request.js";
import { CapturedAnswer } from "./captured-answer.js";
import { emptyFaultStats, type FaultStats } from "./fault-counts.js";
import { buildFaultTable, type FaultChoice, pickFault } from "./fault-table.js";
import { FAULT_MESSAGE } from "./fault-wire.js";
import { type InsteadFaultKind, writeFaultInstead } from "./write-fault-instead.js";
import { type AnswerFaultKind, type AnswerFaultTiming, writeFaultedAnswer } from "./write-faulted-answer.js";

export interface FaultSettings extends AnswerFaultTiming {
  rates: FaultRates;
  /** The HTTP status of a bare rate's faults. */
  status: number;
  seed: number;
  /** Sent as `retry-after-ms` with every HTTP-status fault when set. */
  retryAfterMs: number | undefined;
  /** Prefixes the id of an oversized answer. */
  idPrefix: string;
}

export interface FaultInjector {
  /** The fault of generation request `requestNumber` (1-based), or undefined; every call counts one request. */
  inject(requestNumber: number): InjectedFault | undefined;
  /** Requests seen and faults applied so far. */
  stats(): FaultStats;
}

export function createFaultInjector(settings: FaultSettings): FaultInjector {
  const table = buildFaultTable(settings.rates);
  const counts = emptyFaultStats();
  const count = (key: string): void => {
    counts.faults[key] = (counts.faults[key] ?? 0) + 1;
  };
  const retryAfterMs =
    settings.retryAfterMs === undefined ? {} : { "retry-after-ms": String(settings.retryAfterMs) };

  const reply = (key: string, status: number, headers: Record<string, string> = {}): InjectedFault => {
    count(key);
    return { type: "reply", status, message: FAULT_MESSAGE, headers: { ...retryAfterMs, ...headers } };
  };

  const faultOf = (choice: FaultChoice, requestNumber: number): InjectedFault => {
    switch (choice) {
      case "status":
        return reply(`http-${settings.status}`, settings.status);
      case "http-500":
        return reply(choice, 500);
      case "http-502":
        return reply(choice, 502);
      case "http-503":
        return reply(choice, 503);
      case "http-429":
        return reply(choice, 429);
      case "http-429-retry-after-seconds":
        return reply(choice, 429, { "retry-after": "1" });
      case "http-429-retry-after-date":
        // The next whole second after now + 1 s: an HTTP-date has whole seconds, so it is 1–2 s ahead.
        return reply(choice, 429, {
          "retry-after": new Date(Math.ceil((Date.now() + 1000) / 1000) * 1000).toUTCString(),
        });
      case "reset-before-response":
      case "html-200":
      case "empty-body":
      case "oversized":
        return instead(choice, requestNumber);
      case "error-event":
      case "reset-mid-stream":
      case "stall":
      case "broken-json-chunk":
      case "missing-done":
      case "wrong-content-type":
      case "slow-trickle":
        return throughAnswer(choice, requestNumber);
      default: {
        const unreachable: never = choice;
        return unreachable;
      }
    }
  };

  const instead = (kind: InsteadFaultKind & FaultKind, requestNumber: number): InjectedFault => ({
    type: "intercept",
    intercept: (response, isStream) => {
      count(kind);
      writeFaultInstead(kind, response, isStream, `${settings.idPrefix}${requestNumber}`);
      return undefined;
    },
  });

  const throughAnswer = (kind: AnswerFaultKind, requestNumber: number): InjectedFault => ({
    type: "intercept",
    intercept: (response, isStream) => {
      // vLLM answers an error of a request that is not streamed as an HTTP 500: no answer byte goes out.
      if (kind === "error-event" && !isStream) {
        count(kind);
        writeFaultInstead(kind, response, isStream, `${settings.idPrefix}${requestNumber}`);
        return undefined;
      }
      return new CapturedAnswer(response, (answer) => {
        // A failed answer (the backend's own error) goes out as it is.
        if (answer.status !== 200) {
          response.writeHead(answer.status, answer.headers);
          response.end(answer.body);
          return;
        }
        count(kind);
        writeFaultedAnswer(kind, response, answer, isStream, settings);
      });
    },
  });

  return {
    inject(requestNumber) {
      counts.requests++;
      const choice = pickFault(table, settings.seed, requestNumber);
      return choice === undefined ? undefined : faultOf(choice, requestNumber);
    },
    stats: () => ({ requests: counts.requests, faults: { ...counts.faults } }),
  };
}
