import type { Migration } from "../graph/migrations/migration.js";

/**
 * The durable outbox (src/feed/): one counter per tenant, whose uniqueness
 * makes its MERGE race-free; events unique by (tenant, seq), which also
 * indexes the replay query `seq > $after`; and the write id an event was
 * staged under, by which a writer finds its events when another process's
 * round numbered them.
 */
export const OUTBOX_MIGRATIONS: Migration[] = [
  {
    name: "outbox_counter_tenant_unique",
    cypher: "CREATE CONSTRAINT outbox_counter_tenant_unique IF NOT EXISTS FOR (c:OutboxCounter) REQUIRE c.tenantId IS UNIQUE",
  },
  {
    name: "outbox_event_tenant_seq_unique",
    cypher: "CREATE CONSTRAINT outbox_event_tenant_seq_unique IF NOT EXISTS FOR (e:OutboxEvent) REQUIRE (e.tenantId, e.seq) IS UNIQUE",
  },
  {
    name: "outbox_event_write",
    cypher: "CREATE INDEX outbox_event_write IF NOT EXISTS FOR (e:OutboxEvent) ON (e.writeId)",
  },
];
