import { Kind, visit } from "graphql";
import { describe, expect, it } from "vitest";
import { RETRIEVAL_TOOLS } from "../../../src/retrieveContext/tools/retrievalTools.js";
import { cypherRootFields } from "../../../src/schema/cypherRootFields.js";
import { expandCypherFields } from "../../../src/schema/expandCypherFields.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";
import { TRANSITION_NAMES } from "../../../src/workflow/workflowTransitions.js";

const { document } = loadTypeDefs();

/** The statement of each @cypher root field after the schema's build wrote the shared rules in. */
function rootStatements(): Map<string, string> {
  const out = new Map<string, string>();
  visit(expandCypherFields(document), {
    ObjectTypeDefinition(def) {
      if (def.name.value !== "Query" && def.name.value !== "Mutation") return;
      for (const field of def.fields ?? []) {
        const statement = field.directives?.find((d) => d.name.value === "cypher")?.arguments?.find((a) => a.name.value === "statement")?.value;
        if (statement?.kind === Kind.STRING) out.set(field.name.value, statement.value);
      }
    },
  });
  return out;
}

describe("the @cypher root fields of schema/", () => {
  it("are the approval gate's transition and the retrieval tools whose work is one statement", () => {
    expect([...cypherRootFields(document)].sort()).toEqual([
      "agentMemories",
      "agentRelationships",
      "discoverKnowledge",
      "factContradictions",
      "personFacts",
      "personProfile",
      "personSummary",
      "personTimeline",
      "recentMessages",
      "relationshipsBetween",
      "synthesisOpportunities",
      "transitionWorkflowImprovement",
      "unseenKnowledge",
    ]);
  });

  it("are exactly the retrieval tools declared with `cypher` (a declaration cannot claim a statement the SDL lacks, nor miss one)", () => {
    const declared = RETRIEVAL_TOOLS.filter((t) => t.cypher).map((t) => t.field);
    const roots = cypherRootFields(document);
    expect(declared.every((f) => roots.has(f))).toBe(true);
    for (const t of RETRIEVAL_TOOLS.filter((t) => roots.has(t.field))) expect(t.cypher, t.field).toBeDefined();
    for (const t of RETRIEVAL_TOOLS.filter((t) => t.cypher)) expect(t.implement, t.field).toBeUndefined();
  });

  it("keep the READ rule in every statement once the build has written it in, and no placeholder is left", () => {
    for (const [field, statement] of rootStatements()) {
      expect(statement, field).toContain("$jwt.tenant");
      expect(statement, field).not.toMatch(/visibleToCaller\(|workflowTransition\(\)|knowledgeDiscovery\(|knowledgeItem\(|agentMemory\(|agentByRef\(/);
    }
  });

  it("give unseenKnowledge and discoverKnowledge one statement, their defaults apart (the agent team's > 0.7 and subscribed-or-pool)", () => {
    const unseen = rootStatements().get("unseenKnowledge")!;
    const discover = rootStatements().get("discoverKnowledge")!;
    expect(unseen).toContain("THEN n.confidence >= 0 ELSE");
    expect(unseen).toContain("coalesce($sources, 'ALL_READABLE')");
    expect(discover).toContain("THEN n.confidence > 0.7 ELSE");
    expect(discover).toContain("coalesce($sources, 'SUBSCRIBED_OR_POOL')");
    const apart = (s: string) => s.replace(/THEN n\.confidence [^ ]+ [^ ]+ ELSE/, "").replace(/coalesce\(\$sources, '[A-Z_]+'\)/, "");
    expect(apart(unseen)).toEqual(apart(discover));
  });

  it("give the transition's statement every transition and the no-self-approval rule", () => {
    const statement = rootStatements().get("transitionWorkflowImprovement")!;
    for (const name of TRANSITION_NAMES) expect(statement).toContain(`${name}: {from:`);
    expect(statement).toContain("only an approver other than its owner (no self-approval)");
  });
});
