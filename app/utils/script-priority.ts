/**
 * The page's module preloads (React Router's <Scripts>, hoisted into <head> by React) at low
 * fetch priority: at the default (high) they share the first round trips with the document
 * and its images, so on a slow connection the first paint waits for ~110 kB of scripts that
 * it does not need (the HTML is complete without them). Only the <head> is rewritten.
 */
export function lowPriorityModulePreloads(head: string): string {
  return head.replaceAll(
    '<link rel="modulepreload"',
    '<link rel="modulepreload" fetchpriority="low"',
  );
}

/**
 * Rewrites the pieces of a streamed page up to and including the one that closes <head>.
 * A tag cut in two between pieces is left as it is (entry.server.tsx joins what React writes
 * in one turn, and the head is written in one).
 */
export function headRewriter(rewrite: (html: string) => string) {
  let inHead = true;
  return (piece: Buffer): Buffer => {
    if (!inHead) return piece;
    const html = piece.toString('utf8');
    if (html.includes('</head>')) inHead = false;
    // A piece that ends inside a multi-byte character is passed on untouched.
    if (Buffer.byteLength(html, 'utf8') !== piece.length) return piece;
    const next = rewrite(html);
    return next === html ? piece : Buffer.from(next, 'utf8');
  };
}
