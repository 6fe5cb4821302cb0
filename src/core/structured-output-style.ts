// How a request carries a JSON schema that constrains the answer (`--structured-output-style`): OpenAI's
// `response_format`, vLLM's `guided_json` (≤ 0.9) and `structured_outputs` (≥ 0.10), SGLang's `json_schema`.

export const STRUCTURED_OUTPUT_STYLES = [
  "response_format",
  "guided_json",
  "structured_outputs",
  "json_schema",
] as const;
export type StructuredOutputStyle = (typeof STRUCTURED_OUTPUT_STYLES)[number];
