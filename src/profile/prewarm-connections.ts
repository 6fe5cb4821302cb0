// Opens a load's connections before its t0 through the backend (connects only, no request), so that the first
// requests of the load do not each pay for a connect.
import type { Backend } from "../core/generation.js";

/** Resolves when the connections are open (or failed: the requests will say so). */
export async function prewarmConnections(
  backend: Backend,
  count: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  if (count <= 0 || backend.openConnections === undefined) return;
  await backend.openConnections(count, signal === undefined ? {} : { signal });
}
