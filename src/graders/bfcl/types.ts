// The shapes BFCL's AST checker works on: function docs, decoded calls, possible answers and verdicts.

export const BFCL_LANGUAGES = ["python", "java", "javascript"] as const;
/** BFCL's `Language` enum: how the checker types values (Java/JavaScript values arrive as source strings). */
export type BfclLanguage = (typeof BFCL_LANGUAGES)[number];

/** One function in a BFCL question's `function` list (Gorilla's schema dialect: `dict`, `float`, `tuple`, `any`…). */
export interface BfclFunctionDoc {
  name: string;
  description?: string;
  parameters: { type: string; properties: Record<string, unknown>; required?: string[] };
}

/** A decoded model call: BFCL's `{name: {param: value}}`. Values are Python values (see python-value.ts). */
export interface BfclCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** One ground-truth call: `{function name: {param: [acceptable values…]}}`, `""` meaning "may be omitted". */
export type BfclPossibleAnswer = Record<string, Record<string, unknown[]>>;

/** BFCL's checker result: `valid`, `error_type`, `error` (messages as BFCL words them). */
export interface BfclVerdict {
  valid: boolean;
  errorType?: string;
  errors: string[];
}

/** A decoder's result: the calls, or why BFCL's decoding failed (`ast_decoder:*`). */
export type BfclDecodeResult =
  | { status: "ok"; calls: BfclCall[] }
  | { status: "wrong-format"; error: string }
  | { status: "error"; error: string };
