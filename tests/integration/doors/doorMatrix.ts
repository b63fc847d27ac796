import { PEOPLE_TOOLS } from "../../../src/people/index.js";
import { Kind, type DocumentNode, type FieldDefinitionNode, type ObjectTypeDefinitionNode, type TypeNode } from "graphql";
import type { Caller } from "../../../src/core/caller.js";
import type { TokenGateway } from "../../support/tokenGateway.js";

/**
 * Issue #43's door matrix, declared: every door that writes what an agent
 * may want back, every door it reads through, and for each pair either that
 * they meet (doorMatrix.test.ts writes through the one and finds through the
 * other) or why they are not meant to. The coverage test fails on any
 * Mutation root field, MCP tool or retrieval tool that is in none of these
 * lists: a new door has to be placed before the suite passes.
 */

/** What one write stored: the word only it holds, its kind, and its id when the write's answer names it. */
export interface Stored {
  word: string;
  kind: string;
  id: string | null;
  /** A sentence holding the word, for the doors that search by meaning. */
  text: string;
  /** The person a fact is about (assertFacts), the session of a turn (recordTurn). */
  personId?: string;
  sessionId?: string;
}

export interface DoorContext {
  tg: TokenGateway;
  agent: Caller;
  /** The served SDL (the generated create inputs are built from it). */
  document: DocumentNode;
  /** Calls an MCP tool as `agent` over /mcp; the text it answered. */
  mcp(tool: string, args: Record<string, unknown>): Promise<string>;
}

export interface WriteDoor {
  /** The GraphQL root fields (and `mcp:<tool>`) this door is. */
  operations: string[];
  write(ctx: DoorContext, word: string): Promise<Stored>;
}

export interface ReadDoor {
  operations: string[];
  /** One look: is what was stored there? (the test polls it to a deadline) */
  finds(ctx: DoorContext, stored: Stored): Promise<boolean>;
  /** The write doors it is meant to meet ("all": every one). */
  meets: "all" | readonly string[];
  /** Why the other write doors are not meant to meet it. */
  otherwise?: string;
}

async function data<T = Record<string, any>>(ctx: DoorContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const r = await ctx.tg.as<T>(ctx.agent, query, variables);
  if (r.errors?.length) throw new Error(`${query.slice(0, 60)}…: ${JSON.stringify(r.errors)}`);
  return r.data as T;
}

const sentence = (word: string) => `The ${word} rollout failed twice on Tuesday because the cache was cold.`;

// ---------------------------------------------------------------- write doors

const MEMORY_KINDS_STORED = ["BELIEF", "INSIGHT", "EXPERIENCE", "RESEARCH", "CONCEPT", "CONTENT", "ANALYSIS", "DOCUMENTATION"] as const;

const memoryStore = (kind: (typeof MEMORY_KINDS_STORED)[number]): WriteDoor => ({
  operations: ["memoryStore", "mcp:memory_store"],
  async write(ctx, word) {
    const extra = kind === "INSIGHT" ? { category: "TECHNICAL" } : kind === "EXPERIENCE" ? { outcome: "FAILED" } : {};
    const d = await data(ctx, `mutation ($content: String!, $type: MemoryKind!, $category: InsightCategory, $outcome: Outcome) { memoryStore(content: $content, type: $type, category: $category, outcome: $outcome) { id kind } }`, {
      content: sentence(word), type: kind, ...extra,
    });
    return { word, kind, id: d.memoryStore.id, text: sentence(word) };
  },
});

/**
 * A generated create (`createBeliefs`…) with every required field the SDL
 * leaves to the caller filled in: text fields with the sentence, enums with
 * their first value. Built from the SDL, so a new required field needs no edit here.
 */
const generatedCreate = (mutation: string, type: string, kind: string): WriteDoor => ({
  operations: [mutation],
  async write(ctx, word) {
    const input = requiredInput(ctx.document, type, word);
    await data(ctx, `mutation ($input: [${type}CreateInput!]!) { ${mutation}(input: $input) { info { nodesCreated } } }`, { input: [input] });
    return { word, kind, id: typeof input.id === "string" ? input.id : null, text: sentence(word) };
  },
});

