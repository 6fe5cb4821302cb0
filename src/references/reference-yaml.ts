// Measured scores printed as reference YAML, ready to paste into `references/<task>.yaml`.
import { stringify } from "yaml";

export interface MeasuredAccuracy {
  task: string;
  model: string;
  spec: Readonly<Record<string, string>>;
  /** On the reference's scale (accuracy × 100, rouge1 × 100, perplexity); written with two decimals. */
  score: number;
  n: number;
}

export function referenceYaml(measured: readonly MeasuredAccuracy[]): string {
  return measured
    .map((entry) => {
      const accuracy = Math.round(entry.score * 100) / 100;
      const body = stringify({ [entry.model]: [{ ...entry.spec, accuracy }] });
      return `# references/${entry.task}.yaml (measured on n = ${entry.n} samples)\n${body}`;
    })
    .join("\n");
}
