// For the tests that our servers listen on 127.0.0.1 only: a raw TCP connection's outcome, and an address of this
// machine that is not loopback.
import { connect } from "node:net";
import { networkInterfaces } from "node:os";

/** An IPv4 address of this machine that is not loopback, if it has one. */
export const outsideAddress: string | undefined = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry !== undefined && !entry.internal && entry.family === "IPv4")?.address;

/** "connected" or the error code of a TCP connection to `host:port` ("timeout" after 5 s). */
export function tryConnect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(5_000, () => {
      socket.destroy();
      resolve("timeout");
    });
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}
