import { z } from "zod";
import type { RequestContext } from "../../core/requestContext.js";
import type { RetrieveRequest } from "../request.js";

type Resolver = (parent: unknown, args: Record<string, unknown>, ctx: RequestContext) => unknown;

/** The GraphQL resolvers the tools call: the same checks, the same access rules as over the API. */
export type ToolResolvers = Record<
  | "personProfile"
  | "peopleBySkill"
  | "peopleByOrganization"
  | "peopleByTopic"
  | "peopleByLocation"
  | "relationshipsBetween"
  | "personTimeline"
  | "conversationParticipants"
  | "findExperts"
  | "semanticSearchFacts"
  | "searchMemories"
  | "searchMessages",
  Resolver
>;

/** What a tool runs with besides its arguments. */
export interface ToolRun {
  ctx: RequestContext;
  request: RetrieveRequest;
}

/** A tool of the loop: its name and JSON schema as the model sees them, and how it runs. */
export interface RetrievalTool {
  name: string;
  description: string;
  input: z.ZodType<Record<string, unknown>>;
  run(args: Record<string, unknown>, run: ToolRun): Promise<unknown>;
}

const id = z.string().min(1).max(128);
const name = z.string().min(1).max(500);
const limit = z.number().int().min(1).max(50).optional();
const minConfidence = z.number().min(0).max(1).optional();

const tool = <S extends z.ZodRawShape>(
  toolName: string,
  description: string,
  shape: S,
  run: (args: z.infer<z.ZodObject<S>>, r: ToolRun) => unknown,
): RetrievalTool => ({
  name: toolName,
  description,
  input: z.strictObject(shape) as unknown as z.ZodType<Record<string, unknown>>,
  run: async (args, r) => run(args as z.infer<z.ZodObject<S>>, r),
});

/**
 * The retrieval tools of seed 004 (and seed 002's message search), each a thin
 * mapping from the model's snake_case arguments to a GraphQL resolver of the
 * retrieval issue. cypher_query joins them for callers allowed to use it.
 */
export function retrievalTools(r: ToolResolvers): RetrievalTool[] {
  return [
    tool("get_person_profile", "All facts about one person (by person id): work, skills, places, relationships, with confidence and evidence.", { person_id: id, fact_types: z.array(z.string().max(50)).max(20).optional() }, (a, { ctx }) =>
      r.personProfile(null, { personId: a.person_id, factTypes: a.fact_types }, ctx)),
    tool("find_people_by_skill", "People who have a skill (exact, fuzzy, then by meaning).", { skill: name, min_confidence: minConfidence, limit }, (a, { ctx }) =>
      r.peopleBySkill(null, { skill: a.skill, minConfidence: a.min_confidence, limit: a.limit }, ctx)),
    tool("find_people_by_organization", "People who work or worked at an organisation; current_only keeps current employees.", { organization: name, current_only: z.boolean().optional(), limit }, (a, { ctx }) =>
      r.peopleByOrganization(null, { organization: a.organization, currentOnly: a.current_only, limit: a.limit }, ctx)),
    tool("find_people_by_topic", "People who talk about, care about or are curious about a topic.", { topic: name, limit }, (a, { ctx }) =>
      r.peopleByTopic(null, { topic: a.topic, limit: a.limit }, ctx)),
    tool("find_people_by_location", "People who live, work or studied in a place (SF finds San Francisco).", { location: name, limit }, (a, { ctx }) =>
      r.peopleByLocation(null, { location: a.location, limit: a.limit }, ctx)),
    tool("get_relationships_between", "How two people (by person id) are connected: relationships, shared organisations, events, places.", { person_a_id: id, person_b_id: id }, (a, { ctx }) =>
      r.relationshipsBetween(null, { personAId: a.person_a_id, personBId: a.person_b_id }, ctx)),
    tool("get_person_timeline", "A person's dated facts in order; start_date/end_date (2019, 2019-03) narrow the range.", { person_id: id, start_date: z.string().max(40).optional(), end_date: z.string().max(40).optional() }, (a, { ctx }) =>
      r.personTimeline(null, { personId: a.person_id, startDate: a.start_date, endDate: a.end_date }, ctx)),
    tool("get_conversation_participants", "People named in this conversation, and who 'my brother'-style references point at.", {}, (_a, { ctx, request }) =>
      r.conversationParticipants(null, { messages: request.messages.map((m) => ({ authorId: m.authorId, authorName: m.authorName, content: m.content })) }, ctx)),
    tool("find_experts", "People best suited to a question, ranked by the facts that match it.", { query: name, limit }, (a, { ctx }) =>
      r.findExperts(null, { query: a.query, limit: a.limit }, ctx)),
    tool("semantic_search_facts", "Facts closest in meaning to a query (similarity_threshold 0..1, default 0.7).", { query: name, limit, similarity_threshold: minConfidence }, (a, { ctx }) =>
      r.semanticSearchFacts(null, { query: a.query, limit: a.limit, similarityThreshold: a.similarity_threshold }, ctx)),
    tool("search_memories", "Memories and messages matching a query by words and meaning (hybrid search).", { query: name, limit }, (a, { ctx }) =>
      r.searchMemories(null, { input: { query: a.query, sources: ["MEMORY", "MESSAGE"], limit: a.limit ?? 10, diversity: 0, expand: true, explain: true } }, ctx)),
    tool("search_messages", "Messages matching a query, optionally in one channel or by one author.", { query: name, channel_id: z.string().max(200).optional(), author_id: z.string().max(200).optional(), limit }, (a, { ctx }) =>
      r.searchMessages(null, { query: a.query, channelId: a.channel_id, authorId: a.author_id, limit: a.limit }, ctx)),
  ];
}

/** A tool's parameters as the JSON schema the model is given. */
export function toolJsonSchema(t: RetrievalTool): Record<string, unknown> {
  // Converted once per tool: every model call sends all of them.
  let schema = jsonSchemas.get(t);
  if (!schema) {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(t.input) as Record<string, unknown>;
    schema = rest;
    jsonSchemas.set(t, schema);
  }
  return schema;
}

const jsonSchemas = new WeakMap<RetrievalTool, Record<string, unknown>>();
