import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { TAU_SHARED_DIR } from "../test-support/shared-tau-data.js";
import { RETAIL_TOOLS } from "./index.js";
import { realDataSuite } from "./test-support/retail-test-kit.js";

interface ToolSchema {
  readonly function: {
    readonly name: string;
    readonly parameters: {
      readonly properties: Record<string, unknown>;
      readonly required: readonly string[];
    };
  };
}

realDataSuite("RETAIL_TOOLS", () => {
  const schemas = JSON.parse(
    readFileSync(join(TAU_SHARED_DIR ?? "", "retail_tools.json"), "utf8"),
  ) as ToolSchema[];

  it("lists upstream's tools in ALL_TOOLS order", () => {
    expect(RETAIL_TOOLS.map((tool) => tool.name)).toEqual(schemas.map((schema) => schema.function.name));
  });

  it("takes each schema's parameters, all required and without defaults", () => {
    for (const [index, tool] of RETAIL_TOOLS.entries()) {
      const parameters = schemas[index]?.function.parameters;
      expect(tool.parameters.map((parameter) => parameter.name)).toEqual(
        Object.keys(parameters?.properties ?? {}),
      );
      expect(tool.parameters.map((parameter) => parameter.name)).toEqual(parameters?.required);
      expect(tool.parameters.every((parameter) => parameter.default === undefined)).toBe(true);
    }
  });
});
