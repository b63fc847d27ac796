import { visibilityParams } from "../auth/policy.js";
import { BadUserInputError } from "../errors/errors.js";
import type { RequestContext } from "../core/requestContext.js";
import { executor } from "../graph/executor.js";
import type { Row } from "../graph/statement.js";
import { list, optionalText, text } from "../core/args.js";
import type { AppDeps } from "../core/appDeps.js";
import { tenantNodes } from "../graph/tenantNodes.js";
import { visibleAs } from "../graph/visibleAs.js";
import { findImplicitPhrases, findMentions, nameCandidates, type KnownPerson } from "./findMentions.js";

const MAX_MESSAGES = 100;
const MAX_CONTENT = 5000;

/** People of the tenant the caller may read whose name, real name or alias occurs in the messages (names compare in any case, which no index seeks). */
export const PEOPLE = `
  ${tenantNodes("p", "Person", "$callerTenant")} AND ${visibleAs("p")}
    AND (toLower(p.name) IN $grams OR toLower(coalesce(p.realName, '')) IN $grams
         OR any(alias IN coalesce(p.aliases, []) WHERE toLower(alias) IN $grams))
  RETURN p.id AS id, p.name AS name, [p.name, p.realName] + coalesce(p.aliases, []) AS names LIMIT 500`;

/**
 * Each author and the people they are related, close to or interact with,
 * either way. An author with an id is a seek; one without is looked up by
 * name among the tenant's people (graph/tenantNodes.ts). One `id = … OR
 * name = …` match scanned every tenant's people for every author.
 */
export const AUTHOR_TIES = `
  CALL () {
    UNWIND $authorsWithId AS author
    OPTIONAL MATCH (a:Person {tenantId: $callerTenant, id: author.id}) WHERE ${visibleAs("a")}
    RETURN author, a
    UNION
    UNWIND $authorsWithoutId AS author
    CALL (author) {
      ${tenantNodes("a", "Person", "$callerTenant")} AND ${visibleAs("a")} AND toLower(a.name) = toLower(author.name)
      RETURN head(collect(a)) AS a
    }
    RETURN author, a
  }
  OPTIONAL MATCH (a)-[r:RELATED_TO|CLOSE_TO|INTERACTED_WITH]-(other:Person) WHERE ${visibleAs("other")}
  RETURN author.index AS index,
         [t IN collect(CASE WHEN other IS NULL THEN null ELSE { personId: other.id, name: other.name, type: type(r), basis: r.basis, confidence: coalesce(r.confidence, 0.0) } END) WHERE t IS NOT NULL] AS ties`;

interface Tie {
  personId: string;
  name: string;
  type: string;
  basis: string | null;
  confidence: number;
}

/** A row of PEOPLE: a person and every name they go by. */
const knownPerson = (r: Row): KnownPerson => ({ id: r.string("id"), name: r.stringOrNull("name") ?? r.string("id"), names: r.stringsOrNulls("names").filter((n): n is string => Boolean(n)) });

/** A row of AUTHOR_TIES: the author's index among the messages, and their ties. */
const authorTies = (r: Row): [number, Tie[]] => [
  r.number("index"),
  r.rows("ties").map((t) => ({
    personId: t.string("personId"),
    name: t.stringOrNull("name") ?? t.string("personId"),
    type: t.string("type"),
    basis: t.stringOrNull("basis"),
    confidence: t.number("confidence"),
  })),
];

/** The chatbot memory service's get_conversation_participants: people named in the messages, and "my brother"-style references resolved through the author's relationships. */
export function conversationParticipantsResolver(deps: AppDeps) {
  return async (args: { messages: unknown }, ctx: RequestContext) => {
    const messages = list("conversationParticipants.messages", args.messages, MAX_MESSAGES, (f, v) => {
      const m = (v ?? {}) as Record<string, unknown>;
      return { authorId: optionalText(`${f}.authorId`, m.authorId, 200), authorName: optionalText(`${f}.authorName`, m.authorName, 200), content: text(`${f}.content`, m.content, MAX_CONTENT) };
    });
    if (!messages?.length) throw new BadUserInputError("conversationParticipants.messages must hold at least one message", "conversationParticipants.messages");
    const contents = messages.map((m) => m.content);
    const params = visibilityParams(ctx.caller);
    const graph = executor(deps);
    const people = await graph.read({ cypher: PEOPLE, params: { ...params, grams: nameCandidates(contents) }, decode: knownPerson });
    const explicitMentions = findMentions(contents, people);

    const phrases = findImplicitPhrases(contents);
    const authors = [...new Set(phrases.map((p) => p.mentionedInMessage))].map((index) => ({
      index,
      id: messages[index]!.authorId,
      name: messages[index]!.authorName,
    }));
    const tiesOf = new Map<number, Tie[]>();
    if (authors.length) {
      const authorsWithId = authors.filter((a) => a.id !== null).map(({ index, id }) => ({ index, id }));
      const authorsWithoutId = authors.filter((a) => a.id === null && a.name !== null).map(({ index, name }) => ({ index, name }));
      for (const [index, ties] of await graph.read({ cypher: AUTHOR_TIES, params: { ...params, authorsWithId, authorsWithoutId }, decode: authorTies })) tiesOf.set(index, ties);
    }
    const implicitReferences = phrases.map((phrase) => {
      // A tie whose basis names the word ("brother") is a strong match; one of a likely type, a weaker one.
      const matches = (tiesOf.get(phrase.mentionedInMessage) ?? [])
        .filter((t) => phrase.types.includes(t.type))
        .map((t) => {
          const named = (t.basis ?? "").toLowerCase().includes(phrase.word);
          const typeRank = phrase.types.indexOf(t.type);
          return {
            personId: t.personId,
            name: t.name,
            confidence: Number((t.confidence * (named ? 1 : 0.5 / (typeRank + 1))).toFixed(4)),
            reason: named ? `${t.type} with basis "${t.basis}"` : `${t.type} of the author`,
          };
        })
        .sort((a, b) => b.confidence - a.confidence);
      return { reference: phrase.reference, mentionedInMessage: phrase.mentionedInMessage, possibleMatches: matches };
    });
    return { explicitMentions, implicitReferences };
  };
}
