export { agentMemoryResolvers } from "./agentMemoryResolvers.js";
export { memoryCypherHooks } from "./memoryCypherHooks.js";
export { type MemoryContextResult, memoryContextResolver } from "./context/memoryContextResolver.js";
export { memoryResolvers } from "./memoryResolvers.js";
export { MEMORY_WRITE_LABELS } from "./writeLabels.js";
export { DEFAULT_IMPORTANCE, describeImportanceDefaults, importanceOf } from "./importanceDefaults.js";
export { AGENT_MEMORY_CYPHER } from "./memoryRecord.js";
export { AGENT_BY_REF_CYPHER } from "./agentRef.js";
