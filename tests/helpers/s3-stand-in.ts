import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local stand-in for an S3-compatible store (decision 025), for tests that cannot reach the
 * internet: PutObject, GetObject and DeleteObject with path-style URLs
 * (`{endpoint}/{bucket}/{key}`), as the official AWS SDK sends them with `forcePathStyle`.
 * Every request must carry an AWS Signature Version 4 `Authorization` header for the
 * configured access key (a request without one is refused as S3 refuses it), so a test proves
 * the SDK, not a hand-made request, did the talking.
 */

export type S3StandIn = {
  /** The endpoint to configure (S3_ENDPOINT). */
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Stored objects by key (without the bucket). */
  objects: Map<string, { bytes: Buffer; contentType: string }>;
  /** Each request as "METHOD /bucket/key", in order. */
  calls: string[];
  /** The Authorization header of each request, in order. */
  authorizations: string[];
  stop(): Promise<void>;
};

const SIGV4 =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

function readBytes(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The payload of an `aws-chunked` body (`{size hex};chunk-signature=…\r\n{bytes}\r\n` …). */
function unchunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(body.subarray(at, lineEnd).toString().split(';')[0]!, 16);
    if (!size) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function error(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'Content-Type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>stand-in</RequestId></Error>`,
  );
}

export async function startS3StandIn(
  options: { bucket?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<S3StandIn> {
  const bucket = options.bucket ?? 'photos-test';
  const accessKeyId = options.accessKeyId ?? 'AKIASTANDIN000000001';
  const secretAccessKey = options.secretAccessKey ?? 'stand-in-secret-key-0000000000000000000';
  const objects = new Map<string, { bytes: Buffer; contentType: string }>();
  const calls: string[] = [];
  const authorizations: string[] = [];

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      calls.push(`${req.method} ${url.pathname}`);
      const authorization = String(req.headers.authorization ?? '');
      authorizations.push(authorization);
      const signed = SIGV4.exec(authorization);
      if (!signed || !req.headers['x-amz-date'] || !req.headers['x-amz-content-sha256']) {
        return error(res, 403, 'AccessDenied', 'Signature Version 4 required');
      }
      if (signed[1] !== accessKeyId) {
        return error(res, 403, 'InvalidAccessKeyId', 'The access key does not exist.');
      }
      const signedHeaders = signed[4]!.split(';');
      if (!signedHeaders.includes('host') || !signedHeaders.includes('x-amz-date')) {
        return error(res, 403, 'SignatureDoesNotMatch', 'host and x-amz-date must be signed');
      }
      const [, pathBucket, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      if (pathBucket !== bucket) return error(res, 404, 'NoSuchBucket', 'No such bucket.');
      if (!key) return error(res, 400, 'InvalidRequest', 'Only object requests are served.');

      if (req.method === 'PUT') {
        let bytes = await readBytes(req);
        if (String(req.headers['content-encoding'] ?? '').includes('aws-chunked')) {
          bytes = unchunk(bytes);
        }
        objects.set(key, {
          bytes,
          contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
        });
        res.writeHead(200, { ETag: `"${bytes.length}"` });
        return res.end();
      }
      if (req.method === 'GET') {
        const object = objects.get(key);
        if (!object) return error(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        res.writeHead(200, {
          'Content-Type': object.contentType,
          'Content-Length': object.bytes.length,
          ETag: `"${object.bytes.length}"`,
        });
        return res.end(object.bytes);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      return error(res, 405, 'MethodNotAllowed', 'Not served by the stand-in.');
    })().catch((e: unknown) => error(res, 500, 'InternalError', String(e)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    calls,
    authorizations,
    stop: () =>
      new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
