/// <reference lib="dom" />
// The profile report's "Goodput & client" view: goodput against the SLOs (the objectives, good requests, goodput
// and their share) and the client's self-measurement (event-loop delay, CPU, each worker's) with the client-bound
// warning and its reasons when it fired; a merged multi-client profile's: one row per client. Client code: exported
// function declarations only (see dom.ts).
import type { ClientShardData, ProfileSection } from "../profile-report-data.js";
import { formatPercent, h, section, table } from "./dom.js";
import { profileFigure, profileRate } from "./profile-view.js";

export function profileGoodputView(profile: ProfileSection): HTMLElement {
  return h("div", null, profileGoodputSection(profile), profileClientSection(profile));
}

export function profileGoodputSection(profile: ProfileSection): HTMLElement {
  const goodput = profile.goodput;
  if (goodput === null) {
    return section(
      "Goodput",
      h(
        "p",
        { class: "empty", "data-testid": "goodput-none" },
        'No service-level objectives were given (--goodput "ttft:MS itl:MS e2e:MS"), so there is no goodput.',
      ),
    );
  }
  const measured = profile.totals.requestCount;
  const share = measured === 0 ? null : goodput.goodRequests / measured;
  return section(
    "Goodput against the SLOs",
    h(
      "p",
      { class: "note" },
      "A good request is answered and meets every objective; goodput is the good requests per second of the " +
        "profile's duration.",
    ),
    table(
      ["Objective", "Limit"],
      Object.entries(goodput.slosMs).map(([name, limitMs]) => [
        profileSloName(name),
        h(
          "span",
          { "data-testid": "slo", "data-slo": name, "data-value": String(limitMs) },
          `≤ ${limitMs} ms`,
        ),
      ]),
      { "data-testid": "slos" },
    ),
    h(
      "div",
      { class: "kpis" },
      profileFigure(
        "goodput-rps",
        "Goodput",
        goodput.goodputRps,
        profileRate(goodput.goodputRps, "req/s"),
        `request throughput ${profileRate(profile.totals.requestThroughputRps, "req/s")}`,
      ),
      profileFigure(
        "good-requests",
        "Good requests",
        goodput.goodRequests,
        goodput.goodRequests.toLocaleString(),
        `of ${measured.toLocaleString()} measured`,
      ),
      profileFigure("good-share", "Share good", share, formatPercent(share, 1), "good / measured requests"),
    ),
  );
}

/** An SLO's name in words ("ttft" → "Time to first token (ttft)"). */
export function profileSloName(name: string): string {
  const words: Record<string, string> = {
    ttft: "Time to first token",
    itl: "Inter-token latency",
    e2e: "Request latency",
    tpot: "Time per output token",
  };
  const known = words[name];
  return known === undefined ? name : `${known} (${name})`;
}

/** ms with two decimals ("6.02 ms"); "–" when absent. */
export function profileMsText(value: number | null): string {
  return value === null || !Number.isFinite(value) ? "–" : `${value.toFixed(2)} ms`;
}

export function profileClientSection(profile: ProfileSection): HTMLElement {
  const client = profile.client;
  if (profile.clients.length > 0) return profileClientsSection(profile.clients);
  if (client === null) {
    return section(
      "The client's self-measurement",
      h("p", { class: "empty" }, "This profile's summary has no client self-measurement (monitors.client)."),
    );
  }
  const limits = client.thresholds;
  const verdict = client.isClientBound
    ? h(
        "div",
        { class: "warning", "data-testid": "client-bound-warning", role: "alert" },
        h("strong", null, "The client was the bottleneck: these figures measure the client, not the server."),
        h(
          "ul",
          null,
          ...client.reasons.map((reason) => h("li", { "data-testid": "client-bound-reason" }, reason)),
        ),
        "Spread the load over several client processes with --workers N, or lower the load, and profile again.",
      )
    : h(
        "p",
        { class: "ok-note", "data-testid": "client-not-bound" },
        "The client was not the bottleneck: its event-loop delay p99 stayed within " +
          `${limits.loopDelayP99Ms} ms and its CPU within ${limits.cpuCores} of a core.`,
      );
  return section(
    "The client's self-measurement",
    verdict,
    h(
      "div",
      { class: "kpis" },
      profileFigure(
        "client-loop-p50",
        "Event-loop delay p50",
        client.loopDelayP50Ms,
        profileMsText(client.loopDelayP50Ms),
      ),
      profileFigure(
        "client-loop-p99",
        "Event-loop delay p99",
        client.loopDelayP99Ms,
        profileMsText(client.loopDelayP99Ms),
        `limit ${limits.loopDelayP99Ms} ms`,
      ),
      profileFigure(
        "client-loop-max",
        "Event-loop delay max",
        client.loopDelayMaxMs,
        profileMsText(client.loopDelayMaxMs),
      ),
      profileFigure(
        "client-cpu",
        "Client CPU",
        client.cpuCores,
        client.cpuCores === null ? "–" : `${client.cpuCores.toFixed(2)} cores`,
        `limit ${limits.cpuCores} of a core`,
      ),
      profileFigure(
        "client-wall",
        "Measured over",
        client.wallS,
        client.wallS === null ? "–" : `${client.wallS.toFixed(2)} s`,
      ),
    ),
    client.workers.length === 0
      ? null
      : table(
          ["Worker", "Status", "Event-loop delay p99", "CPU", "Client-bound"],
          client.workers.map((worker) => [
            String(worker.worker),
            worker.status ?? "–",
            profileMsText(worker.loopDelayP99Ms),
            worker.cpuCores === null ? "–" : `${worker.cpuCores.toFixed(2)} cores`,
            worker.isClientBound ? h("span", { class: "fail" }, "yes") : "no",
          ]),
          { "data-testid": "client-workers" },
        ),
    h(
      "p",
      { class: "note" },
      "How late the client's timers fired while it sent the load, and the CPU it used: when either is high the " +
        "client, not the server, sets the latencies.",
    ),
  );
}

