import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

/** A token-mode gateway whose clock a test can move forward, and callers of a tenant of the run's own. */
export interface KnowledgeGateway extends TokenGateway {
  /** Moves the gateway's clock this far ahead of the system clock (0: back in step). */
  advanceClock(ms: number): void;
}

export async function startKnowledgeGateway(): Promise<KnowledgeGateway> {
  let offset = 0;
  const gateway = await startTokenGateway({ now: () => new Date(Date.now() + offset), tenantPrefix: "knowledge" });
  return {
    ...gateway,
    advanceClock: (ms) => {
      offset = ms;
    },
  };
}

/** Waits until the embedding worker has embedded every pending node (their vectors take part in memoryQuery). */
export async function embedded(t: KnowledgeGateway): Promise<void> {
  await t.gw.app.embeddings.drain();
}
