import { z } from "zod";
import type { AppDeps } from "../core/appDeps.js";
import { PersonProfileDocument } from "@mnemograph/client";
import { READ } from "../core/agentTool.js";
import { arg, declareTool, type AnyToolDeclaration } from "../core/retrievalTool.js";
import type { NameVectors } from "./nameVectors.js";
import { TOPIC_TYPES } from "./topicTypes.js";

/** What the people tools run with: the app's dependencies, the name vectors, the schema's fact types. */
export interface PeopleToolDeps {
  app: AppDeps;
  vectors: NameVectors;
  factTypes: readonly string[];
}

const factTypes = arg.checkedInside(z.array(z.string().max(50)).max(20).optional());
const date = arg.checkedInside(z.string().max(40).optional());

/** Every field of a FactRecord but its links: what the retrieveContext loop reads of a fact (retrieveContext/tools/toolFindings.ts). */
const FACT = `{ id type personId personName object objectId objectLabel
  attributes { role location startDate endDate proficiency yearsExperience sentiment basis weight extra }
  confidence evidence validFrom validUntil start end current contradicts timestamp source retraction { reason at by } }`;
/** The person tools' values beyond their declared arguments (./personToolParams.ts), loaded when a call needs them. */
const loadParams = () => import("./personToolParams.js");

/**
 * The people-graph tools of schema/people-tools.graphql, each declared once
 * (core/retrievalTool.ts): the chatbot memory service's ten tools, the
 * knowledge agent's person summary and its people connected to a project or event. Each reads with one or a few queries that
 * see only what the caller may read. Implementations are imported when the
 * gateway starts (`implement`), so reading the declarations loads none of them.
 * A tool whose work is one statement has it in the SDL (`cypher`: @neo4j/graphql
 * runs Query.<field>'s @cypher statement), with no implementation here.
 */
