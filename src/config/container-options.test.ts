// --container-memory's sizes, read as Docker reads --memory (binary units).
import { describe, expect, it } from "vitest";
import { bytesFromText } from "./container-options.js";

describe("bytesFromText", () => {
  it.each([
    ["2g", 2 * 1024 ** 3],
    ["512m", 512 * 1024 ** 2],
    ["1.5GiB", 1.5 * 1024 ** 3],
    ["64 MB", 64 * 1024 ** 2],
    ["2147483648", 2147483648],
  ])("%s → %d bytes", (text, bytes) => {
    expect(bytesFromText(text)).toBe(bytes);
  });

  it("gives back text it cannot read, for the option's message", () => {
    expect(bytesFromText("lots")).toBe("lots");
    expect(bytesFromText("2 parsecs")).toBe("2 parsecs");
  });
});
