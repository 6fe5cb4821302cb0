/// <reference lib="dom" />
// The report page's DOM and text helpers. Runs in the browser: like every file under client/, it exports only
// function declarations, which the page builder inlines by their source (`page-script.ts`), so nothing here may
// use a module-level value or an import other than a type.
import type { TextRef } from "../report-model.js";

type Child = Node | string | number | null | undefined | false;

/** An element with attributes (`on*` functions become listeners, `class`/`style`/data-* as given) and children. */
export function h(
  tag: string,
  attributes: Record<string, unknown> | null = null,
  ...children: (Child | Child[])[]
): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      element.addEventListener(name.slice(2).toLowerCase(), value as EventListener);
    } else if (name === "value" && "value" in element) {
      (element as HTMLInputElement).value = String(value);
    } else {
      element.setAttribute(name, value === true ? "" : String(value));
    }
  }
  appendChildren(element, children);
  return element;
}

/** An SVG element (namespaced), attributes as given. */
export function svgElement(
  tag: string,
  attributes: Record<string, string | number> = {},
  ...children: (Node | string)[]
): SVGElement {
  const element = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  for (const child of children) element.append(child);
  return element;
}

export function appendChildren(parent: Element, children: (Child | Child[])[]): void {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(typeof child === "number" ? String(child) : child);
  }
}

/** The text of a string-table reference: its parts joined. */
export function textOf(strings: readonly string[], ref: TextRef | number): string {
  if (typeof ref === "number") return strings[ref] ?? "";
  let text = "";
  for (const part of ref) text += strings[part] ?? "";
  return text;
}

/** A fraction as a percentage with `digits` decimals ("71.43%"); "–" for null. */
export function formatPercent(fraction: number | null | undefined, digits = 2): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return "–";
  return `${(fraction * 100).toFixed(digits)}%`;
}

/** A number with `digits` decimals; "–" for null. */
export function formatNumber(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "–";
  return value.toFixed(digits);
}

/** Milliseconds: "812 µs", "35.2 ms", "4.10 s". */
export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "–";
  if (ms < 1) return `${Math.round(ms * 1000)} µs`;
  if (ms < 1000) return `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

/** A 95% CI as "[a%, b%]"; "–" when absent. */
export function formatInterval(ci: readonly [number, number] | null | undefined, digits = 2): string {
  if (ci === null || ci === undefined) return "–";
  return `[${formatPercent(ci[0], digits)}, ${formatPercent(ci[1], digits)}]`;
}

/** A section: a heading and its content. */
export function section(title: string, ...children: (Child | Child[])[]): HTMLElement {
  return h("section", { class: "section" }, h("h2", null, title), ...children);
}

/** A plain table: header cells and rows of cells (strings, numbers or nodes); `data-testid` for tests. */
export function table(
  header: readonly string[],
  rows: readonly (readonly Child[])[],
  attributes: Record<string, unknown> = {},
): HTMLElement {
  return h(
    "table",
    { class: "grid", ...attributes },
    h("thead", null, h("tr", null, ...header.map((cell) => h("th", null, cell)))),
    h("tbody", null, ...rows.map((row) => h("tr", null, ...row.map((cell) => h("td", null, cell))))),
  );
}
