// Types of graphQueries.js (plain browser JavaScript) for the gateway's TypeScript: the warm-up imports it.
export declare const SHOWN: number;
export declare const LIMIT: number;
export declare const MEMORY_TYPES: string[];
export declare const PICKERS: string;
export declare const AGENT: string;
export declare const AGENT_MEMORY_GROUPS: string;
export declare const AGENT_MEMORIES: string;
export interface WarmUpRead {
  name: string;
  document: string;
  variables: Record<string, unknown>;
}
export declare function warmUpReads(agentId: string): WarmUpRead[];
