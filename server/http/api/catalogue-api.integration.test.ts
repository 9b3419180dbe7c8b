import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { blogPosts, newsletterSubscribers, pageVisits, priceCategories } from '../../db/schema';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

type Category = {
  name: string;
  category_code: string;
  code: string;
  description: string;
  services: { id: number; service_name: string; price: string; description: string }[];
};

describe('catalogue API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('GET /api/pricelist: categories with codes and services, prices as decimal strings', async () => {
    const reply = await server.api<Category[]>('/api/pricelist');
    expect(reply.status).toBe(200);
    expect(reply.body.length).toBeGreaterThanOrEqual(8);
    const all = reply.body.flatMap((c) => c.services);
    expect(all.length).toBeGreaterThanOrEqual(60);
    const shirts = reply.body.find((c) => c.code === 'shirts')!;
    expect(shirts.services[0]).toMatchObject({ service_name: 'Shirt on hanger', price: '3.50' });
    const suits = reply.body.find((c) => c.category_code === 'suits|formal-wear')!;
    expect(suits.code).toBe('suits');
    const call = all.filter((s) => s.price === '0.00');
    expect(call.length).toBeGreaterThanOrEqual(3);
    expect(call.every((s) => s.description.length > 0)).toBe(true);
  });

  it('GET /api/service/{id}: a service page, else the area of that code, else 404', async () => {
    const service = await server.api<{ type: string; page_title: string; details: string }>(
      '/api/service/dry-cleaning',
    );
    expect(service.body).toMatchObject({ type: 'service', name: 'Dry Cleaning' });
    const area = await server.api<{ type: string; name: string; outward_code: string }>(
      '/api/service/maida-vale',
    );
    expect(area.body).toMatchObject({ type: 'area', name: 'Maida Vale', outward_code: 'W9' });
    const missing = await server.api<{ message: string }>('/api/service/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('We could not find that page.');
    expect((await server.api('/api/service/%3Cscript%3E')).status).toBe(400);
  });

  it('GET /api/getarea/limited and /api/getarea/group: featured areas; 40+ areas in 5+ groups', async () => {
    const limited = await server.api<{ area_code: string }[]>('/api/getarea/limited');
    expect(limited.body.length).toBeGreaterThan(5);
    const groups =
      await server.api<{ title: string; areas: { outward_code: string }[] }[]>(
        '/api/getarea/group',
      );
    expect(groups.body.length).toBeGreaterThanOrEqual(5);
    const codes = groups.body.flatMap((g) => g.areas.map((a) => a.outward_code));
    expect(codes.length).toBeGreaterThanOrEqual(40);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('GET /api/getblogs and /api/getblog/{id}: newest first, by id or slug, 404 otherwise', async () => {
    const list =
      await server.api<{ id: number; slug: string; title: string; date: string }[]>(
        '/api/getblogs',
      );
    expect(list.body.length).toBeGreaterThanOrEqual(6);
    const dates = list.body.map((p) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const byId = await server.api<{ title: string }>(`/api/getblog/${list.body[0]!.id}`);
    expect(byId.body.title).toBe(list.body[0]!.title);
    const bySlug = await server.api<{ title: string }>(`/api/getblog/${list.body[0]!.slug}`);
    expect(bySlug.body.title).toBe(list.body[0]!.title);
    expect((await server.api('/api/getblog/999999')).status).toBe(404);
  });

  it('sanitises stored HTML before it leaves the server', async () => {
    const db = server.database.db;
    const [post] = await db
      .insert(blogPosts)
      .values({
        slug: 'xss-test',
        image: '/images/blog/coats.svg',
        category: 'Test',
        title: 'Evil',
        body: '<p>Hello</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
        author: 'Mallory',
        publishedAt: new Date('2020-01-01T00:00:00Z'),
      })
      .returning();
    // Written behind the server's back: its NOTIFY may still be on its way (PostgreSQL), so
    // the instance is told as after a write of its own.
    await server.services.content.refresh();
    const reply = await server.api<{ body: string }>(`/api/getblog/${post!.id}`);
    expect(reply.body.body).toContain('<p>Hello</p>');
    expect(reply.body.body).not.toMatch(/script|onerror/);
    await db
      .update(priceCategories)
      .set({ description: '<p onmouseover="x()">Nice</p><iframe src="https://evil"></iframe>' })
      .where(eq(priceCategories.categoryCode, 'shirts'));
    await server.services.content.refresh();
    const list = await server.api<Category[]>('/api/pricelist');
    expect(list.body.find((c) => c.code === 'shirts')!.description).toBe('<p>Nice</p>');
    await db.delete(blogPosts).where(eq(blogPosts.slug, 'xss-test'));
  });

  it('POST /api/user-info records the visit with a hashed server-side IP; bad input is a 422', async () => {
    const reply = await server.api('/api/user-info', { body: { page: 'home', ip: '1.2.3.4' } });
    expect(reply.status).toBe(200);
    const [visit] = await server.database.db.select().from(pageVisits);
    expect(visit!.page).toBe('home');
    expect(visit!.ipHash).not.toContain('1.2.3.4');
    expect(visit!.ipHash).not.toContain('127.0.0.1');
    expect((await server.api('/api/user-info', { body: { page: 'admin' } })).status).toBe(422);
  });

  it('POST /api/newsletter subscribes an address once', async () => {
    for (let i = 0; i < 2; i++) {
      const reply = await server.api('/api/newsletter', { body: { email: 'News@Example.com' } });
      expect(reply.status).toBe(200);
    }
    const rows = await server.database.db.select().from(newsletterSubscribers);
    expect(rows.map((r) => r.email)).toEqual(['news@example.com']);
    const bad = await server.api<{ message: string }>('/api/newsletter', { body: { email: 'x' } });
    expect(bad.status).toBe(422);
  });
});
