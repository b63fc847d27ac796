/**
 * @mnemograph/client: a typed client of a Mnemograph gateway.
 *
 * ```ts
 * import { MnemographClient, MemoryContextDocument } from "@mnemograph/client";
 * const client = new MnemographClient({ url: "http://localhost:4000/graphql", apiKey: process.env.MNEMOGRAPH_API_KEY });
 * const { memoryContext } = await client.request(MemoryContextDocument, { agentId: "chatbot", topic: "rust" });
 * ```
 */
export { MnemographClient, type MnemographClientOptions, type GraphQLResult } from "./MnemographClient.js";
export { MnemographError, type GraphQLErrorShape } from "./MnemographError.js";
export { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from "./retryPolicy.js";
export { tokenSource, type Credentials, type TokenSource, type TokenSourceOptions } from "./tokenSource.js";
export { knowledgeFeed, type FeedConnection, type FeedDelivery, type FeedEvent, type KnowledgeFeed, type KnowledgeFeedOptions } from "./knowledgeFeed.js";
export * from "./generated/operations.js";
