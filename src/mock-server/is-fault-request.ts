// Which requests the mock answers with an injected fault: a seeded hash of the request's number.
import { mix32 } from "./hash-string-32.js";

const TWO_POW_32 = 2 ** 32;

/** The request's one uniform draw in [0, 1): whether it faults, and with which kind, are both read off it. */
export function faultDraw(seed: number, requestNumber: number): number {
  return mix32(mix32(requestNumber) ^ mix32(seed ^ 0x5bd1e995)) / TWO_POW_32;
}

/** True for the `requestNumber`-th generation request (1-based) when its draw falls below `faultRate`. */
export function isFaultRequest(seed: number, requestNumber: number, faultRate: number): boolean {
  if (faultRate <= 0) return false;
  return faultDraw(seed, requestNumber) < faultRate;
}
