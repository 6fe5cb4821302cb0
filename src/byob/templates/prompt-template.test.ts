// Template choice and rendering as NeMo's BYOB does it; Jinja outputs checked against jinja2's defaults (no
// trim_blocks, one trailing newline dropped, StrictUndefined) by hand.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../errors.js";
import { compilePromptTemplate, isTemplatePath, loadPromptTemplate } from "./prompt-template.js";
import { TemplateError } from "./python-format.js";

const ROW = { question: "2+2?", choices: ["3", "4"], meta: { level: "easy" } };

describe("prompt templates", () => {
  it("formats plain text with Python's str.format", () => {
    const template = compilePromptTemplate("Q: {question}\nA:", "inline");
    expect(template.kind).toBe("format");
    expect(template.render(ROW)).toBe("Q: 2+2?\nA:");
  });

  it("uses Jinja when the text holds {% or {#, with jinja2's defaults", () => {
    const loop = compilePromptTemplate(
      "{# choices #}Q: {{ question }}\n{% for c in choices %}\n{{ loop.index }}. {{ c }}\n{% endfor %}\n",
      "inline",
    );
    expect(loop.kind).toBe("jinja");
    expect(loop.render(ROW)).toBe("Q: 2+2?\n\n1. 3\n\n2. 4\n");
    expect(
      compilePromptTemplate("{% if meta.level == 'easy' %}E{% endif %}{{ question | upper }}", "x").render(
        ROW,
      ),
    ).toBe("E2+2?");
  });

  it("treats {{ }} in a plain template as Python escapes, not Jinja", () => {
    expect(compilePromptTemplate("{{literal}} {question}", "inline").render(ROW)).toBe("{literal} 2+2?");
  });

  it("rejects an undefined Jinja variable as StrictUndefined does, naming it and the row's fields", () => {
    const template = compilePromptTemplate("{% if x %}{{ questoin }}{% endif %}", "inline");
    expect(() => template.render(ROW)).toThrow(TemplateError);
    expect(() => template.render(ROW)).toThrow(
      /undefined variables "x", "questoin" \(the row's fields: question, choices, meta\)/,
    );
    expect(() => compilePromptTemplate("{% if %}", "inline")).toThrow(/not a valid Jinja template/);
  });

  it("reads .txt/.md/.jinja/.jinja2 paths relative to the definition, .jinja as Jinja even without tags", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "byob-template-"));
    writeFileSync(path.join(dir, "p.txt"), "Q: {question}\n");
    writeFileSync(path.join(dir, "p.jinja"), "Q: {{ question }}\n");
    expect(isTemplatePath("prompts/p.txt")).toBe(true);
    expect(isTemplatePath("Q: {x}. Use .txt")).toBe(true);
    expect(isTemplatePath("Q: {x}")).toBe(false);
    const text = await loadPromptTemplate("p.txt", dir);
    expect([text.kind, text.render(ROW), text.origin]).toEqual([
      "format",
      "Q: 2+2?\n",
      path.join(dir, "p.txt"),
    ]);
    const jinja = await loadPromptTemplate("p.jinja", dir);
    expect([jinja.kind, jinja.render(ROW)]).toEqual(["jinja", "Q: 2+2?"]);
    await expect(loadPromptTemplate("missing.md", dir)).rejects.toThrow(ConfigError);
    await expect(loadPromptTemplate("missing.md", dir)).rejects.toThrow(
      /missing\.md \(from "missing\.md"\) does not exist/,
    );
  });
});