const SKIPPED_DIRECTIVES = new Set(["relationship", "cypher", "populatedBy", "timestamp", "id", "default", "customResolver"]);

function requiredInput(document: DocumentNode, typeName: string, word: string): Record<string, unknown> {
  const type = document.definitions.find((d): d is ObjectTypeDefinitionNode => d.kind === Kind.OBJECT_TYPE_DEFINITION && d.name.value === typeName);
  if (!type) throw new Error(`no type ${typeName} in the SDL`);
  const input: Record<string, unknown> = {};
  for (const field of type.fields ?? []) {
    if (field.type.kind !== Kind.NON_NULL_TYPE || field.directives?.some((d) => SKIPPED_DIRECTIVES.has(d.name.value))) continue;
    input[field.name.value] = valueFor(document, field, field.type.type, word);
  }
  return input;
}

function valueFor(document: DocumentNode, field: FieldDefinitionNode, type: TypeNode, word: string): unknown {
  if (type.kind === Kind.LIST_TYPE) return [];
  if (type.kind === Kind.NON_NULL_TYPE) return valueFor(document, field, type.type, word);
  const name = type.name.value;
  if (field.name.value === "id" || field.name.value.endsWith("Id")) return `d-${word}`;
  if (name === "String") return sentence(word);
  if (name === "Float") return 0.5;
  if (name === "Int") return 1;
  if (name === "Boolean") return false;
  if (name === "DateTime") return new Date().toISOString();
  const enumType = document.definitions.find((d) => d.kind === Kind.ENUM_TYPE_DEFINITION && d.name.value === name);
  if (enumType?.kind === Kind.ENUM_TYPE_DEFINITION) return enumType.values![0]!.name.value;
  throw new Error(`${field.name.value}: no sample value for ${name}`);
}

