import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../server/db/schema';
import { usePageServer } from '@tests/helpers/page-server';

/*
 * The footer's newsletter box as a browser without JavaScript posts it (docs/decisions/041):
 * form-encoded to /newsletter, whose page says the answer. The pages with nothing interactive
 * (the FAQs…) ship no script, so this is how their box works; the footer of every page posts
 * there.
 */

describe('the newsletter box without JavaScript', () => {
  const site = usePageServer();
  const rows = (email: string) =>
    site.server.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));

  it('every footer posts the box to /newsletter, a page without scripts', async () => {
    const faqs = await site.html('/faqs');
    const form = /<form\b[^>]*action="\/newsletter"[^>]*>/.exec(faqs)?.[0];
    expect(form).toContain('method="post"');
    expect(faqs).toContain('name="email"');
    expect(faqs).not.toMatch(/<script\b[^>]*type="module"/);
  });

  it('subscribes and says so on the page; subscribing twice keeps one row', async () => {
    for (let i = 0; i < 2; i += 1) {
      const reply = await site.post('/newsletter', { email: 'Reader@Example.com' });
      expect(reply.status).toBe(200);
      const page = await reply.text();
      expect(page).toMatch(/role="status"[^>]*>Thank you for subscribing\.</);
    }
    expect(await rows('reader@example.com')).toHaveLength(1);
  });

  it('refuses a bad address with the API’s message and a 422, writing nothing', async () => {
    const reply = await site.post('/newsletter', { email: 'not-an-address' });
    expect(reply.status).toBe(422);
    expect(await reply.text()).toContain('Please enter a valid email address');
    const missing = await site.post('/newsletter', {});
    expect(missing.status).toBe(422);
    expect(await rows('not-an-address')).toHaveLength(0);
  });
});
