import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONFIGURATION_DOC, configurationDoc } from "../../../scripts/configTable.js";
import { CONFIG_VARIABLES, SECTIONS } from "../../../src/config/config.js";
import { variablesOf } from "../../../src/config/declare.js";

describe("docs/configuration.md", () => {
  it("is what the declarations of src/config/sections/ generate", () => {
    const committed = readFileSync(CONFIGURATION_DOC, "utf8");
    expect(committed === configurationDoc(), "docs/configuration.md is out of date with src/config/sections/: run `npm run docs:config` and commit it").toBe(true);
  });

  it("names every variable the gateway reads, each once", () => {
    const named = [...configurationDoc().matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]);
    expect(named).toEqual([...CONFIG_VARIABLES]);
  });
});

describe("the declarations", () => {
  const declared = SECTIONS.flatMap((section) => variablesOf(section.variables));

  it("give every variable a one-line doc, and every section a title, a summary and variables", () => {
    for (const section of SECTIONS) {
      expect(section.title, section.summary).toMatch(/\S/);
      expect(section.summary, section.title).toMatch(/\S/);
      expect(variablesOf(section.variables).length, section.title).toBeGreaterThan(0);
    }
    for (const variable of declared) expect(variable.doc, variable.name).toMatch(/^[^\n]*\S[^\n]*$/);
  });

  // A default written inside a schema would be applied but the docs would say "unset"; one written twice could disagree.
  it("keep each default in the declaration, not in the schema", () => {
    for (const variable of declared) {
      const unset = variable.schema.safeParse(undefined);
      if (variable.defaultValue === undefined) expect(unset, variable.name).toEqual({ success: true, data: undefined });
      else expect(unset.success, `${variable.name}: its schema has a default of its own`).toBe(false);
    }
  });
});
