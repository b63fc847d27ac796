import { VISIBLE_TO_JWT } from "../auth/policy.js";
import { ACTOR_CHECKS, CALLER_FACTS, TRANSITIONS, TRANSITION_NAMES, WORKFLOW_STATUSES, transitionsFrom, type WorkflowStatus } from "./workflowTransitions.js";

/**
 * The Cypher of Mutation.transitionWorkflowImprovement (schema/workflow.graphql
 * declares the field `@cypher(statement: "workflowTransition()")`; the schema's
 * build writes this statement there, src/schema/expandCypherFields.ts). One
 * statement, run by @neo4j/graphql in the transaction the gateway holds for it
 * (applyWorkflowTransition.ts, which has locked the improvement by then): find
 * the improvement the caller may read, decide the transition (the state machine
 * and who may act: workflowTransitions.ts's table, written in as literals),
 * write the review, move the status, append the audit entry, return the node.
 *
 * Parameters: `$jwt` (sub, tenant, roles: the caller, as @neo4j/graphql hands
 * every @cypher statement), the field's argument `$transition` (an enum), and,
 * given as cypherParams, the gateway's `$transitionAt` (ISO instant, its clock),
 * `$transitionId` (the audit entry's id) and `$checked`: the other arguments as
 * transitionArgs.ts checked them (id, notes and conditions trimmed). The raw
 * `$id`, `$notes` and `$conditions` @neo4j/graphql also passes are not read, so
 * " imp-1 " finds imp-1 and a note is stored as the limits counted it.
 *
 * A refusal fails the statement through apoc.util.validate with
 * TRANSITION_REFUSED and a JSON description (transitionRefusal.ts turns it into
 * the typed error the client sees); nothing is written then.
 */
export const TRANSITION_REFUSED = "WORKFLOW_TRANSITION_REFUSED";

/** A closed-set name or phrase as a Cypher string literal: none holds a quote or a backslash. */
function lit(text: string): string {
  if (/['\\]/.test(text)) throw new Error(`Not a plain literal: ${text}`);
  return `'${text}'`;
}

const list = (names: readonly string[]) => `[${names.map(lit).join(", ")}]`;

/** The transitions as a Cypher map: name → {from, to, actor, decision}. */
function rulesMap(): string {
  const entries = TRANSITION_NAMES.map((name) => {
    const rule: { from: WorkflowStatus; to: WorkflowStatus; actor: string; decision?: string } = TRANSITIONS[name];
    return `${name}: {from: ${lit(rule.from)}, to: ${lit(rule.to)}, actor: ${lit(rule.actor)}, decision: ${rule.decision ? lit(rule.decision) : "null"}}`;
  });
  return `{${entries.join(", ")}}`;
}

/** Status → the transitions that leave it (a CONFLICT names them). */
const fromMap = () => `{${WORKFLOW_STATUSES.map((s) => `${s}: ${list(transitionsFrom(s))}`).join(", ")}}`;

/**
 * The first failed check of the rule's actor as a CASE over `rule.actor`: its refusal's words, or null when the caller
 * may act. Written from workflowTransitions.ts's ACTOR_CHECKS and CALLER_FACTS, as decideTransition is.
 */
function actorCase(): string {
  const actors = Object.entries(ACTOR_CHECKS).map(([actor, checks]) => {
    const failures = checks.map(({ anyOf, refusal }) => `WHEN NOT (${anyOf.map((fact) => CALLER_FACTS[fact].cypher).join(" OR ")}) THEN ${lit(refusal)}`);
    return `WHEN ${lit(actor)} THEN CASE ${failures.join(" ")} ELSE null END`;
  });
  return `CASE rule.actor ${actors.join(" ")} END`;
}

/** The refusal of one failed check, for apoc.util.validate: its message, TRANSITION_REFUSED and the description as JSON. */
const refuse = (failed: string, description: string) => `CALL apoc.util.validate(${failed}, ${lit(`${TRANSITION_REFUSED} %s`)}, [apoc.convert.toJson(${description})])`;

/** The statement (see TRANSITION_REFUSED's comment). Pure; built once. */
export function transitionStatement(): string {
  return `
    OPTIONAL MATCH (n:WorkflowImprovement {tenantId: $jwt.tenant, id: $checked.id}) WHERE ${VISIBLE_TO_JWT}
    ${refuse("n IS NULL", "{kind: 'notFound'}")}
    WITH n, ${rulesMap()}[$transition] AS rule, $jwt.sub AS me, coalesce($jwt.roles, []) AS roles
    WITH n, rule, me, ${actorCase()} AS forbidden
    ${refuse("rule IS NULL OR forbidden IS NOT NULL", "{kind: 'forbidden', reason: $transition + ' may be made by ' + coalesce(forbidden, 'nobody')}")}
    WITH n, rule, me, n.status AS current
    ${refuse("current <> rule.from", `{kind: 'illegal', current: current, requires: rule.from, allowed: ${fromMap()}[current]}`)}
    OPTIONAL MATCH (a:Agent {tenantId: $jwt.tenant, id: me})
    ${refuse("rule.decision IS NOT NULL AND a IS NULL", "{kind: 'noReviewer', reviewer: me}")}
    CALL (n, a, rule, me) {
      WITH * WHERE rule.decision IS NOT NULL
      SET n.reviewedBy = me, n.reviewDecision = rule.decision, n.reviewNotes = $checked.notes, n.reviewedAt = datetime($transitionAt)
      CREATE (n)-[:APPROVED_BY {decision: rule.decision, notes: $checked.notes, conditions: $checked.conditions, reviewedAt: datetime($transitionAt)}]->(a)
    }
    WITH n, rule, me, COUNT { (n)-[:HAS_TRANSITION]->(:WorkflowTransition) } + 1 AS ordinal
    SET n.status = rule.to
    SET n.submittedForApprovalAt = CASE WHEN rule.to = 'PENDING_APPROVAL' THEN datetime($transitionAt) ELSE n.submittedForApprovalAt END
    CREATE (n)-[:HAS_TRANSITION]->(:WorkflowTransition {
      id: $transitionId, tenantId: $jwt.tenant, improvementId: $checked.id, ordinal: ordinal, transition: $transition,
      fromStatus: rule.from, toStatus: rule.to, byAgentId: me, at: datetime($transitionAt), notes: $checked.notes, conditions: $checked.conditions
    })
    RETURN n AS improvement`;
}
