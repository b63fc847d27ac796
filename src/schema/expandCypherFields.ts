import { Kind, visit, type DocumentNode, type FieldDefinitionNode, type InterfaceTypeDefinitionNode } from "graphql";
import { VISIBLE_TO_JWT } from "../auth/policy.js";
import { PERSON_FACT_MAP, factCurrentAt, factEndsAfter, factHeldAt, factKnownAt, factRecordMap, factRelations, factStartsBefore, factTimelineKey } from "../facts/index.js";
import { channelMessageMap } from "../messages/index.js";
import { transitionStatement } from "../workflow/index.js";
import { discoveryStatement, isDiscoveryField, knowledgeItemCypher } from "../knowledge/index.js";
import { AGENT_BY_REF_CYPHER, AGENT_MEMORY_CYPHER } from "../memory/index.js";

/** `rule(r, $param)`: a rule over the fact relationship `r` (any variable) and the instant a parameter names. */
const instantRule = (name: string) => new RegExp(`\\b${name}\\(\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*,\\s*\\$([A-Za-z][A-Za-z0-9]*)\\s*\\)`, "g");
/** The instant a DateTime parameter names, in epoch ms (the fact rules compare instants so). */
const epochMs = (param: string) => `datetime($${param}).epochMillis`;

/** `visibleToCaller(m)`: the READ rule over the variable `m`. */
const VISIBLE = /\bvisibleToCaller\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*\)/g;
/** `FACT_TYPES`: the relationship types of Person's facts, as a Cypher list. */
const FACT_TYPES = /\bFACT_TYPES\b/g;
/** `personFact(r)`: the fact relationship `r` as a PersonFact map. */
const PERSON_FACT = /\bpersonFact\(\s*r\s*\)/g;
/** `factHeldAt(r, $asOf)`: the fact `r` held at the instant the argument names. */
const HELD_AT = instantRule("factHeldAt");
/** `factEndsAfter(r, $from)`: the fact `r` had not ended by the instant (a timeline's lower bound). */
const ENDS_AFTER = instantRule("factEndsAfter");
/** `factStartsBefore(r, $until)`: the fact `r` began before the instant (a timeline's upper bound). */
const STARTS_BEFORE = instantRule("factStartsBefore");
/** `factRecord(r, $now)`: the fact `r` as a FactRecord map, current or not at the instant. */
const FACT_RECORD = instantRule("factRecord");
/** `factKnownAt(r, $knownAt)`: the fact `r` was recorded and not retracted at the instant the argument names. */
const KNOWN_AT = /\bfactKnownAt\(\s*r\s*,\s*\$([A-Za-z][A-Za-z0-9]*)\s*\)/g;
/** `factCurrent(r)`: the fact `r` is current now. */
const CURRENT = /\bfactCurrent\(\s*r\s*\)/g;
/** `channelMessage(n)`: message `n` as the message tools return it (a ChannelMessage). */
const CHANNEL_MESSAGE = /\bchannelMessage\(\s*n\s*\)/g;
/** `factTimelineKey(r)`: where the fact `r` sits in a timeline (its start, else when it was recorded). */
const TIMELINE_KEY = /\bfactTimelineKey\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*\)/g;
/** `workflowTransition()`: the approval gate's statement (Mutation.transitionWorkflowImprovement). */
const WORKFLOW_TRANSITION = /\bworkflowTransition\(\)/g;
/** `knowledgeDiscovery(unseenKnowledge)`: the cross-agent discovery statement with that field's defaults. */
const KNOWLEDGE_DISCOVERY = /\bknowledgeDiscovery\(\s*([A-Za-z]+)\s*\)/g;
/** `knowledgeItem(k)`: the knowledge node `k` as a KnowledgeItem map. */
const KNOWLEDGE_ITEM = /\bknowledgeItem\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*\)/g;
/** `agentMemory(n)`: the memory `n` as an AgentMemory map. */
const AGENT_MEMORY = /\bagentMemory\(\s*n\s*\)/g;
/** `agentByRef(ref)`: the agent the reference `ref` names, by id or display name (binds `byId` and `byName`). */
const AGENT_BY_REF = /\bagentByRef\(\s*ref\s*\)/g;

