import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers';

/** One directive of a policy, as its list of sources. */
function directive(policy: string, name: string): string[] {
  const found = policy.split('; ').find((d) => d.startsWith(`${name} `));
  return found ? found.split(' ').slice(1) : [];
}

describe('contentSecurityPolicy', () => {
  it("lets pages show blob: images (the driver's offline photo preview), and nothing else from blob:", () => {
    const policy = contentSecurityPolicy(["'nonce-abc'"]);
    expect(directive(policy, 'img-src')).toEqual(
      expect.arrayContaining(["'self'", 'data:', 'blob:']),
    );
    for (const name of ['default-src', 'script-src', 'connect-src', 'frame-src', 'object-src']) {
      expect(directive(policy, name)).not.toContain('blob:');
    }
  });
});
