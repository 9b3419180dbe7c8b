/*
 * Which compressed form a client takes, for replies kept as bytes and compressed once (kept API
 * replies, shared pages); @fastify/compress compresses everything else per reply.
 */

/** Accept-Encoding values already read: clients send a handful of exact strings. */
const acceptedEncodings = new Map<string, 'br' | 'gzip' | null>();
const ACCEPTED_ENCODINGS_KEPT = 64;

/** br or gzip when the client accepts it (a q of 0 refuses), else null. */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  let encoding = acceptedEncodings.get(header);
  if (encoding === undefined) {
    encoding = readAcceptEncoding(header);
    if (acceptedEncodings.size < ACCEPTED_ENCODINGS_KEPT) acceptedEncodings.set(header, encoding);
  }
  return encoding;
}

function readAcceptEncoding(header: string): 'br' | 'gzip' | null {
  let gzip = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : null;
}
