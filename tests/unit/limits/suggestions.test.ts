import { describe, expect, it } from "vitest";
import { stripSuggestion } from "../../../src/server/limits/suggestions.js";

describe("stripSuggestion", () => {
  it("removes each kind of hint graphql-js gives", () => {
    expect(stripSuggestion('Cannot query field "nam" on type "Agent". Did you mean "name"?')).toBe(
      'Cannot query field "nam" on type "Agent".',
    );
    expect(stripSuggestion('Cannot query field "x" on type "Owned". Did you mean to use an inline fragment on "Memory"?')).toBe(
      'Cannot query field "x" on type "Owned".',
    );
    expect(
      stripSuggestion('Variable "$t" got invalid value "INSIGT"; Value "INSIGT" does not exist in "MemoryType" enum. Did you mean the enum value "INSIGHT"?'),
    ).toBe('Variable "$t" got invalid value "INSIGT"; Value "INSIGT" does not exist in "MemoryType" enum.');
  });

  it("leaves a message without a hint as it is", () => {
    expect(stripSuggestion('Cannot query field "zzz" on type "Agent".')).toBe('Cannot query field "zzz" on type "Agent".');
  });
});
