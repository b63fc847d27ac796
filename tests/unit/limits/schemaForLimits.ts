import { buildSchema } from "graphql";

/** A small schema for limit tests: without @neo4j/graphql's estimators, every field costs 1 plus its children. */
export const schemaForLimits = buildSchema(`
  type Query {
    agents(limit: Int): [Agent!]!
    agent(id: ID!): Agent
    retrieveContext(query: String!): [Memory!]!
  }
  type Mutation { forget(id: ID!): Boolean! }
  type Agent { id: ID! name: String! memories(limit: Int): [Memory!]! friends: [Agent!]! }
  type Memory { id: ID! content: String! agent: Agent }
`);
