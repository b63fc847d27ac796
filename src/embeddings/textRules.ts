/**
 * What the embedding worker derives from a text besides its vectors follows
 * rules that change between versions: whether a long text needs passages
 * (passages.ts), whether it is a standing instruction or states a preference
 * (standingInstruction.ts). The worker stores on every node it reads the
 * version of those rules (`textRules`), and the start-up backfills
 * (app/migrations.ts) look only at nodes without it: a node an earlier
 * version embedded is read once, and an ordinary text is not matched again at
 * every start. Raise it when a rule changes what an existing text would get,
 * and let the backfills ask for the nodes below it.
 */
export const TEXT_RULES = 1;
