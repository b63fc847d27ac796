export { apiKeyResolvers } from "./apiKeyResolvers.js";
export { type ApiKeyStore, apiKeyStore } from "./apiKeyStore.js";
