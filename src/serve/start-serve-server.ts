// `llm-bench serve`'s HTTP server: the OpenAI-compatible layer over the in-process model.
import type { LocalLlamaBackend } from "../backends/local-llama/create-local-llama-backend.js";
import { serveLocalModel } from "./serve-local-model.js";
import { type OpenAiServer, startOpenAiServer } from "./start-openai-server.js";

export interface ServeServer extends OpenAiServer {
  /** e.g. `http://127.0.0.1:8000/v1`. */
  baseUrl: string;
}

/** Listens on `host:port` (port 0: a free one). Closing stops the server; the backend stays the caller's. */
export async function startServeServer(options: {
  backend: LocalLlamaBackend;
  port?: number;
  host?: string;
  /** Require `Authorization: Bearer <apiKey>` (see `startOpenAiServer`). */
  apiKey?: string | undefined;
}): Promise<ServeServer> {
  const server = await startOpenAiServer({
    backend: serveLocalModel(options.backend),
    port: options.port ?? 8000,
    host: options.host ?? "127.0.0.1",
    apiKey: options.apiKey,
  });
  return { ...server, baseUrl: server.url };
}
