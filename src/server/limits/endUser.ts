import { getOperationAST, Kind, valueFromASTUntyped, type DocumentNode, type FieldNode } from "graphql";

/** Longest end-user id kept in a budget key (RetrieveMessageInput.authorId's own limit). */
const MAX_END_USER = 200;

/**
 * The end user a `retrieveContext` call serves: the author of the
 * conversation's last message, the one a chatbot is answering. A chatbot's one
 * token serves many users, and the chatbot memory service limits each user
 * (10 a minute), not the chatbot: the field's budget is kept per end user when
 * one is named. Only top-level fields of the operation are read (aliases
 * included); null when the last message names no author.
 */
export function retrieveContextEndUser(document: DocumentNode, operationName: string | null | undefined, variables: Readonly<Record<string, unknown>> | null | undefined): string | null {
  const operation = getOperationAST(document, operationName);
  const field = operation?.selectionSet.selections.find((s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === "retrieveContext");
  const arg = field?.arguments?.find((a) => a.name.value === "input");
  if (!arg) return null;
  const input = valueFromASTUntyped(arg.value, variables ?? undefined) as { messages?: unknown } | null;
  const messages = Array.isArray(input?.messages) ? input.messages : [];
  const author = (messages.at(-1) as { authorId?: unknown } | undefined)?.authorId;
  return typeof author === "string" && author !== "" ? author.slice(0, MAX_END_USER) : null;
}
