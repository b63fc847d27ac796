import type { DocumentNode } from "graphql";
import { knowledgeLabels, type SchemaFacts } from "../core/schemaFacts.js";
import { embeddedTypes } from "../embeddings/embeddedTypes.js";
import { factRelations } from "../facts/index.js";
import { transferTypes } from "../transfer/index.js";

/** Derives, once, what the parts of the gateway read off the SDL. Pure. */
export function schemaFactsOf(document: DocumentNode): SchemaFacts {
  const relations = factRelations(document);
  return {
    document,
    factRelations: relations,
    factTypes: relations.map((r) => r.type),
    embeddedTypes: embeddedTypes(document),
    knowledgeLabels: knowledgeLabels(document),
    transfer: transferTypes(document),
  };
}
