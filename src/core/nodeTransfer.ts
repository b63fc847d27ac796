/**
 * How the nodes of one label carry, in a tenant export and import, what is
 * not stored in the graph (a screenshot's bytes on disk). Given by the domain
 * that owns the label; the transfer domain calls it by label.
 */
export interface NodeTransfer {
  /** A node's properties as read from the graph → as exported (everything the importer needs inline). */
  exported(tenant: string, properties: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** A node's decoded properties from an export line → as stored; a TypeError refuses the line. */
  imported(tenant: string, properties: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** NodeTransfer by node label. */
export type NodeTransfers = Readonly<Record<string, NodeTransfer>>;
