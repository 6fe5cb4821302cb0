/// <reference lib="dom" />
// One sample as the report shows it: the response, the reasoning (collapsed), the extracted answer, the gold
// answer, the grade's reason and the request's timings first, then the prompt (chat turns by role, the turns
// before the last question — few-shot examples — collapsed).
// Client code: exported function declarations only (see dom.ts).
import type { PromptData, SampleData } from "../report-model.js";
import { formatMs, h, textOf } from "./dom.js";

/** The sample's panel; `data-testid="sample-detail"` and `data-sample-id` for tests. */
export function sampleDetail(strings: readonly string[], sample: SampleData, taskName: string): HTMLElement {
  const timings = sample.timings;
  const reasoning = textOf(strings, sample.reasoning);
  return h(
    "article",
    {
      class: `sample-detail status-${sample.status}`,
      "data-testid": "sample-detail",
      "data-sample-id": sample.id,
    },
    h(
      "header",
      null,
      h("span", { class: "sample-id" }, sample.id),
      h("span", { class: "task" }, taskName),
      h("span", { class: `badge status-${sample.status}`, "data-field": "status" }, sample.status),
      sample.errorClass === null
        ? null
        : h("span", { class: "badge status-error" }, textOf(strings, sample.errorClass)),
    ),
    h("h4", null, "Response"),
    h("pre", { class: "text response", "data-field": "response" }, textOf(strings, sample.response)),
    reasoning === ""
      ? null
      : h(
          "details",
          { class: "reasoning" },
          h("summary", null, `Reasoning (${reasoning.length.toLocaleString()} characters)`),
          h("pre", { class: "text", "data-field": "reasoning" }, reasoning),
        ),
    h(
      "dl",
      { class: "grade" },
      h("dt", null, "Extracted"),
      h(
        "dd",
        { "data-field": "extracted" },
        sample.extracted === null ? h("em", null, "nothing extracted") : textOf(strings, sample.extracted),
      ),
      h("dt", null, "Gold"),
      h("dd", { "data-field": "gold" }, textOf(strings, sample.gold)),
      h("dt", null, "Grade"),
      h("dd", { "data-field": "grade-reason" }, textOf(strings, sample.gradeReason) || "–"),
      h("dt", null, "Finish"),
      h("dd", null, sample.finishReason),
      h("dt", null, "Timings"),
      h(
        "dd",
        { "data-field": "timings" },
        `TTFT ${formatMs(timings.ttftMs)} · ITL ${formatMs(timings.itlMs)} · end-to-end ${formatMs(timings.e2eMs)}` +
          ` · ${timings.inputTokens ?? "–"} tokens in, ${timings.outputTokens ?? "–"} out` +
          ` · sent ${(timings.sentAtMs / 1000).toFixed(2)} s into session ${timings.session}`,
      ),
    ),
    h("h4", null, "Prompt"),
    promptView(strings, sample.prompt),
  );
}

/** The prompt: chat turns each under its role, a completion text, or a long prompt's digest and tail. */
export function promptView(strings: readonly string[], prompt: PromptData): HTMLElement {
  if (prompt.form === "chat") {
    const turn = (role: string, content: number[]) =>
      h(
        "div",
        { class: `turn role-${role}` },
        h("span", { class: "role" }, role),
        h("pre", { class: "text" }, textOf(strings, content)),
      );
    // The last user turn and what follows it are the question; earlier turns are shots or history.
    let lastUser = prompt.turns.length - 1;
    while (lastUser > 0 && prompt.turns[lastUser]?.role !== "user") lastUser--;
    const earlier = prompt.turns.slice(0, lastUser);
    const question = prompt.turns.slice(lastUser);
    return h(
      "div",
      { class: "chat", "data-field": "prompt" },
      earlier.length === 0
        ? null
        : h(
            "details",
            { class: "earlier-turns" },
            h(
              "summary",
              null,
              `${earlier.length} earlier turn${earlier.length === 1 ? "" : "s"} (few-shot examples or history)`,
            ),
            ...earlier.map((each) => turn(each.role, each.content)),
          ),
      ...question.map((each) => turn(each.role, each.content)),
    );
  }
  if (prompt.form === "completion") {
    return h("pre", { class: "text prompt", "data-field": "prompt" }, textOf(strings, prompt.text));
  }
  return h(
    "div",
    { class: "digest", "data-field": "prompt" },
    h(
      "p",
      { class: "note" },
      `A ${prompt.chars.toLocaleString()}-character ${prompt.sentForm} prompt` +
        (prompt.messages === null ? "" : ` of ${prompt.messages} messages`) +
        `, kept as its SHA-256 (${prompt.sha256.slice(0, 16)}…) and its last characters:`,
    ),
    h("pre", { class: "text" }, `…${textOf(strings, prompt.tail)}`),
  );
}