export const WRITE_DOORS: Record<string, WriteDoor> = {
  ...Object.fromEntries(MEMORY_KINDS_STORED.map((k) => [`memoryStore ${k}`, memoryStore(k)])),
  createMemories: generatedCreate("createMemories", "Memory", "MEMORY"),
  createMessages: generatedCreate("createMessages", "Message", "MESSAGE"),
  createBeliefs: generatedCreate("createBeliefs", "Belief", "BELIEF"),
  createInsights: generatedCreate("createInsights", "Insight", "INSIGHT"),
  createExperiences: generatedCreate("createExperiences", "Experience", "EXPERIENCE"),
  createResearch: generatedCreate("createResearch", "Research", "RESEARCH"),
  createConcepts: generatedCreate("createConcepts", "Concept", "CONCEPT"),
  createContents: generatedCreate("createContents", "Content", "CONTENT"),
  createAnalyses: generatedCreate("createAnalyses", "Analysis", "ANALYSIS"),
  createDocumentations: generatedCreate("createDocumentations", "Documentation", "DOCUMENTATION"),
  createSyntheses: generatedCreate("createSyntheses", "Synthesis", "SYNTHESIS"),
  recordMemories: {
    operations: ["recordMemories"],
    async write(ctx, word) {
      const d = await data(ctx, `mutation ($memories: [MemoryInput!]!) { recordMemories(memories: $memories) { ids } }`, { memories: [{ type: "OBSERVATION", content: sentence(word) }] });
      return { word, kind: "MEMORY", id: d.recordMemories.ids[0], text: sentence(word) };
    },
  },
  recordInteraction: {
    operations: ["recordInteraction", "mcp:record_interaction"],
    async write(ctx, word) {
      const d = await data(ctx, `mutation ($input: RecordInteractionInput!) { recordInteraction(input: $input) { id } }`, {
        input: { agentId: ctx.agent.agentId, summary: sentence(word), withPeople: ["Dana"] },
      });
      return { word, kind: "MEMORY", id: d.recordInteraction.id, text: sentence(word) };
    },
  },
  recordSignificantInteraction: {
    operations: ["recordSignificantInteraction"],
    async write(ctx, word) {
      const d = await data(ctx, `mutation ($input: RecordInteractionInput!) { recordSignificantInteraction(input: $input, above: 0.1) { recorded memory { id } } }`, {
        input: { agentId: ctx.agent.agentId, summary: sentence(word), importance: 0.9 },
      });
      return { word, kind: "MEMORY", id: d.recordSignificantInteraction.memory?.id ?? null, text: sentence(word) };
    },
  },
  // The importer (`mnemograph import`) writes through recordMessages.
  recordMessages: {
    operations: ["recordMessages"],
    async write(ctx, word) {
      const id = `m-${word}`;
      await data(ctx, `mutation ($messages: [MessageImportInput!]!) { recordMessages(messages: $messages) { ids } }`, {
        messages: [{ id, channelId: `c-${word}`, authorId: `u-${word}`, authorName: "Dana", content: sentence(word), timestamp: new Date().toISOString() }],
      });
      return { word, kind: "MESSAGE", id, text: sentence(word) };
    },
  },
  recordTurn: {
    operations: ["recordTurn", "startSession", "mcp:record_turn"],
    async write(ctx, word) {
      const s = await data(ctx, `mutation ($goal: String!) { startSession(goal: $goal, maxTurns: 5) { id } }`, { goal: `reach ${word}` });
      const sessionId = s.startSession.id as string;
      await data(ctx, `mutation ($sessionId: ID!, $turn: TurnInput!) { recordTurn(sessionId: $sessionId, turn: $turn) { created } }`, {
        sessionId, turn: { number: 1, analysis: sentence(word), buttonPresses: ["UP"], success: true },
      });
      return { word, kind: "TURN", id: `${sessionId}_turn_1`, text: sentence(word), sessionId };
    },
  },
  assertFacts: {
    operations: ["assertFacts"],
    async write(ctx, word) {
      const personId = `p-${word}`;
      await data(ctx, `mutation ($id: ID!, $name: String!) { createPeople(input: [{ id: $id, name: $name }]) { info { nodesCreated } } }`, { id: personId, name: `Dana ${word}` });
      const d = await data(ctx, `mutation ($facts: [FactAssertionInput!]!) { assertFacts(facts: $facts) { created { id } } }`, {
        facts: [{ subject: personId, relation: "WORKS_AT", object: `Globex ${word}`, confidence: 0.9 }],
      });
      return { word, kind: "FACT", id: d.assertFacts.created[0].id, text: `Where does Dana ${word} work? At Globex ${word}.`, personId };
    },
  },
  // Reflection's beliefs: experiences first, then memoryReflect (deterministic without a model) forms a belief from them.
  reflection: {
    operations: ["memoryReflect", "reflect", "mcp:memory_reflect"],
    async write(ctx, word) {
      await data(ctx, `mutation ($input: [ExperienceCreateInput!]!) { createExperiences(input: $input) { info { nodesCreated } } }`, {
        input: [{ description: sentence(word), experienceType: "deploy", outcome: "FAILED" }],
      });
      const d = await data(ctx, `mutation { memoryReflect { beliefsFormed { id content } } }`);
      const belief = (d.memoryReflect.beliefsFormed as { id: string; content: string }[]).find((b) => b.content.includes(word));
      if (!belief) throw new Error(`reflection formed no belief from the experience with ${word}: ${JSON.stringify(d.memoryReflect)}`);
      return { word, kind: "BELIEF", id: belief.id, text: sentence(word) };
    },
  },
  // Correcting a belief writes its successor: the new text is found as any belief is.
  supersedeBelief: {
    operations: ["supersedeBelief"],
    async write(ctx, word) {
      const first = await data(ctx, `mutation ($content: String!) { memoryStore(content: $content, type: BELIEF) { id } }`, { content: `An early guess about ${word}s.` });
      const d = await data(ctx, `mutation ($id: ID!, $content: String!) { supersedeBelief(id: $id, content: $content, reason: "measured") { id } }`, { id: first.memoryStore.id, content: sentence(word) });
      return { word, kind: "BELIEF", id: d.supersedeBelief.id, text: sentence(word) };
    },
  },
};

// ---------------------------------------------------------------- read doors

const SEARCH = `query ($input: SearchMemoriesInput!) { searchMemories(input: $input) { hits { kind id content } } }`;

