/**
 * `npm run embeddings:backfill`: embeds every node and fact that has no
 * vector or one from another model (after a change of EMBEDDING_MODEL), then
 * exits. The same as `mnemograph backfill` (backfill/backfillEmbeddings.ts).
 */
import { backfillEmbeddings } from "./backfill/backfillEmbeddings.js";

const r = await backfillEmbeddings();
process.stdout.write(`Queued ${r.total} nodes and facts for ${r.model}: ${JSON.stringify(r.queued)}\nEmbedded in ${r.seconds} s\n`);
