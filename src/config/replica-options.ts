// How requests are spread over several replicas (`--base-url` given more than once): when a replica is taken out of
// rotation and when it is tried again (`run`, `profile`).
import { z } from "zod";
import { numberFromText, option, optionGroup } from "./option.js";

export const replicaOptions = optionGroup(
  "Replicas",
  {
    replicaEjectAfter: option({
      schema: z.number().int().min(1).max(10_000).default(3),
      flag: "replica-eject-after",
      placeholder: "N",
      help:
        "Take a replica out of rotation after this many connection errors in a row (refused, reset; an HTTP " +
        "error answer is not one).",
    }),
    replicaCooldownMs: option({
      schema: z.number().int().min(1).max(3_600_000).default(10_000),
      flag: "replica-cooldown",
      placeholder: "S",
      fromText: (text) => {
        const seconds = numberFromText(text);
        return typeof seconds === "number" ? Math.round(seconds * 1000) : seconds;
      },
      expected: "a positive number of seconds",
      help: "Seconds a replica out of rotation rests before one request probes it; an answer puts it back.",
      defaultHelp: "10",
    }),
  },
  { note: "With several --base-url replicas only." },
);
