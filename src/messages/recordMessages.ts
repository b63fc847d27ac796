import { createHash } from "node:crypto";
import type { AppDeps } from "../core/appDeps.js";
import type { Caller } from "../core/caller.js";
import type { RequestContext } from "../core/requestContext.js";
import { idArg } from "../core/idArgs.js";
import { hasRole, visibilityParams } from "../auth/policy.js";
import { grantedAs, visibleAs } from "../graph/visibleAs.js";
import { ensureAgentNode } from "../graph/agentNode.js";
import { executor } from "../graph/executor.js";
import { onlyRow, type Row } from "../graph/statement.js";
import { BadUserInputError, ForbiddenError } from "../errors/errors.js";
import { MESSAGE_WRITE_LABELS } from "./writeLabels.js";

/** One message as recordMessages receives it (GraphQL defaults applied, the SDL's limits already checked). */
export interface MessageImportInput {
  id: string;
  channelId: string;
  channelName?: string | null;
  platform: string;
  authorId: string;
  authorName?: string | null;
  content: string;
  timestamp: unknown;
  replyTo?: string | null;
}

export const MAX_MESSAGES_PER_CALL = 1000;
const F = "recordMessages";

/**
 * The id of the memory `owner` keeps of message `messageId`: derived, not
 * random, so remembering a message again merges into the same memory.
 */
export function rememberedMessageId(tenantId: string, owner: string, messageId: string): string {
  const hex = createHash("sha256").update(`${tenantId}\u0000${owner}\u0000${messageId}`).digest("hex");
  return `msg-${hex.slice(0, 32)}`;
}

// One statement whatever the batch size (planned once). A message stored before
// is matched and left as it was: its links are written only when it is created.
// A channel, author or replied-to message the caller may not read (another
// agent's PRIVATE node) is left unlinked, as a generated connect leaves it. The
// author is linked only when a grant lets the writer read it, admins included:
// AUTHORED makes the message part of that person's record (profile, extracted
// facts), which only the person's owner may decide for a PRIVATE person.
const WRITE = `
  UNWIND $rows AS row
  OPTIONAL MATCH (old:Message {tenantId: $tenantId, id: row.id})
  WITH row, old IS NULL AS isNew
  MERGE (m:Message {tenantId: $tenantId, id: row.id})
    ON CREATE SET m.ownerId = $callerAgent, m.visibility = 'SHARED', m.sharedWith = [], m.authorId = row.authorId,
      m.authorName = row.authorName, m.content = row.content, m.timestamp = datetime(row.timestamp),
      m.createdAt = datetime(), m.embeddingStatus = 'PENDING', m.extractionStatus = 'PENDING'
  WITH m, row, isNew
  CALL (m, row, isNew) {
    WITH * WHERE isNew
    MERGE (ch:Channel {tenantId: $tenantId, id: row.channelId})
      ON CREATE SET ch.ownerId = $callerAgent, ch.visibility = 'SHARED', ch.sharedWith = [], ch.name = row.channelName,
        ch.platform = row.platform, ch.learnFacts = true, ch.createdAt = datetime()
    MERGE (p:Person {tenantId: $tenantId, id: row.authorId})
      ON CREATE SET p.ownerId = $callerAgent, p.visibility = 'SHARED', p.sharedWith = [], p.name = coalesce(row.authorName, row.authorId),
        p.aliases = [], p.createdAt = datetime()
    FOREACH (_ IN CASE WHEN ${visibleAs("ch")} THEN [1] ELSE [] END | CREATE (m)-[:IN_CHANNEL]->(ch))
    FOREACH (_ IN CASE WHEN ${grantedAs("p")} THEN [1] ELSE [] END | CREATE (p)-[:AUTHORED]->(m))
    WITH m, row
    OPTIONAL MATCH (r:Message {tenantId: $tenantId, id: row.replyTo}) WHERE ${visibleAs("r")}
    FOREACH (_ IN CASE WHEN r IS NULL OR r = m THEN [] ELSE [1] END | MERGE (m)-[:REPLIES_TO]->(r))
  }
  CALL (row) {
    WITH * WHERE $rememberAs IS NOT NULL AND row.content <> ''
    MATCH (a:Agent {tenantId: $tenantId, id: $rememberAs})
    OPTIONAL MATCH (known:Memory {tenantId: $tenantId, id: row.memoryId})
    MERGE (mem:Memory {tenantId: $tenantId, id: row.memoryId})
      ON CREATE SET mem.ownerId = $rememberAs, mem.visibility = 'PRIVATE', mem.sharedWith = [], mem.type = 'OBSERVATION',
        mem.content = row.memoryContent, mem.importance = 0.5, mem.confidence = 1.0, mem.tags = [], mem.participants = [row.speaker],
        mem.conversationId = row.channelId, mem.source = row.id, mem.occurredAt = datetime(row.timestamp),
        mem.createdAt = datetime(), mem.embeddingStatus = 'PENDING'
    MERGE (a)-[:REMEMBERS]->(mem)
    // An aggregate: one row even when this message is not remembered, so the row is kept.
    RETURN sum(CASE WHEN known IS NULL THEN 1 ELSE 0 END) AS memoryCreated
  }
  RETURN sum(CASE WHEN isNew THEN 1 ELSE 0 END) AS created, count(row) AS total,
         sum(memoryCreated) AS memoriesCreated`;