/** A number cell of the clients' table: its text, the value in `data-value`. */
export function profileClientCell(testid: string, value: number | null, text: string): HTMLElement {
  return h("span", { "data-testid": testid, "data-value": value === null ? "" : String(value) }, text);
}

/** A merged multi-client profile: each client's own figures (its shard's summary), one row per client. */
export function profileClientsSection(clients: readonly ClientShardData[]): HTMLElement {
  const bound = clients.filter((client) => client.isClientBound);
  const verdict =
    bound.length > 0
      ? h(
          "div",
          { class: "warning", "data-testid": "client-bound-warning", role: "alert" },
          h(
            "strong",
            null,
            `${bound.length} of the ${clients.length} clients ${bound.length === 1 ? "was" : "were"} the ` +
              `bottleneck: ${bound.length === 1 ? "its" : "their"} requests went out late, so these figures ` +
              "measure the clients, not the server.",
          ),
          h(
            "ul",
            null,
            ...bound.flatMap((client) =>
              client.reasons.map((reason) =>
                h("li", { "data-testid": "client-bound-reason" }, `client ${client.shard}: ${reason}`),
              ),
            ),
          ),
          "Give those clients --workers N, or spread the load over more clients, and profile again.",
        )
      : h(
          "p",
          { class: "ok-note", "data-testid": "client-not-bound" },
          `None of the ${clients.length} clients was the bottleneck.`,
        );
  return section(
    "The clients' self-measurement",
    verdict,
    table(
      [
        "Client (shard)",
        "Requests",
        "Achieved rate",
        "Send lag p50",
        "Send lag p99",
        "Send lag max",
        "Event-loop delay p99",
        "CPU",
        "Client-bound",
      ],
      clients.map((client) => [
        h("span", { "data-testid": "client-shard", title: client.directory }, client.shard),
        profileClientCell(
          "client-shard-requests",
          client.measuredRequests,
          client.measuredRequests.toLocaleString(),
        ),
        profileClientCell(
          "client-shard-rate",
          client.achievedRequestRateRps,
          profileRate(client.achievedRequestRateRps, "req/s"),
        ),
        profileClientCell("client-shard-lag-p50", client.sendLagP50Ms, profileMsText(client.sendLagP50Ms)),
        profileClientCell("client-shard-lag-p99", client.sendLagP99Ms, profileMsText(client.sendLagP99Ms)),
        profileClientCell("client-shard-lag-max", client.sendLagMaxMs, profileMsText(client.sendLagMaxMs)),
        profileClientCell(
          "client-shard-loop-p99",
          client.loopDelayP99Ms,
          profileMsText(client.loopDelayP99Ms),
        ),
        profileClientCell(
          "client-shard-cpu",
          client.cpuCores,
          client.cpuCores === null ? "–" : `${client.cpuCores.toFixed(2)} cores`,
        ),
        client.isClientBound
          ? h("span", { class: "fail", "data-testid": "client-shard-bound" }, "yes")
          : h("span", { "data-testid": "client-shard-bound" }, "no"),
      ]),
      { "data-testid": "client-shards" },
    ),
    h(
      "p",
      { class: "note" },
      "Each client's figures are its own shard's: its achieved request rate, how late its sends went out (send " +
        "lag), its event-loop delay and CPU (with --workers: the worst delay of its processes, their CPU summed). " +
        "A client that could not keep up delays its own requests only.",
    ),
  );
}
