import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createLinkSigner } from '../../auth/signed-links';
import { loadConfig } from '../../config';
import type { orders } from '../../db/schema';
import { counterReadyEmail, counterUncollectedEmail } from './counter-emails';

/* A counter ticket's e-mails speak of "ready for collection at <Branch> branch" (issue 32). */

const config = loadConfig({ NODE_ENV: 'test' });
const site = { config, links: createLinkSigner(randomBytes(32)) };
const order = {
  id: '8d2b7c1e-6f3a-4a51-9d0b-2f7e4c9a1b36',
  orderNo: 100042,
  customerName: 'Ada Lovelace',
  customerEmail: 'ada@example.com',
  trackingToken: 'a3f1c9e2-5b7d-4e80-8c14-6d2f0b9e7a51',
  amountDuePence: 4250,
} as typeof orders.$inferSelect;
const branch = { name: "St John's Wood", address: '12 Circus Road, NW8 6PB' };
const words = "ready for collection at St John's Wood branch";

describe('counter e-mails', () => {
  it('says where the ticket is ready, in the subject and the body, on ready and every reminder', () => {
    const mails = [
      counterReadyEmail(config.brand, site, order, branch),
      ...[30, 60, 80, 90].map((days) =>
        counterUncollectedEmail(config.brand, site, order, branch, days),
      ),
    ];
    for (const mail of mails) {
      expect(mail.subject, mail.subject).toContain(words);
      expect(mail.text).toContain(words);
      expect(mail.html).toContain(words.replace("'", '&#39;'));
      expect(mail.text).toContain(`/track/${order.trackingToken}`);
    }
    expect(mails.map((m) => m.subject.startsWith('Last notice'))).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
  });
});