export const READ_DOORS: Record<string, ReadDoor> = {
  searchMemories: {
    operations: ["searchMemories"],
    meets: "all",
    async finds(ctx, s) {
      const d = await data(ctx, SEARCH, { input: { query: s.kind === "FACT" ? s.text : `${s.word} rollout`, limit: 10 } });
      return (d.searchMemories.hits as { kind: string; id: string; content: string }[]).some((h) => h.kind === s.kind && (s.id ? h.id === s.id : h.content.includes(s.word)));
    },
  },
  memory_search: {
    operations: ["mcp:memory_search"],
    meets: "all",
    async finds(ctx, s) {
      const text = await ctx.mcp("memory_search", { query: s.kind === "FACT" ? s.text : `${s.word} rollout` });
      return text.split("\n").some((l) => l.includes(`[${s.kind} `) && (s.id ? l.includes(` ${s.id}]`) : l.includes(s.word)));
    },
  },
  memoryQuery: {
    operations: ["memoryQuery", "mcp:memory_query"],
    meets: ["memoryStore BELIEF", "memoryStore INSIGHT"],
    otherwise:
      "memoryQuery ranks an agent team's knowledge on a topic (beliefs, insights, learnings) with its own centrality: it is the team's knowledge tool, not the one recall; searchMemories and memory_search are (issue #43 item 1). Its pairs beyond these two are not checked here.",
    async finds(ctx, s) {
      const d = await data(ctx, `query ($topic: String!) { memoryQuery(topic: $topic, limit: 10) { knowledge { id } } }`, { topic: `${s.word} rollout` });
      return (d.memoryQuery as { knowledge: { id: string } }[]).some((h) => h.knowledge.id === s.id);
    },
  },
  memoryContext: {
    operations: ["memoryContext", "mcp:memory_context"],
    meets: ["recordInteraction", "recordMemories"],
    otherwise:
      "memoryContext builds its block from the agent's Memory nodes only: widening it to the other kinds (issue #43 item 1, 'where it fits the block') is not done on this branch; the one recall of every kind is searchMemories.",
    async finds(ctx, s) {
      const d = await data(ctx, `query ($agentId: ID!, $topic: String) { memoryContext(agentId: $agentId, topic: $topic) { text } }`, { agentId: ctx.agent.agentId, topic: `${s.word} rollout` });
      return (d.memoryContext.text as string).includes(s.word);
    },
  },
  personProfile: {
    operations: ["personProfile", "mcp:person_profile"],
    meets: ["assertFacts"],
    otherwise: "A person's profile is the facts about that person: only fact doors write them (facts learned from messages meet it through the extraction worker, tests/integration/extraction).",
    async finds(ctx, s) {
      const d = await data(ctx, `query ($id: ID!) { personProfile(personId: $id) { facts { id } } }`, { id: s.personId });
      return (d.personProfile.facts as { id: string }[]).some((f) => f.id === s.id);
    },
  },
  recentTurns: {
    operations: ["recentTurns", "mcp:recent_turns"],
    meets: ["recordTurn"],
    otherwise: "The last turns of one game session: only recordTurn writes turns.",
    async finds(ctx, s) {
      const d = await data(ctx, `query ($sessionId: ID!) { recentTurns(sessionId: $sessionId) { recentTurns { turnId } } }`, { sessionId: s.sessionId });
      return (d.recentTurns.recentTurns as { turnId: string | null }[]).some((t) => t.turnId === s.id);
    },
  },
  searchMessages: {
    operations: ["searchMessages"],
    meets: ["recordMessages", "createMessages"],
    otherwise: "Full-text search over chat messages only (a retrieveContext tool): the other doors write no message.",
    async finds(ctx, s) {
      const d = await data(ctx, `query ($q: String!) { searchMessages(query: $q) { message { id content } } }`, { q: s.word });
      return (d.searchMessages as { message: { id: string; content: string } }[]).some((h) => (s.id ? h.message.id === s.id : h.message.content.includes(s.word)));
    },
  },
};

/**
 * Read operations that are not a recall door, each with why: the people
 * directory answers who (its facts come from the fact doors, recalled by
 * searchMemories and personProfile), retrieve_context plans over
 * searchMemories and the people tools, cypher_query is the operator's.
 */