const AGENT_EXISTS = `OPTIONAL MATCH (a:Agent {tenantId: $tenantId, id: $rememberAs}) RETURN a IS NOT NULL AS found`;
// Remembering as oneself needs no registration first: the caller's Agent node is created by its first write.
const ENSURE_SELF = `${ensureAgentNode("a", "$tenantId", "$rememberAs")} RETURN true AS found`;

/** WRITE's row: the messages new in this batch, all of them, and the memories it created. */
const written = (r: Row) => ({ created: r.number("created"), total: r.number("total"), memoriesCreated: r.number("memoriesCreated") });

/** Refuses what no batch may do: an empty or oversized batch, or remembering as another agent without being an admin. Pure. */
function checkBatch(caller: Caller, messages: readonly MessageImportInput[], rememberAs: string | null) {
  if (messages.length === 0) throw new BadUserInputError(`${F}.messages must hold at least one message`, `${F}.messages`);
  if (messages.length > MAX_MESSAGES_PER_CALL) {
    throw new BadUserInputError(`${F}.messages takes at most ${MAX_MESSAGES_PER_CALL} items, got ${messages.length}`, `${F}.messages`);
  }
  if (rememberAs !== null && rememberAs !== caller.agentId && !hasRole(caller, "admin")) {
    throw new ForbiddenError(`Only agent "${rememberAs}" itself or an admin may remember messages as it`);
  }
}

/**
 * Writes a batch of messages in the caller's tenant (never another's) in one
 * transaction. The first occurrence of a repeated id wins. Returns the ids in
 * input order and what was new.
 */
export async function recordMessages(deps: Pick<AppDeps, "driver" | "database">, caller: Caller, messages: readonly MessageImportInput[], rememberAsArg?: string | null) {
  const rememberAs = rememberAsArg == null ? null : idArg(`${F}.rememberAs`, rememberAsArg);
  checkBatch(caller, messages, rememberAs);
  const firsts = new Map<string, MessageImportInput>();
  for (const m of messages) if (!firsts.has(m.id)) firsts.set(m.id, m);
  const unique = [...firsts.values()];
  const rows = unique.map((m) => ({
    id: m.id,
    channelId: m.channelId,
    channelName: m.channelName ?? null,
    platform: m.platform,
    authorId: m.authorId,
    authorName: m.authorName ?? null,
    content: m.content,
    timestamp: String(m.timestamp),
    replyTo: m.replyTo ?? null,
    speaker: m.authorName ?? m.authorId,
    memoryContent: `${m.authorName ?? m.authorId}: ${m.content}`.slice(0, 20000),
    memoryId: rememberAs === null ? null : rememberedMessageId(caller.tenantId, rememberAs, m.id),
  }));
  const params = { rows, tenantId: caller.tenantId, rememberAs, ...visibilityParams(caller) };
  // One managed write without the shared bookmarks, as recordMessages always wrote.
  const counts = await executor(deps).writeTransaction(async (tx) => {
    if (rememberAs !== null) {
      const [found] = await tx.run({ cypher: rememberAs === caller.agentId ? ENSURE_SELF : AGENT_EXISTS, params, decode: (r) => r.boolean("found") });
      if (!found) throw new BadUserInputError(`${F}.rememberAs: there is no agent "${rememberAs}" in this tenant`, `${F}.rememberAs`);
    }
    return onlyRow(await tx.run({ cypher: WRITE, params, decode: written }));
  }, { bookmarks: false });
  return {
    ids: unique.map((m) => m.id),
    created: counts.created,
    existing: counts.total - counts.created,
    memoriesCreated: counts.memoriesCreated,
    pendingEmbeddings: counts.created + counts.memoriesCreated,
  };
}

/** `Mutation.recordMessages`; wakes the embedding worker when something new waits for it. */
export function recordMessagesResolver(deps: AppDeps) {
  return async (_: unknown, args: { messages: MessageImportInput[]; rememberAs?: string | null }, ctx: RequestContext) => {
    const result = await recordMessages(deps, ctx.caller, args.messages, args.rememberAs);
    if (result.pendingEmbeddings > 0) deps.embeddings.wake(MESSAGE_WRITE_LABELS.recordMessages);
    return result;
  };
}
