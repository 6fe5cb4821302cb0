// Sharding a run or profile over several processes or machines (`--shard I/N`, `--shard auto --shards N`).
import { z } from "zod";
import { option, optionGroup } from "./option.js";

export const shardOptions = optionGroup("Shards", {
  /** "I/N" (0-based) or "auto"; resolved by `stats/shard.ts` `parseShard` and written to run.json as "I/N". */
  shard: option({
    schema: z
      .string()
      .regex(/^(auto|\d+\/\d+)$/, { message: "must be I/N (0-based, e.g. 0/4) or auto" })
      .optional(),
    flag: "shard",
    placeholder: "I/N|auto",
    help:
      "Run only shard I of N (0-based) — each sample in exactly one shard, by a hash of benchmark and sample id " +
      "(profile: request i in shard i mod N, with --start-at); join the shards with `llm-bench merge`. auto: the index and count of a Slurm job array or a Kubernetes " +
      "Indexed Job.",
    defaultHelp: "every sample",
  }),
  shards: option({
    schema: z.number().int().min(1).optional(),
    flag: "shards",
    placeholder: "N",
    help: "The shard count for --shard auto where the environment does not say it (a Kubernetes Indexed Job).",
  }),
});
