import { describe, expect, it } from 'vitest';
import { usePageServer } from '@tests/helpers/page-server';

/*
 * Search engines and visitors without JavaScript get whole pages: each public page's HTML
 * from the server already holds its title, meta description, canonical link, main heading
 * and content. Unknown paths are answered with HTTP 404.
 */

const pages: { path: string; title: RegExp; h1: RegExp; content: string }[] = [
  { path: '/', title: /Dry Cleaners in London/, h1: /London Dry Cleaners/, content: 'How we work' },
  { path: '/pricing', title: /Prices/, h1: /Prices/, content: 'Trousers' },
  {
    path: '/pricing/suits',
    title: /Suits &amp; Formal Wear Prices/,
    h1: /Prices/,
    content: 'Two-piece suit',
  },
  {
    path: '/services',
    title: /Our Services/,
    h1: /Our services/,
    content: 'Wedding Dress Cleaning',
  },
  { path: '/howitworks', title: /How It Works/, h1: /How it works/, content: 'We collect' },
  { path: '/areas', title: /Areas We Cover/, h1: /Areas we cover/, content: 'Canary Wharf' },
  {
    path: '/faqs',
    title: /Frequently Asked/,
    h1: /Frequently asked questions/,
    content: 'When do I pay?',
  },
  {
    path: '/corperates',
    title: /Corporate/,
    h1: /Corporate clients/,
    content: 'Monthly invoicing',
  },
  { path: '/branches', title: /Our Branches/, h1: /Our branches/, content: '48 Castellain Road' },
  {
    path: '/branches/marylebone',
    title: /Marylebone Branch/,
    h1: /Our branches/,
    content: '9 Crawford Street',
  },
  { path: '/aboutus', title: /About Us/, h1: /About us/, content: 'Best Quality' },
  { path: '/privacy', title: /Privacy/, h1: /Privacy policy/, content: 'Your rights' },
  { path: '/terms', title: /Terms/, h1: /Terms and conditions/, content: '2 hours' },
  { path: '/blogs', title: /Blog/, h1: /Blog/, content: 'Read More' },
  {
    path: '/blog/suit-care-between-cleans',
    title: /Five ways/,
    h1: /Five ways/,
    content: 'shaped wooden hanger',
  },
  {
    path: '/curtain-cleaning',
    title: /Curtain Cleaning London/,
    h1: /Curtain Cleaning/,
    content: 'original drop',
  },
  {
    path: '/st-johns-wood',
    title: /St John&#x27;s Wood|St John's Wood/,
    h1: /St John/,
    content: 'NW8',
  },
];

describe('public pages without JavaScript', () => {
  const site = usePageServer();

  for (const page of pages) {
    it(`${page.path} holds its title, description, canonical link, heading and content`, async () => {
      const reply = await site.page(page.path);
      expect(reply.status).toBe(200);
      const html = await reply.text();
      expect(html).toMatch(new RegExp(`<title>[^<]*${page.title.source}[^<]*</title>`));
      expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(html).toContain(`<link rel="canonical" href="http://localhost:`);
      const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
      expect(h1).toMatch(page.h1);
      expect(html).toContain(page.content);
    }, 60_000);
  }

  it('the header names the business as its e-mails do: one brand name (walkthrough 24)', async () => {
    const html = await site.html('/pricing');
    const header = /<header[\s\S]*?<\/header>/.exec(html)?.[0] ?? '';
    expect(header).toContain('Maida Vale Dry Cleaners');
    expect(header).not.toContain('Maida Vale Cleaners<');
  });

  it('the home page carries schema.org DryCleaningOrLaundry JSON-LD with the branches', async () => {
    const html = await site.html('/');
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    const data = JSON.parse(json!) as {
      '@type': string;
      telephone: string;
      department: { name: string; address: { postalCode: string } }[];
    };
    expect(data['@type']).toBe('DryCleaningOrLaundry');
    expect(data.telephone).toBe('(020) 7328 5621');
    expect(data.department).toHaveLength(5);
    expect(data.department.map((d) => d.address.postalCode)).toContain('W9 1EX');
  });

  it('the price list says how the final price is worked out, beside the prices (issue 15)', async () => {
    const html = await site.html('/pricing');
    expect(html).toContain('How your final price is worked out');
    expect(html).toContain('The minimum order is £25');
  });

  it('answers unknown paths with 404 and the not-found page', async () => {
    for (const path of ['/no-such-page', '/pricing/nothing', '/blog/missing', '/x/y/z']) {
      const reply = await site.page(path);
      expect(reply.status, path).toBe(404);
      expect(await reply.text()).toContain('The requested page could not be found.');
    }
  });

  it('a 404 under a real route is the whole site titled Page not found, like /not-found', async () => {
    const unknownOrder = '00000000-0000-4000-8000-000000000000';
    for (const path of [
      '/not-found',
      '/pricing/zzz',
      '/blog/x',
      '/branches/nowhere',
      '/order/complete/1',
      '/order/payment/1',
      '/order/cancel/1',
      '/payment/complete/1',
      '/payment/cancel/1',
      `/payment/cancel/${unknownOrder}`,
      `/order/complete/${unknownOrder}`,
    ]) {
      const reply = await site.page(path);
      expect(reply.status, path).toBe(404);
      const html = await reply.text();
      expect(html, path).toContain('The requested page could not be found.');
      expect(html, path).toMatch(/<title>Page not found<\/title>/);
      expect(html, path).toContain('<meta name="robots" content="noindex"/>');
      expect(html, path).toMatch(/<nav[^>]*aria-label="Main"/);
      expect(html, path).toContain('<footer');
      expect(html, path).toMatch(/<nav[^>]*aria-label="Contact us"/);
    }
  });

  it('/sitemap.xml lists every public page, area, service landing page and post; robots.txt points to it', async () => {
    const sitemap = await site.html('/sitemap.xml');
    const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    for (const path of [
      '/',
      '/pricing',
      '/faqs',
      '/branches',
      '/blogs',
      '/corperates',
      '/maida-vale',
      '/canary-wharf',
      '/dry-cleaning',
      '/blog/red-wine-stains',
      '/pricing/shirts',
    ]) {
      expect(urls, path).toContain(path);
    }
    expect(urls.length).toBeGreaterThan(43 + 7 + 6 + 10);
    const robots = await site.html('/robots.txt');
    expect(robots).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
    expect(robots).toContain('Disallow: /account');
  });

  it('/corporates redirects to /corperates', async () => {
    const reply = await site.page('/corporates', { redirect: 'manual' });
    expect([301, 302, 308]).toContain(reply.status);
    expect(reply.headers.get('location')).toMatch(/\/corperates$/);
  });

  it('stored HTML with a script or an event handler reaches the page sanitised', async () => {
    const { blogPosts } = await import('../server/db/schema');
    await site.server.database.db.insert(blogPosts).values({
      slug: 'xss-page-test',
      image: '/images/blog/coats.svg',
      category: 'Test',
      title: 'Sanitised',
      body: '<p>Safe text</p><script>window.pwned=1</script><img src="x" onerror="window.pwned=2">',
      author: 'Mallory',
      publishedAt: new Date('2020-01-01T00:00:00Z'),
    });
    // Written behind the server's back: told as after a write of its own (NOTIFY may lag).
    await site.server.services.content.refresh();
    const html = await site.html('/blog/xss-page-test');
    expect(html).toContain('Safe text');
    expect(html).not.toContain('window.pwned');
    expect(html).not.toContain('onerror');
  });
});
