/**
 * Where photos' bytes are kept (decision 025): an interface of three calls, with PostgreSQL
 * as the embedded default (`stored_objects`, every instance sees the same bytes) and any
 * S3-compatible store for deployments. Keys are the same in both, so moving to S3 is a copy.
 */
export type StoredObject = { bytes: Buffer; contentType: string };

export type ObjectStorage = {
  /** 'postgres' (embedded default) or 's3'. */
  readonly kind: 'postgres' | 's3';
  /** Stores the bytes under the key, replacing what was there. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes and their content type, or null when nothing is stored under the key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
};
