import type { Migration } from "../graph/migrations/migration.js";

/**
 * The durable outbox (src/feed/): one counter per tenant, whose uniqueness
 * makes its MERGE race-free, and events unique by (tenant, seq), which also
 * indexes the replay query `seq > $after`.
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
];
