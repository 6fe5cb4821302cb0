// Where a server command listens (`serve`, `mock-server`).
import { z } from "zod";
import { option, optionGroup } from "./option.js";

export const listenOptions = optionGroup("Listen", {
  port: option({
    schema: z.number().int().min(0).max(65_535).default(8000),
    flag: "port",
    placeholder: "P",
    help: "Port to listen on (0 picks a free one).",
  }),
  host: option({
    schema: z.string().min(1).default("127.0.0.1"),
    flag: "host",
    placeholder: "HOST",
    help: "Address to bind.",
  }),
});
