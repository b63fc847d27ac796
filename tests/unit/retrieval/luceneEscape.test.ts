import { describe, expect, it } from "vitest";
import { escapeLucene, luceneAnyWord } from "../../../src/graph/luceneEscape.js";

describe("Lucene escaping", () => {
  it.each([
    ['name:"x" OR *:*', 'name\\:\\"x\\" or \\*\\:\\*'],
    ["a && b || !c", "a \\&\\& b \\|\\| \\!c"],
    ["(1+1)^2~ [a TO b] {c}", "\\(1\\+1\\)\\^2\\~ \\[a to b\\] \\{c\\}"],
    ["path/to\\file?", "path\\/to\\\\file\\?"],
    ["NOT -x", "not \\-x"],
  ])("escapes %s", (input, expected) => {
    expect(escapeLucene(input)).toBe(expected);
  });

  it("keeps only words with a letter or digit, escaped", () => {
    expect(luceneAnyWord("  What did *Caroline* research? -- ")).toBe("What did \\*Caroline\\* research\\?");
    expect(luceneAnyWord("*** ??? !!!")).toBe("");
  });
});
