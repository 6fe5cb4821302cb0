// How `profile` loads the server: closed or open loop, arrivals, how many requests, warm-up, client processes.
import { z } from "zod";
import { ARRIVAL_KINDS } from "../core/arrival-kinds.js";
import { option, optionGroup } from "./option.js";

export const loadOptions = optionGroup("Load", {
  concurrency: option({
    schema: z.number().int().min(1).max(1_000_000).optional(),
    flag: "concurrency",
    placeholder: "N",
    help: "Closed loop: N requests in flight.",
    defaultHelp: "1",
  }),
  requestRate: option({
    schema: z.number().positive().optional(),
    flag: "request-rate",
    placeholder: "R",
    help: "Open loop: R requests/s on a schedule.",
  }),
  arrival: option({
    schema: z.enum(ARRIVAL_KINDS).default("poisson"),
    flag: "arrival",
    help: "Interarrival distribution of --request-rate.",
  }),
  burstiness: option({
    schema: z.number().positive().default(1),
    flag: "burstiness",
    placeholder: "B",
    help: "Gamma shape with --arrival gamma: <1 burstier, >1 steadier.",
  }),
  maxConcurrency: option({
    schema: z.number().int().min(1).optional(),
    flag: "max-concurrency",
    placeholder: "N",
    help: "Cap on requests in flight with --request-rate; late requests queue.",
  }),
  numRequests: option({
    schema: z.number().int().min(1).optional(),
    flag: "num-requests",
    aliases: ["request-count"],
    placeholder: "N",
    help: "Measured requests.",
    defaultHelp: "the workload's size, or 100",
  }),
  durationS: option({
    schema: z.number().positive().optional(),
    flag: "duration",
    placeholder: "S",
    help: "Stop scheduling after S seconds.",
  }),
  warmup: option({
    schema: z.number().int().min(0).default(0),
    flag: "warmup",
    placeholder: "N",
    help: "Requests sent first and left out of the statistics.",
  }),
  /** Before t0, ms of the client's own warm-up against an in-process mock server (0: none). */
  clientWarmupMs: option({
    schema: z.number().int().min(0).max(60_000).default(300),
    flag: "client-warmup-ms",
    placeholder: "MS",
    help:
      "Before t0, run the client's own request path this long against an in-process mock server, so the first " +
      "requests are not sent by cold code (0 skips it). The server under test gets none of it.",
  }),
  seed: option({
    schema: z.number().int().default(0),
    flag: "seed",
    placeholder: "S",
    help: "Seed of arrivals and synthetic prompts.",
  }),
  /**
   * The load's t0 on the wall clock (ISO 8601 with a zone). Shards of one profile (`--shard I/N`) on several
   * machines give the same one, so their parts of the one seeded schedule line up; checked against the clock when
   * the profile starts (see `run-profile.ts`).
   */
  startAt: option({
    schema: z.iso
      .datetime({ offset: true, message: "must be an ISO 8601 time with a zone, e.g. 2030-01-02T10:00:00Z" })
      .optional(),
    flag: "start-at",
    placeholder: "ISO-TIME",
    expected: "an ISO 8601 time with a zone (e.g. 2030-01-02T10:00:00Z)",
    help:
      "Start the load at this wall-clock time (ISO 8601 with a zone, e.g. 2030-01-02T10:00:00Z); needed with " +
      "--shard, the same on every client, so the shards send one schedule together.",
    defaultHelp: "as soon as ready",
  }),
  /** Client processes sharing the load (`--workers`); 1 runs it in this process. */
  workers: option({
    schema: z.number().int().min(1).max(512).default(1),
    flag: "workers",
    placeholder: "N",
    help: "Spread the load over N client processes (request i goes to process i mod N; records merged).",
  }),
  goodput: option({
    schema: z.string().optional(),
    flag: "goodput",
    placeholder: '"ttft:MS itl:MS e2e:MS"',
    help: "Service-level objectives; goodput counts the requests that meet all of them.",
  }),
});
