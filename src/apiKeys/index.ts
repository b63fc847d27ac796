export { apiKeyResolvers } from "./apiKeyResolvers.js";
export { type ApiKeyStore, apiKeyStore } from "./apiKeyStore.js";
export { API_KEY, apiKeyExchange, cachedApiKeyExchange, type ApiKeyExchange, type IssuedToken } from "./exchangeApiKey.js";
