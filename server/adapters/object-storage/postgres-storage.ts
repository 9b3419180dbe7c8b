import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { storedObjects } from '../../db/schema';
import type { ObjectStorage } from './object-storage';

/** The embedded default: objects as rows of `stored_objects` in the site's own database. */
export function createPostgresStorage(db: Database): ObjectStorage {
  return {
    kind: 'postgres',
    async put(key, bytes, contentType) {
      await db
        .insert(storedObjects)
        .values({ key, bytes, contentType, sizeBytes: bytes.length })
        .onConflictDoUpdate({
          target: storedObjects.key,
          set: { bytes, contentType, sizeBytes: bytes.length },
        });
    },
    async get(key) {
      const [row] = await db
        .select({ bytes: storedObjects.bytes, contentType: storedObjects.contentType })
        .from(storedObjects)
        .where(eq(storedObjects.key, key))
        .limit(1);
      return row ? { bytes: Buffer.from(row.bytes), contentType: row.contentType } : null;
    },
    async delete(key) {
      await db.delete(storedObjects).where(eq(storedObjects.key, key));
    },
  };
}
