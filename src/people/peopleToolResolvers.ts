import type { AppDeps } from "../core/appDeps.js";
import { toolResolvers } from "../core/retrievalTool.js";
import { createNameVectors } from "./nameVectors.js";
import { PEOPLE_TOOLS } from "./tools.js";

/** Resolvers of schema/people-tools.graphql, from the tools' declarations (./tools.ts). */
export function peopleToolResolvers(deps: AppDeps) {
  const vectors = createNameVectors(deps.embedder);
  return { Query: toolResolvers(PEOPLE_TOOLS, { app: deps, vectors, factTypes: deps.schema.factTypes }) };
}
