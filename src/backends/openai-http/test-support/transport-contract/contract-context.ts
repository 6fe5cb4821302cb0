// What every case of the transport contract gets: the server under test, backends made for it, and the requests and
// checks the cases share.
import { expect } from "vitest";
import type { GenerationRequest, GenerationResult } from "../../../../core/generation.js";
import type { createOpenAiHttpBackend, OpenAiHttpBackendOptions } from "../../create-openai-http-backend.js";
import type { TestServer } from "../start-test-server.js";

export type ContractBackend = ReturnType<typeof createOpenAiHttpBackend>;

export interface ContractContext {
  /** The server of the run (started before the first case; its requests are cleared after each). */
  readonly server: TestServer;
  /** A backend for the server (model "test-model"), with the run's options; closed after the case. */
  backend(options?: Partial<OpenAiHttpBackendOptions>): ContractBackend;
  /** A base URL of the server's scheme on a port of 127.0.0.1 where nothing listens. */
  closedBaseUrl(): Promise<string>;
}

export const API_KEY = "sk-test-abcdef123456";

export const CHAT: GenerationRequest = {
  prompt: { type: "chat", messages: [{ role: "user", content: "Capital of Japan?" }] },
  params: {
    maxTokens: 32,
    temperature: 0,
    seed: 7,
    stop: ["\n\n"],
    extraBody: { top_k: 5, temperature: 0.3 },
  },
  stream: true,
};

export const COMPLETION: GenerationRequest = {
  prompt: { type: "completion", text: "2 + 2 =" },
  params: {},
  stream: true,
};

/** A short streamed chat request. */
export const SHORT_CHAT: GenerationRequest = {
  prompt: { type: "chat", messages: [{ role: "user", content: "hi" }] },
  params: {},
  stream: true,
};

/** sent ≤ first byte ≤ first content ≤ every delta ≤ end, and the first delta is the first content. */
export function expectOrderedTimings(result: GenerationResult): void {
  const { sentMs, firstByteMs, firstContentMs, deltaTimesMs, endMs } = result.timings;
  const ordered = [sentMs, firstByteMs, firstContentMs, ...deltaTimesMs, endMs];
  expect(ordered.every((value) => typeof value === "number")).toBe(true);
  const numbers = ordered as number[];
  for (let index = 1; index < numbers.length; index++) {
    expect(numbers[index]).toBeGreaterThanOrEqual(numbers[index - 1] as number);
  }
  expect(deltaTimesMs[0]).toBe(firstContentMs);
}
