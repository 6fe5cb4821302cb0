// ServerUnreachableError's reason: one line, and a TLS handshake answered in plain HTTP names the http:// URL.
import { describe, expect, it } from "vitest";
import { ServerUnreachableError } from "./errors.js";

describe("ServerUnreachableError", () => {
  it("an https:// URL to a plain HTTP server says to use http://", () => {
    const cause = Object.assign(
      new Error("80EC:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:x.c:350:\n"),
      {
        code: "ERR_SSL_WRONG_VERSION_NUMBER",
      },
    );
    const error = new ServerUnreachableError("https://127.0.0.1:8000/v1", { cause });
    expect(error.message).toContain("the server speaks plain HTTP, use http://127.0.0.1:8000/v1");
    expect(error.message).not.toContain("\n");
  });

  it("keeps the first line of any other reason", () => {
    const error = new ServerUnreachableError("http://127.0.0.1:9/v1", {
      cause: new Error("connect ECONNREFUSED 127.0.0.1:9\nmore"),
    });
    expect(error.message).toBe(
      "Cannot reach the server at http://127.0.0.1:9/v1 (connect ECONNREFUSED 127.0.0.1:9). Is it running, and is --base-url right?",
    );
  });
});
