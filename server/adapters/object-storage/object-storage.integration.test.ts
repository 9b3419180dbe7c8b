import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '@tests/helpers/s3-stand-in';
import { createTestDatabase, type TestDatabase } from '@tests/helpers/test-database';
import type { ObjectStorage } from './object-storage';
import { createPostgresStorage } from './postgres-storage';
import { createS3Storage } from './s3-storage';

/*
 * Both object stores keep the same promise (decision 025): what is put comes back with its
 * type, a missing key is null, a deleted key is gone. The S3 store is the official AWS SDK
 * talking to a local S3 stand-in, which refuses requests without a Signature Version 4
 * Authorization for its access key.
 */

let s3: S3StandIn;
let database: TestDatabase;
const stores: Record<string, () => ObjectStorage> = {
  postgres: () => createPostgresStorage(database.db),
  s3: () =>
    createS3Storage({
      bucket: s3.bucket,
      region: 'eu-west-2',
      endpoint: s3.url,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      prefix: 'shop/',
    }),
};

beforeAll(async () => {
  s3 = await startS3StandIn();
  database = await createTestDatabase();
});
afterAll(async () => {
  await s3?.stop();
  await database?.close();
});

describe.each(Object.keys(stores))('the %s object store', (name) => {
  const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 1, 2, 3, 250, 251]);

  it('gives back what was put, with its type; a missing key is null; a deleted key is gone', async () => {
    const store = stores[name]!();
    await store.put('photos/a/one.jpg', bytes, 'image/jpeg');
    const got = await store.get('photos/a/one.jpg');
    expect(got?.contentType).toBe('image/jpeg');
    expect(Buffer.compare(got!.bytes, bytes)).toBe(0);

    expect(await store.get('photos/a/missing.jpg')).toBeNull();

    await store.put('photos/a/one.jpg', Buffer.from('replaced'), 'image/webp');
    expect((await store.get('photos/a/one.jpg'))?.bytes.toString()).toBe('replaced');

    await store.delete('photos/a/one.jpg');
    expect(await store.get('photos/a/one.jpg')).toBeNull();
    // Deleting what is not there is no error.
    await store.delete('photos/a/one.jpg');
  });
});

describe('the S3 object store', () => {
  it('talks S3 through the SDK: path-style, signed (SigV4) with the configured key', async () => {
    const store = stores.s3!();
    const from = s3.calls.length;
    await store.put('photos/b/two.jpg', Buffer.from('two'), 'image/jpeg');
    await store.get('photos/b/two.jpg');
    await store.delete('photos/b/two.jpg');
    expect(s3.calls.slice(from)).toEqual([
      `PUT /${s3.bucket}/shop/photos/b/two.jpg`,
      `GET /${s3.bucket}/shop/photos/b/two.jpg`,
      `DELETE /${s3.bucket}/shop/photos/b/two.jpg`,
    ]);
    for (const authorization of s3.authorizations.slice(from)) {
      expect(authorization).toMatch(
        new RegExp(`^AWS4-HMAC-SHA256 Credential=${s3.accessKeyId}/\\d{8}/eu-west-2/s3/`),
      );
    }
    expect(s3.objects.has('shop/photos/b/two.jpg')).toBe(false);
  });

  it('fails loudly with a key the store does not know (no silent null)', async () => {
    const store = createS3Storage({
      bucket: s3.bucket,
      region: 'eu-west-2',
      endpoint: s3.url,
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIAWRONG', secretAccessKey: 'nope' },
      prefix: '',
    });
    await expect(store.put('x', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/access key/i);
  });
});