export const PEOPLE_TOOLS: readonly AnyToolDeclaration<PeopleToolDeps>[] = [
  declareTool({
    name: "person_profile",
    field: "personProfile",
    args: { personId: arg.id(), factTypes, asOf: arg.instant() },
    // One statement: Query.personProfile's @cypher (schema/people-tools.graphql).
    cypher: { selection: `personId found name realName aliases facts ${FACT}`, params: async (args, schema) => (await loadParams()).factTypesParams("personProfile")(args, schema) },
    loop: {
      deprecatedNames: ["get_person_profile"],
      description: "All facts about one person (by person id): work, skills, places, relationships, with confidence and evidence.",
      args: ["personId", "factTypes"],
      planner: { use: "profile" },
    },
    agent: {
      title: "Person profile",
      description: "All facts about one person (by person id): work, skills, places, relationships, with confidence and evidence.",
      args: ["personId", "factTypes"],
      describe: {
        person_id: "The person's id, as messages and search hits give it.",
        fact_types: "Only these kinds of facts (e.g. WORKS_AT, HAS_SKILL); default all.",
      },
      document: String(PersonProfileDocument),
      hints: READ,
      render: (p) =>
        p.found
          ? [`${p.name} (${p.personId})`, ...p.facts.map((f) => `- ${f.type} ${f.object} (confidence ${f.confidence}${f.current ? "" : ", past"})`)].join("\n")
          : `No person ${p.personId}.`,
    },
  }),
  declareTool({
    name: "get_person_summary",
    field: "personSummary",
    args: { personId: arg.id() },
    // One statement: Query.personSummary's @cypher.
    cypher: { selection: `personId found name realName aliases factCount groups { type facts ${FACT} } contradictions ${FACT}` },
    loop: {
      description: "Everything known about one person (by person id), grouped by kind of fact, with confidence, evidence and the facts that contradict each other.",
      args: ["personId"],
    },
    agent: {
      title: "Person summary",
      description: "Everything known about one person (by person id), grouped by kind of fact, with confidence, evidence and the facts that contradict each other.",
      describe: { person_id: "The person's id, as messages and search hits give it." },
      // The facts of each group are three levels down, below what a generated operation selects.
      document: `query GetPersonSummary($personId: ID!) { personSummary(personId: $personId) { personId found name realName aliases factCount
        groups { type facts { id type object confidence evidence current start end } } contradictions { id type object contradicts } } }`,
      hints: READ,
      render: (s) =>
        s.found
          ? [
              `${s.name} (${s.personId}): ${s.factCount} facts`,
              ...s.groups.flatMap((g) => g.facts.map((f) => `- ${f.type} ${f.object} (confidence ${f.confidence}${f.current ? "" : ", past"})`)),
              ...s.contradictions.map((f) => `! ${f.type} ${f.object} contradicts ${f.contradicts.join(", ")}`),
            ].join("\n")
          : `No person ${s.personId}.`,
    },
  }),
  declareTool({
    name: "find_people_by_skill",
    field: "peopleBySkill",
    args: { skill: arg.text(), minConfidence: arg.unit(0.5), limit: arg.limit(10) },
    implement: async (p: PeopleToolDeps) => (await import("./peopleByEntity.js")).peopleByEntityResolvers(p.app, p.vectors).peopleBySkill,
    loop: {
      description: "People who have a skill (exact, fuzzy, then by meaning).",
      args: ["skill", "minConfidence", "limit"],
      planner: { use: "named", thing: "skill" },
    },
  }),
  declareTool({
    name: "find_people_by_organization",
    field: "peopleByOrganization",
    args: { organization: arg.text(), currentOnly: arg.flag(false), minConfidence: arg.unit(0.5), limit: arg.limit(10), asOf: arg.instant() },
    implement: async (p: PeopleToolDeps) => (await import("./peopleByEntity.js")).peopleByEntityResolvers(p.app, p.vectors).peopleByOrganization,
    loop: {
      description: "People who work or worked at an organisation; current_only keeps current employees.",
      args: ["organization", "currentOnly", "minConfidence", "limit"],
      planner: { use: "named", thing: "organization" },
    },
  }),
  declareTool({
    name: "find_people_by_topic",
    field: "peopleByTopic",
    args: { topic: arg.text(), relationshipTypes: arg.someOf(TOPIC_TYPES), minConfidence: arg.unit(0.5), limit: arg.limit(10) },
    implement: async (p: PeopleToolDeps) => (await import("./peopleByEntity.js")).peopleByEntityResolvers(p.app, p.vectors).peopleByTopic,
    loop: {
      description: "People who talk about, care about or are curious about a topic; relationship_types narrows to TALKS_ABOUT, CARES_ABOUT or CURIOUS_ABOUT.",
      args: ["topic", "relationshipTypes", "minConfidence", "limit"],
      planner: { use: "named", thing: "topic" },
    },
  }),
  declareTool({
    name: "find_people_by_location",
    field: "peopleByLocation",
    args: { location: arg.text(), minConfidence: arg.unit(0.5), limit: arg.limit(10) },
    implement: async (p: PeopleToolDeps) => (await import("./peopleByLocation.js")).peopleByLocationResolver(p.app, p.vectors),
    loop: {
      description: "People who live, work or studied in a place (SF finds San Francisco).",
      args: ["location", "minConfidence", "limit"],
      planner: { use: "named", thing: "location" },
    },
  }),
  declareTool({
    name: "find_people_connected_to",
    field: "peopleConnectedTo",
    args: { name: arg.text(200), minConfidence: arg.unit(0.5), limit: arg.limit(10) },
    implement: async (p: PeopleToolDeps) => (await import("./peopleConnectedTo.js")).peopleConnectedToResolver(p.app, p.factTypes),
    loop: {
      description: "People connected to a project or event (by its name): who works on it, who attended it, with the facts that tie them to it.",
      args: ["name", "minConfidence", "limit"],
      planner: { use: "named", thing: "projectOrEvent" },
    },
    agent: {
      title: "People connected to a project or event",
      description: "People connected to a project or event (by its name): who works on it, who attended it, with the facts that tie them to it.",
      describe: {
        name: "The project's or event's name, as the conversation says it (any case; a typo is found too).",
        min_confidence: "Leave out ties held with less confidence, 0..1.",
        limit: "How many people at most, 1..100.",
      },
      ranges: { min_confidence: [0, 1], limit: [1, 100] },
      hints: READ,
      render: (r) =>
        r.people.length > 0
          ? r.people.map((p) => `- ${p.name} (${p.personId}): ${p.relationshipType} ${p.connectedTo} (confidence ${p.confidence})`).join("\n")
          : `Nobody found connected to ${r.name}.`,
    },
  }),
  declareTool({
    name: "get_relationships_between",
    field: "relationshipsBetween",
    args: { personAId: arg.id(), personBId: arg.id() },
    // One statement: Query.relationshipsBetween's @cypher.
    cypher: { selection: `personAId personBId relationships ${FACT} sharedContexts { type context contextId factA ${FACT} factB ${FACT} } interactionWeight` },
    loop: {
      description: "How two people (by person id) are connected: relationships, shared organisations, events, places.",
      args: ["personAId", "personBId"],
      planner: { use: "between" },
    },
  }),
  declareTool({
    name: "get_person_timeline",
    field: "personTimeline",
    args: { personId: arg.id(), factTypes, startDate: date, endDate: date, asOf: arg.instant() },
    // One statement: Query.personTimeline's @cypher; the hook reads the range's dates as instants.
    cypher: { selection: `personId found name timeline ${FACT}`, params: async (args, schema) => (await loadParams()).timelineParams(args, schema) },
    loop: {
      description: "A person's dated facts in order; start_date/end_date (2019, 2019-03) narrow the range.",
      args: ["personId", "factTypes", "startDate", "endDate"],
    },
  }),
  declareTool({
    name: "get_conversation_participants",
    field: "conversationParticipants",
    args: { messages: arg.checkedInside() },
    implement: async (p: PeopleToolDeps) => (await import("./conversationParticipants.js")).conversationParticipantsResolver(p.app),
    loop: {
      description: "People named in this conversation, and who 'my brother'-style references point at.",
      args: [],
      fromConversation: ({ messages }) => ({ messages: messages.map((m) => ({ authorId: m.authorId, authorName: m.authorName, content: m.content })) }),
      planner: { use: "participants" },
    },
  }),
  declareTool({
    name: "find_experts",
    field: "findExperts",
    args: { query: arg.text(), limit: arg.limit(5) },
    implement: async (p: PeopleToolDeps) => (await import("./semanticTools.js")).semanticToolResolvers(p.app, p.vectors, p.factTypes).findExperts,
    loop: {
      description: "People best suited to a question, ranked by the facts that match it.",
      args: ["query", "limit"],
    },
  }),
  declareTool({
    name: "people_by_name",
    field: "peopleByName",
    args: { name: arg.text(200), limit: arg.limit(5) },
    implement: async ({ app, vectors }: PeopleToolDeps) => (await import("./peopleByName.js")).peopleByNameResolver(app, vectors),
  }),
  // A person's strongest facts: the profile, cut to what a model with little room needs.
  declareTool({
    name: "person_facts",
    field: "personFacts",
    args: { personId: arg.id(), factTypes, minConfidence: arg.unit(0.7), limit: arg.limit(10) },
    // One statement: Query.personFacts's @cypher.
    cypher: { selection: `personId found name realName aliases facts ${FACT}`, params: async (args, schema) => (await loadParams()).factTypesParams("personFacts")(args, schema) },
    loop: {
      description: "A person's most certain current facts (by person id), strongest first; cheaper than a whole profile.",
      args: ["personId", "factTypes", "minConfidence", "limit"],
    },
    agent: {
      title: "A person's strongest facts",
      hints: READ,
      render: (p) => (p.found ? [`${p.name} (${p.personId})`, ...p.facts.map((f) => `- ${f.type} ${f.object} (confidence ${f.confidence})`)].join("\n") : `No person ${p.personId}.`),
    },
  }),
  declareTool({
    name: "semantic_search_facts",
    field: "semanticSearchFacts",
    args: { query: arg.text(), factTypes, limit: arg.limit(10), similarityThreshold: arg.unit(0.7) },
    implement: async (p: PeopleToolDeps) => (await import("./semanticTools.js")).semanticToolResolvers(p.app, p.vectors, p.factTypes).semanticSearchFacts,
    loop: {
      description: "Facts closest in meaning to a query (similarity_threshold 0..1, default 0.7).",
      args: ["query", "factTypes", "limit", "similarityThreshold"],
      planner: { use: "factsByMeaning" },
    },
  }),
];
