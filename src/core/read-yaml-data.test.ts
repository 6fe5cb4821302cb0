// YAML is data only: tags that would construct code are refused, unknown custom tags too, an alias bomb stops at
// the alias limit; plain YAML (anchors used a few times included) reads as before.
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_YAML_ALIAS_COUNT, readYamlData } from "./read-yaml-data.js";

const marker = join(tmpdir(), `yaml-pwned-${process.pid}`);

/** Nine times nine … nine references: 9^8 ≈ 43 million leaves once expanded. */
function billionLaughs(): string {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  const names = "abcdefgh";
  for (let index = 1; index < names.length; index++) {
    const previous = names[index - 1];
    lines.push(`${names[index]}: &${names[index]} [${Array(9).fill(`*${previous}`).join(",")}]`);
  }
  return `${lines.join("\n")}\n`;
}

describe("readYamlData", () => {
  it.each([
    [
      "!!js/function",
      `scorer: !!js/function 'function () { require("fs").writeFileSync("${marker}", "x") }'\n`,
    ],
    ["!!js/eval", `x: !!js/eval 'globalThis.YAML_PWNED = 1'\n`],
    ["!!python/object/apply", `x: !!python/object/apply:os.system ["touch ${marker}"]\n`],
    ["!!python/name", "x: !!python/name:os.system\n"],
    ["a custom !tag", "x: !include /etc/passwd\n"],
    ["a tag on a map", "x: !Thing {a: 1}\n"],
  ])("refuses %s, naming the tag and its line, and runs nothing", (_name, text) => {
    const data = readYamlData(`name: ok\n${text}`);
    expect(data).toMatchObject({ status: "error", line: 2 });
    expect(data.status === "error" && data.message).toMatch(
      /^the tag \S+ is not allowed: YAML here is plain data/,
    );
    expect(existsSync(marker)).toBe(false);
    expect((globalThis as Record<string, unknown>)["YAML_PWNED"]).toBeUndefined();
  });

  it("stops an alias bomb at the alias limit, with a clear message", () => {
    const data = readYamlData(billionLaughs());
    expect(data.status).toBe("error");
    expect(data.status === "error" && data.message).toMatch(
      new RegExp(`more than ${MAX_YAML_ALIAS_COUNT} alias expansions \\(an alias bomb\\?\\)`),
    );
  });

  it("reads plain data: the core schema's types, an anchor used a few times, the standard !!str tag", () => {
    const data = readYamlData("a: &x [1, 2.5, true, null, text]\nb: *x\nc: !!str 12\nd: '2024-01-01'\n");
    expect(data.status).toBe("ok");
    expect(data.status === "ok" && data.value).toEqual({
      a: [1, 2.5, true, null, "text"],
      b: [1, 2.5, true, null, "text"],
      c: "12",
      d: "2024-01-01",
    });
  });

  it("reports a syntax error with its line, and a duplicate key", () => {
    expect(readYamlData("a: 1\nb: [1, 2\n")).toMatchObject({ status: "error" });
    expect(readYamlData("a: 1\na: 2\n")).toMatchObject({ status: "error", line: 2 });
  });
});
