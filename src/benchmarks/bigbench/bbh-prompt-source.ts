// Where BIG-Bench-Hard's few-shot prompt files come from: the pinned upstream commit and each file's SHA-256.
import { mirrorBaseUrl } from "../../datasets/fetch-pinned-file.js";
import type { BbhTask } from "./bbh-tasks.js";

/** The suzgunmirac/BIG-Bench-Hard commit the prompt files are pinned to. */
export const BBH_PROMPTS_COMMIT = "9ee07bd481feebf959a6b59d61ea57bdcf30964d";

/** The directory holding `<task>.txt` at that commit. */
export const DEFAULT_BBH_PROMPTS_URL = `https://raw.githubusercontent.com/suzgunmirac/BIG-Bench-Hard/${BBH_PROMPTS_COMMIT}/cot-prompts`;

/** The environment variable naming a mirror of that directory (`<url>/<task>.txt` must serve the same bytes). */
export const BBH_PROMPTS_URL_ENV = "LLM_BENCH_BBH_PROMPTS_URL";

/** SHA-256 of each upstream `cot-prompts/<task>.txt` at {@link BBH_PROMPTS_COMMIT} (hex). */
export const BBH_PROMPT_SHA256: Readonly<Record<BbhTask, string>> = {
  boolean_expressions: "685affba97425cdf3549d5d313ba876caed2fa7c8a4cf1ea7549faf22179609d",
  causal_judgement: "14377e36cccb084b7d0fe73988d08696f7675d712b02d3ae1f5f7f12c77028ea",
  date_understanding: "a0a13c392f689a1828f5f6ffb9dee3d44483794490da5d92f0e2a723787b1cfb",
  disambiguation_qa: "794fd259297972a4c963a5d13a84dc221edde460de27fa5d8fd64299a2001597",
  dyck_languages: "b0836603007ec659ed685458647fb6d7543543304e7aca909b995d0c3aff22b2",
  formal_fallacies: "10c06cc362520e9b8dddfc4861e263ff668d228a52d958dcc69f09f1d224935a",
  geometric_shapes: "f36d9893507eb518d84f388fb677dc0226c74a98873700de0b556548d65d3f76",
  hyperbaton: "19898af91c35cb26bbdf5fdb6f6fb17e138677250332e2994005625ffb50b261",
  logical_deduction_five_objects: "4ed65246c0c1c4b0b4053d784181892b842bce19cf4358c976f34b1a434ef034",
  logical_deduction_seven_objects: "4ed65246c0c1c4b0b4053d784181892b842bce19cf4358c976f34b1a434ef034",
  logical_deduction_three_objects: "4ed65246c0c1c4b0b4053d784181892b842bce19cf4358c976f34b1a434ef034",
  movie_recommendation: "cdf765634713b057091d541b4773dd2c998f81447b0bd8564ae70be4cdf3f5d0",
  multistep_arithmetic_two: "a546e0b7cde09037bc144ae5c32c9cf78dafdfac929ae76e2051b2dd8f3671ce",
  navigate: "dc2fd733f1867b8c79685f15b83746064534a94bf73468341c2a9dd335be22fc",
  object_counting: "e51ffc03fd713a13a379a6c938a523dfc1c2f384f2a8447bd7a12d4458f18833",
  penguins_in_a_table: "33be137e76c2a6af0bbacd17a8e7a92801886c0202a45e35ea9c2a88c1f26d51",
  reasoning_about_colored_objects: "e4ea02d05b13e8ed9ccc3b0d878bc4df4c5a6fb76c65d39d48d6244f7ff0b9d5",
  ruin_names: "731446c6c66bb5258677af1417b599a6a5539be6d74a5afc02cf7a716444ea54",
  salient_translation_error_detection: "2c8367f75092202cc507fdbfaaf037b1c1eed38e91289084439738367f0785f7",
  snarks: "35084a2a0b86bc4008ab206b838c0b97dd425897dd72198137c3cefc499c0960",
  sports_understanding: "2058a9bed717a6edb8ca2f815e88851436a4ee14c8b0d504ccf464865c6d0295",
  temporal_sequences: "3e7ebf1e20abe3e219dc6514dcb7474d82db1b2c66acc733cd30af2e9e0b64b0",
  tracking_shuffled_objects_five_objects: "2ef54cb2a72052adc3484a76209cb6a6535f194d677e79bcec2e2e71cf3768af",
  tracking_shuffled_objects_seven_objects: "2ef54cb2a72052adc3484a76209cb6a6535f194d677e79bcec2e2e71cf3768af",
  tracking_shuffled_objects_three_objects: "2ef54cb2a72052adc3484a76209cb6a6535f194d677e79bcec2e2e71cf3768af",
  web_of_lies: "c8025ca65ab7f0897c243504c863bda043d04b6e873777536743e94023c929d0",
  word_sorting: "a2cdbcfe23abaa97b9787f7c03dbf49b1cfd0ff9e63197b7884bb5cd5a096ca6",
};

/** `LLM_BENCH_BBH_PROMPTS_URL` without trailing slashes, else the pinned GitHub URL. A non-http(s) URL is a ConfigError. */
export function bbhPromptsBaseUrl(env: NodeJS.ProcessEnv): string {
  return mirrorBaseUrl(env, BBH_PROMPTS_URL_ENV, DEFAULT_BBH_PROMPTS_URL);
}
