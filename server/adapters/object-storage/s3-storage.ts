import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { quietAwsSdkNodeWarning } from '../../config';
import type { ObjectStorage } from './object-storage';

export type S3Settings = {
  bucket: string;
  region: string;
  /** An S3-compatible store's address (MinIO, R2, …); AWS itself without it. */
  endpoint: string | undefined;
  /** Bucket in the path (`{endpoint}/{bucket}/{key}`), as most S3-compatible stores want. */
  forcePathStyle: boolean;
  /** Without keys, the SDK's own chain (instance role, AWS_* variables of the platform). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Prepended to every key ('photos/' …), so one bucket can serve several things. */
  prefix: string;
};

/** Any S3-compatible store, through the official AWS SDK (for deployments of many instances). */
export function createS3Storage(settings: S3Settings): ObjectStorage {
  quietAwsSdkNodeWarning();
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // A store's transient failures are retried by the SDK; three tries in all.
    maxAttempts: 3,
  });
  const Bucket = settings.bucket;
  const keyOf = (key: string) => `${settings.prefix}${key}`;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: keyOf(key), Body: bytes, ContentType: contentType }),
      );
    },
    async get(key) {
      try {
        const reply = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        if (!reply.Body) return null;
        const bytes = Buffer.from(await reply.Body.transformToByteArray());
        return { bytes, contentType: reply.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
          return null;
        }
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
  };
}