/**
 * Writes the shared rules into the statements of the SDL's @cypher fields, so
 * each rule keeps one source: `visibleToCaller(x)` becomes the READ rule over
 * `x` (auth/policy.ts VISIBLE_TO_JWT, from the grants of auth/readRule.ts that
 * the @authorization filters are made of too), `FACT_TYPES` the fact
 * relationship types the SDL declares on Person, `personFact(r)` the map a
 * PersonFact is read from, `factRecord(r, $now)` the FactRecord map a people
 * tool returns, `factHeldAt(r, $asOf)`, `factCurrent(r)`, `factEndsAfter(r, $x)`,
 * `factStartsBefore(r, $x)` and `factTimelineKey(r)` the validity rules of
 * facts/factInterval.ts (facts/factIntervalCypher.ts), and
 * `factKnownAt(r, $knownAt)` what had been learned by then, `channelMessage(n)`
 * the map the message tools return (messages/messageRecord.ts), and
 * `workflowTransition()` the approval gate's statement (workflow/transitionStatement.ts),
 * `knowledgeDiscovery(<field>)` the cross-agent discovery statement
 * (knowledge/discoveryStatement.ts) and `knowledgeItem(k)` the KnowledgeItem map
 * the gateway's own knowledge statements read too (knowledge/knowledgeItem.ts),
 * `agentMemory(n)` the AgentMemory map of memory/memoryRecord.ts and
 * `agentByRef(ref)` the agent a tool's id-or-name argument names (memory/agentRef.ts).
 * Left unexpanded, each of the call forms is a call of an unknown Cypher
 * function: a statement missed here fails rather than reads without the rule.
 */
export function expandCypherFields(document: DocumentNode): DocumentNode {
  const types = factRelations(document).map((r) => `'${r.type}'`);
  return visit(withInterfaceCypherFields(document), {
    Directive(node) {
      if (node.name.value !== "cypher") return undefined;
      return {
        ...node,
        arguments: node.arguments?.map((arg) =>
          arg.name.value === "statement" && arg.value.kind === Kind.STRING
            ? { ...arg, value: { ...arg.value, block: false, value: expandStatement(arg.value.value, types) } }
            : arg,
        ),
      };
    },
  });
}

function expandStatement(statement: string, factTypes: readonly string[]): string {
  return statement
    .replace(CHANNEL_MESSAGE, () => channelMessageMap((v) => `visibleToCaller(${v})`))
    .replace(KNOWLEDGE_DISCOVERY, (_, field: string) => {
      if (!isDiscoveryField(field)) throw new Error(`knowledgeDiscovery(${field}): no discovery field of that name`);
      return discoveryStatement(field);
    })
    .replace(KNOWLEDGE_ITEM, (_, variable: string) => knowledgeItemCypher(variable))
    .replace(AGENT_MEMORY, () => AGENT_MEMORY_CYPHER)
    .replace(AGENT_BY_REF, () => AGENT_BY_REF_CYPHER)
    .replace(VISIBLE, (_, variable: string) => VISIBLE_TO_JWT.replace(/\bn\./g, `${variable}.`))
    .replace(FACT_TYPES, `[${factTypes.join(", ")}]`)
    .replace(PERSON_FACT, PERSON_FACT_MAP)
    .replace(HELD_AT, (_, r: string, arg: string) => factHeldAt(epochMs(arg), r))
    .replace(ENDS_AFTER, (_, r: string, arg: string) => factEndsAfter(epochMs(arg), r))
    .replace(STARTS_BEFORE, (_, r: string, arg: string) => factStartsBefore(epochMs(arg), r))
    .replace(FACT_RECORD, (_, r: string, arg: string) => factRecordMap(r, epochMs(arg)))
    .replace(TIMELINE_KEY, (_, r: string) => factTimelineKey(r))
    .replace(KNOWN_AT, (_, arg: string) => factKnownAt(`datetime($${arg})`))
    .replace(CURRENT, () => factCurrentAt("datetime().epochMillis"))
    .replace(WORKFLOW_TRANSITION, () => transitionStatement());
}

const hasCypher = (field: FieldDefinitionNode) => field.directives?.some((d) => d.name.value === "cypher") ?? false;

/**
 * A @cypher field declared on an interface (`Knowledge.accessedBy`) is written
 * once there and served by every implementing type: @neo4j/graphql runs the
 * statements of the concrete types, so each gets the interface's field, and
 * the interface keeps the field without the statement.
 */
function withInterfaceCypherFields(document: DocumentNode): DocumentNode {
  const declared = new Map(
    document.definitions
      .filter((d): d is InterfaceTypeDefinitionNode => d.kind === Kind.INTERFACE_TYPE_DEFINITION)
      .map((i) => [i.name.value, (i.fields ?? []).filter(hasCypher)] as const)
      .filter(([, fields]) => fields.length > 0),
  );
  if (declared.size === 0) return document;
  return {
    ...document,
    definitions: document.definitions.map((def) => {
      if (def.kind === Kind.INTERFACE_TYPE_DEFINITION && declared.has(def.name.value)) {
        return { ...def, fields: def.fields?.map((f) => (hasCypher(f) ? { ...f, directives: f.directives?.filter((d) => d.name.value !== "cypher") } : f)) };
      }
      if (def.kind !== Kind.OBJECT_TYPE_DEFINITION) return def;
      const inherited = (def.interfaces ?? []).flatMap((i) => declared.get(i.name.value) ?? []);
      const own = new Set((def.fields ?? []).map((f) => f.name.value));
      const added = inherited.filter((f) => !own.has(f.name.value));
      return added.length ? { ...def, fields: [...(def.fields ?? []), ...added] } : def;
    }),
  };
}