export const NOT_READ_DOORS: Record<string, string> = {
  ...Object.fromEntries(
    // Every people tool but personProfile, by its field and its MCP name: a new one is placed by its declaration.
    PEOPLE_TOOLS.filter((t) => t.field !== "personProfile").flatMap((t) => [t.field, ...(t.agent ? [`mcp:${t.name}`] : [])]).map((f) => [
      f,
      "a people-directory tool of the retrieveContext loop: it answers who and how people relate, from the facts the fact doors write; what was stored is recalled through searchMemories and personProfile",
    ]),
  ),
  ...Object.fromEntries(
    ["recentMessages", "mcp:get_recent_messages"].map((f) => [
      f,
      "the knowledge agent's get_recent_messages: a channel's latest messages in order, by channel and time, never by content; what a message write stores is recalled through searchMessages and searchMemories",
    ]),
  ),
  "mcp:retrieve_context": "plans several reads (searchMemories, the people tools) for a conversation and logs the run: its snippets are searchMemories' hits, whose pairs are in the matrix",
  "mcp:cypher_query": "the gateway operator's raw read-only Cypher over every tenant: not an agent's recall",
  "mcp:whoami": "says who the caller is, its tenant and what it may do: reads no stored content",
};

/** Write operations that are not a write door, each with why. */
export const NOT_WRITE_DOORS: Record<string, string> = {
  ...Object.fromEntries(
    ["createAgents", "createAgentStateSnapshots", "createApiKey", "revokeApiKey", "installSquadDefaults", "createSubscriptionRules", "heartbeatSession", "endSession", "mcp:start_game_session"].map((f) => [
      f,
      "identity, keys, settings or a session's lifecycle: nothing an agent recalls as content",
    ]),
  ),
  ...Object.fromEntries(
    ["createPeople", "createEntities", "createOrgs", "createPlaces", "createSkills", "createTopics", "createProjects", "createEvents", "createChannels"].map((f) => [
      f,
      "names of people, things and channels: found by the people tools (peopleByName…) and as the ends of facts, not recalled as content",
    ]),
  ),
  ...Object.fromEntries(
    ["createApplications", "createCodeReviews", "createReviewIssues", "createSecurityAudits", "createVulnerabilities", "createOpportunities", "createTasks", "createWorkflowImprovements", "transitionWorkflowImprovement", "createProcessInsights", "createProcessPatterns", "createProcessUpdates", "createReflections", "createRetrievalRuns", "markRetrievalRun"].map((f) => [
      f,
      "the squad's work records (tasks, reviews, audits, workflow, process health, reflection and retrieval logs): read through their own queries; searchMemories does not recall them (not among issue #43's write doors)",
    ]),
  ),
  ...Object.fromEntries(
    ["createSharedKnowledges", "memoryShare", "mcp:memory_share", "markKnowledgeAccessed", "markKnowledgeApplied"].map((f) => [
      f,
      "shares or marks knowledge already stored: stores no new content (the shared item is found as its own door's)",
    ]),
  ),
  ...Object.fromEntries(
    ["retractFact", "correctMemory", "forgetMemory", "erasePerson", "mcp:memory_update", "mcp:memory_forget"].map((f) => [
      f,
      "corrects or removes what a write door stored: the new version is found and the old one is not (tests/integration/forget/forgetAndCorrect.test.ts, tests/integration/mcp/mcpCorrectForget.test.ts)",
    ]),
  ),
  importTenantLines: "restores a tenant exported by `mnemograph export`: what it restores was written through the doors above",
  pauseExtraction: "controls the extraction worker: stores nothing",
  queueExtraction: "queues messages for the extraction worker again: its facts are stored as learned facts",
  retrieveContext: "a lookup (planned reads) that logs its run: its write is the RetrievalRun log, not a memory",
  "mcp:retrieve_context": "a lookup that logs its run: not a memory",
};

/** Generated updates and deletes change or remove what a create door wrote: correcting and forgetting are issue #43 part B's pairs. */
export const GENERATED_CHANGE = /^(update|delete)[A-Z]/;
