// The openai-http backend of a profile, its pool sized to the load plan.
import { createOpenAiHttpBackend } from "../backends/openai-http/create-openai-http-backend.js";
import type { ProfileOptions } from "../config/profile-options.js";
import type { Backend } from "../core/generation.js";
import { type ProfileLoadPlan, plannedConnections } from "./profile-load-plan.js";

export function createProfileBackend(options: ProfileOptions, model: string, plan: ProfileLoadPlan): Backend {
  return createOpenAiHttpBackend({
    baseUrl: options.baseUrl,
    model,
    ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
    connections: plannedConnections(plan),
    maxRetries: options.maxRetries,
    timeoutMs: options.timeoutMs,
    idleTimeoutMs: options.idleTimeoutMs,
    maxResponseBytes: options.maxResponseBytes,
    replicaEjectAfter: options.replicaEjectAfter,
    replicaCooldownMs: options.replicaCooldownMs,
  });
}
