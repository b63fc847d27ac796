import type { AppDeps } from "../core/appDeps.js";
import { conversationParticipantsResolver } from "./conversationParticipants.js";
import { createNameVectors } from "./nameVectors.js";
import { peopleByEntityResolvers } from "./peopleByEntity.js";
import { peopleByLocationResolver } from "./peopleByLocation.js";
import { personToolResolvers } from "./personTools.js";
import { relationshipsBetweenResolver } from "./relationshipsBetween.js";
import { semanticToolResolvers } from "./semanticTools.js";

/**
 * Resolvers of schema/people-tools.graphql: seed 004's ten people-graph tools
 * and seed 002's person summary. Each tool validates its arguments, then reads
 * with one or a few queries that see only what the caller may read.
 */
export function peopleToolResolvers(deps: AppDeps) {
  const factTypes = deps.schema.factTypes;
  const vectors = createNameVectors(deps.embedder);
  return {
    Query: {
      ...personToolResolvers(deps, factTypes),
      ...peopleByEntityResolvers(deps, vectors),
      peopleByLocation: peopleByLocationResolver(deps, vectors),
      relationshipsBetween: relationshipsBetweenResolver(deps, factTypes),
      conversationParticipants: conversationParticipantsResolver(deps),
      ...semanticToolResolvers(deps, vectors, factTypes),
    },
  };
}
