// extract_code: the lines between the last two lines that contain ```.
import { describe, expect, it } from "vitest";
import { extractLcbCode } from "./lcb-extract.js";

describe("extractLcbCode", () => {
  it("takes the body of the only fence", () => {
    expect(extractLcbCode("Here:\n```python\nprint(1)\nprint(2)\n```\nDone.")).toBe("print(1)\nprint(2)");
  });

  it("takes the LAST block when there are several", () => {
    expect(extractLcbCode("```python\nfirst()\n```\ntext\n```python\nsecond()\n```")).toBe("second()");
  });

  it("uses lines that merely contain ```, wherever they sit on the line", () => {
    expect(extractLcbCode("code: ```py\nx = 1\nend``` here")).toBe("x = 1");
    // Between the last two fence lines even when they close one block and open the next.
    expect(extractLcbCode("```\na\n```\nbetween\n```\nb")).toBe("between");
  });

  it("returns '' with fewer than two fence lines", () => {
    expect(extractLcbCode("print(1)")).toBe("");
    expect(extractLcbCode("```python\nprint(1)")).toBe("");
    expect(extractLcbCode("")).toBe("");
  });

  it("keeps the body byte for byte (\\r, indentation, empty lines)", () => {
    expect(extractLcbCode("```\r\n  a\r\n\r\n```")).toBe("  a\r\n\r");
    expect(extractLcbCode("```\n```")).toBe("");
  });
});
