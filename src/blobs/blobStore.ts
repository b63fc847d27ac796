/**
 * Content-addressed bytes kept outside Neo4j (game screenshots), keyed per
 * tenant: a key is the hex SHA-256 of the bytes, and a blob is read only
 * under the tenant that wrote it, so one tenant can never read another's
 * bytes by knowing their hash.
 */
export interface BlobStore {
  /** Stores `bytes` for `tenant` (idempotent: the same bytes again only mark the blob as fresh) and returns their key. */
  put(tenant: string, bytes: Buffer): Promise<string>;
  /** The bytes stored under `key` for `tenant`, or null when there are none. */
  get(tenant: string, key: string): Promise<Buffer | null>;
  /**
   * Removes the blob; removing one that is not there is no error. With
   * `unlessPutSince`, a blob put at or after that time is kept: the sweep's
   * guard against bytes put again after it decided that no node names them.
   * Resolves whether it removed one.
   */
  delete(tenant: string, key: string, unlessPutSince?: Date): Promise<boolean>;
  /** Every stored blob, tenant by tenant, with when it was last put. */
  list(): AsyncIterable<StoredBlob>;
}

export interface StoredBlob {
  tenant: string;
  key: string;
  /** When the blob was last put (a put of the same bytes renews it): the sweep spares fresh ones. */
  putAt: Date;
}

const KEY = /^[0-9a-f]{64}$/;

/** A key is 64 lower-case hex digits; anything else never reaches a path. */
export function assertBlobKey(key: string): void {
  if (!KEY.test(key)) throw new TypeError(`Not a blob key (64 lower-case hex digits): ${JSON.stringify(key.slice(0, 80))}`);
}
