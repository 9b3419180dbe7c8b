import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ALL_AREAS } from '../../content/served-areas';
import { areaWaitlist, slotUsage } from '../../db/schema';
import { createBundledAddressProvider } from '../../adapters/address/bundled-address-provider';
import { createLoqateAddressProvider } from '../../adapters/address/loqate-address-provider';
import { createLogger } from '../../logger';
import { reserveSlots, releaseSlots } from '../../use-cases/slots/reserve-slots';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

type Slot = { slot_date: string; slot_start: string; slot_end: string; display: string };

// Monday 23 November 2026, 06:00 in London.
const now = new Date('2026-11-23T06:00:00Z');

describe('booking API', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ now: () => now });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('GET /api/pickup lists windows from the lead time on, in the spec shape', async () => {
    const reply = await server.api<Slot[]>('/api/pickup');
    expect(reply.status).toBe(200);
    expect(reply.body[0]).toEqual({
      slot_date: '2026-11-23',
      slot_start: '08:00',
      slot_end: '09:00',
      display: 'Mon 23 Nov, 08:00 - 09:00',
      starts_at: '2026-11-23T08:00:00.000Z',
      ends_at: '2026-11-23T09:00:00.000Z',
    });
    // Seeded rules: Monday 07:00-21:00 (07:00 is inside the 2 h lead time); 14 days ahead.
    const days = new Set(reply.body.map((s) => s.slot_date));
    expect(days.size).toBe(14);
    expect(days.has('2026-12-07')).toBe(false);
  });

  it('GET /api/delivery/{date start} starts with express, then 24 h after the collection', async () => {
    const reply = await server.api<Slot[]>(
      `/api/delivery/${encodeURIComponent('2026-11-23 08:00')}`,
    );
    expect(reply.status).toBe(200);
    expect(reply.body[0]!.slot_start).toBe('express');
    expect(reply.body[1]).toMatchObject({ slot_date: '2026-11-24', slot_start: '09:00' });
  });

  it('refuses a malformed, past or unknown collection in the delivery path with a 400', async () => {
    const malformed = await server.api<{ message: string }>('/api/delivery/next-tuesday');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/date and a start time/);
    const past = await server.api<{ message: string }>('/api/delivery/2026-11-20%2009:00');
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/not available/);
    const closed = await server.api<{ message: string }>('/api/delivery/2026-12-25%2009:00');
    expect(closed.status).toBe(400);
    const offHours = await server.api<{ message: string }>('/api/delivery/2026-11-24%2003:00');
    expect(offHours.status).toBe(400);
  });

  it('finds addresses from 2 characters, drills into a street and retrieves one', async () => {
    const short = await server.api<{ Items: unknown[] }>('/api/address/find?text=W');
    expect(short.body.Items).toEqual([]);
    const street = await server.api<{
      Items: { Id: string; Type: string; Text: string; Description: string; Label: string }[];
    }>('/api/address/find?text=Elgin%20Avenue');
    expect(street.status).toBe(200);
    expect(street.body.Items[0]).toMatchObject({ Type: 'Street', Text: 'Elgin Avenue, W9 2HD' });
    const inside = await server.api<{ Items: { Id: string; Type: string; Text: string }[] }>(
      `/api/address/find?text=Elgin&container=${encodeURIComponent(street.body.Items[0]!.Id)}`,
    );
    expect(inside.body.Items.length).toBe(60);
    const twelve = inside.body.Items.find((i) => i.Text === '12 Elgin Avenue')!;
    const retrieved = await server.api<{
      Items: { Label: string; PostalCode: string; Company: string; Type: string }[];
    }>(`/api/address/retrieve/${encodeURIComponent(twelve.Id)}`);
    expect(retrieved.body.Items[0]).toMatchObject({
      Label: '12 Elgin Avenue, London, W9 2HD',
      PostalCode: 'W9 2HD',
      Company: '',
      Type: 'Residential',
    });
    const exact = await server.api<{ Items: { Type: string; Text: string }[] }>(
      '/api/address/find?text=12%20Elgin%20Avenue',
    );
    expect(exact.body.Items).toEqual([
      expect.objectContaining({ Type: 'Address', Text: '12 Elgin Avenue' }),
    ]);
    const unknown = await server.api<{ Items: unknown[] }>('/api/address/retrieve/nonsense');
    expect(unknown.body.Items).toEqual([]);
  });

  it('checks coverage by postcode district, including central sub-districts', async () => {
    const served = await server.api<{ served: boolean; area: { name: string } }>(
      '/api/coverage?postcode=w92hd',
    );
    expect(served.body).toMatchObject({
      served: true,
      postcode: 'W9 2HD',
      area: { name: 'Maida Vale' },
    });
    const sub = await server.api<{ served: boolean }>('/api/coverage?postcode=W1U%204QW');
    expect(sub.body.served).toBe(true);
    const outside = await server.api<{ served: boolean; message: string }>(
      '/api/coverage?postcode=CR0%201NA',
    );
    expect(outside.body.served).toBe(false);
    expect(outside.body.message).toContain('(020) 7328 5621');
    const invalid = await server.api<{ message: string }>('/api/coverage?postcode=hello');
    expect(invalid.status).toBe(422);
    expect(invalid.body.message).toBe('Please enter a valid UK postcode');
  });

  it('keeps an e-mail for an area not served yet, once', async () => {
    for (let i = 0; i < 2; i++) {
      const reply = await server.api('/api/area-waitlist', {
        body: { email: 'Far@Example.com', postcode: 'cr0 1na' },
      });
      expect(reply.status).toBe(200);
    }
    const rows = await server.database.db.select().from(areaWaitlist);
    expect(rows).toEqual([
      expect.objectContaining({ email: 'far@example.com', postcode: 'CR0 1NA' }),
    ]);
    const bad = await server.api('/api/area-waitlist', {
      body: { email: 'nope', postcode: 'CR0 1NA' },
    });
    expect(bad.status).toBe(422);
  });

  it('the bundled address set covers every served area', async () => {
    const provider = createBundledAddressProvider();
    for (const area of ALL_AREAS) {
      const [street, postcode] = area.streets[0]!;
      const found = await provider.find(`1 ${street} ${postcode}`);
      expect(found.length, area.outward).toBeGreaterThan(0);
      const coverage = await server.api<{ served: boolean }>(
        `/api/coverage?postcode=${encodeURIComponent(postcode)}`,
      );
      expect(coverage.body.served, postcode).toBe(true);
    }
  });

  it('reserves places up to capacity and gives them back on release', async () => {
    const db = server.database.db;
    await db.execute(sql`update slot_settings set pickup_capacity_per_slot = 2`);
    const choice = {
      pickup: { date: '2026-11-25', start: '10:00' },
      delivery: { date: '2026-11-27', start: '10:00' },
    };
    const first = await db.transaction((tx) => reserveSlots(tx, { ...choice, now }));
    expect(first.pickup.display).toBe('Wed 25 Nov, 10:00 - 11:00');
    await db.transaction((tx) => reserveSlots(tx, { ...choice, now }));
    await expect(db.transaction((tx) => reserveSlots(tx, { ...choice, now }))).rejects.toThrow(
      /collection slot you chose is no longer available/,
    );
    // The full slot is no longer listed.
    const listed = await server.api<Slot[]>('/api/pickup');
    expect(listed.body.some((s) => s.slot_date === '2026-11-25' && s.slot_start === '10:00')).toBe(
      false,
    );
    await releaseSlots(db, {
      pickupStartsAt: first.pickup.startsAt,
      deliveryStartsAt: first.delivery.startsAt,
    });
    await db.transaction((tx) => reserveSlots(tx, { ...choice, now }));
    const usage = await db.select().from(slotUsage);
    expect(usage.find((u) => u.kind === 'pickup')?.taken).toBe(2);
    expect(usage.find((u) => u.kind === 'delivery')?.taken).toBe(2);
    // A failed reservation inside a transaction leaves nothing behind.
    await expect(
      db.transaction((tx) =>
        reserveSlots(tx, {
          pickup: { date: '2026-11-25', start: '11:00' },
          delivery: { date: '2026-11-25', start: '14:00' },
          now,
        }),
      ),
    ).rejects.toThrow(/delivery slot/);
    await expect(
      db.transaction((tx) =>
        reserveSlots(tx, {
          pickup: { date: '2026-11-25', start: '11:00' },
          delivery: { date: '2026-11-25', start: 'express' },
          now,
        }),
      ),
    ).rejects.toThrow(/by phone/);
    const afterFailures = await db.select().from(slotUsage);
    expect(afterFailures.filter((u) => u.taken > 0)).toHaveLength(2);
    await db.execute(sql`update slot_settings set pickup_capacity_per_slot = 4`);
  });

  it('lists full windows too, marked full, only when asked with include_full=true', async () => {
    const db = server.database.db;
    await db.execute(sql`delete from slot_usage`);
    await db.execute(
      sql`update slot_settings set pickup_capacity_per_slot = 1, delivery_capacity_per_slot = 1`,
    );
    // The first and the last collection of Monday, and Tuesday's first delivery after 09:00.
    await db.transaction((tx) =>
      reserveSlots(tx, {
        pickup: { date: '2026-11-23', start: '08:00' },
        delivery: { date: '2026-11-24', start: '10:00' },
        now,
      }),
    );
    await db.transaction((tx) =>
      reserveSlots(tx, {
        pickup: { date: '2026-11-23', start: '20:00' },
        delivery: { date: '2026-11-25', start: '20:00' },
        now,
      }),
    );
    type Listed = Slot & { full?: boolean };
    const monday = (list: Listed[]) => list.filter((s) => s.slot_date === '2026-11-23');

    const open = await server.api<Listed[]>('/api/pickup');
    expect(monday(open.body)[0]!.slot_start).toBe('09:00');
    expect(monday(open.body).at(-1)!.slot_start).toBe('19:00');
    expect(open.body.some((s) => 'full' in s)).toBe(false);

    const all = await server.api<Listed[]>('/api/pickup?include_full=true');
    expect(all.status).toBe(200);
    const day = monday(all.body);
    expect(day[0]).toMatchObject({ slot_start: '08:00', full: true });
    expect(day[1]).toMatchObject({ slot_start: '09:00', full: false });
    expect(day.at(-1)).toMatchObject({ slot_start: '20:00', full: true });
    expect(all.body.filter((s) => s.full)).toHaveLength(2);
    expect(all.body).toHaveLength(open.body.length + 2);

    const path = `/api/delivery/${encodeURIComponent('2026-11-23 09:00')}`;
    const deliveries = await server.api<Listed[]>(path);
    expect(deliveries.body[1]).toMatchObject({ slot_date: '2026-11-24', slot_start: '11:00' });
    const withFull = await server.api<Listed[]>(`${path}?include_full=true`);
    expect(withFull.body[0]!.slot_start).toBe('express');
    expect(withFull.body[1]).toMatchObject({ slot_start: '10:00', full: true });
    expect(withFull.body[2]).toMatchObject({ slot_start: '11:00', full: false });
    // A full collection has no delivery list, asked either way.
    const fullPickup = `/api/delivery/${encodeURIComponent('2026-11-23 08:00')}?include_full=true`;
    expect((await server.api(fullPickup)).status).toBe(400);

    for (const bad of ['/api/pickup?include_full=maybe', `${path}?include_full=1`]) {
      const reply = await server.api<{ message: string }>(bad);
      expect(reply.status).toBe(400);
      expect(JSON.stringify(reply.body)).toMatch(/include_full must be true or false/);
    }
    await db.execute(sql`delete from slot_usage`);
    await db.execute(
      sql`update slot_settings set pickup_capacity_per_slot = 4, delivery_capacity_per_slot = 4`,
    );
  });
});

describe('Loqate adapter against a local stand-in', () => {
  let standIn: Server;
  let base: string;
  let mode: 'ok' | 'error-item' | 'http-500' = 'ok';
  const seen: URL[] = [];

  beforeAll(async () => {
    standIn = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      seen.push(url);
      res.setHeader('Content-Type', 'application/json');
      if (mode === 'http-500') {
        res.statusCode = 500;
        res.end('{}');
        return;
      }
      if (mode === 'error-item') {
        res.end(JSON.stringify({ Items: [{ Error: '2', Description: 'Unknown key' }] }));
        return;
      }
      if (url.pathname.includes('/Find/')) {
        res.end(
          JSON.stringify({
            Items: [
              {
                Id: 'GB|RM|A|1',
                Type: 'Address',
                Text: '1 Elgin Avenue',
                Description: 'London, W9 2HD',
              },
            ],
          }),
        );
      } else {
        res.end(
          JSON.stringify({
            Items: [
              {
                Id: 'GB|RM|A|1',
                Label: '1 Elgin Avenue\nLONDON\nW9 2HD',
                Line1: '1 Elgin Avenue',
                City: 'London',
                PostalCode: 'W9 2HD',
                Company: '',
                Type: 'Residential',
              },
            ],
          }),
        );
      }
    });
    await new Promise<void>((r) => standIn.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => standIn.close(() => r())));

  const provider = () =>
    createLoqateAddressProvider({ key: 'KEY-123', baseUrl: base, logger: createLogger('silent') });

  it('calls Find limited to GB with the key, and Retrieve by id', async () => {
    mode = 'ok';
    const found = await provider().find('elgin', 'GB|RM|B|9');
    expect(found).toEqual([
      {
        Id: 'GB|RM|A|1',
        Type: 'Address',
        Text: '1 Elgin Avenue',
        Description: 'London, W9 2HD',
        Label: '1 Elgin Avenue, London, W9 2HD',
      },
    ]);
    const find = seen.at(-1)!;
    expect(find.searchParams.get('Countries')).toBe('GB');
    expect(find.searchParams.get('Key')).toBe('KEY-123');
    expect(find.searchParams.get('Container')).toBe('GB|RM|B|9');
    const retrieved = await provider().retrieve('GB|RM|A|1');
    expect(retrieved).toMatchObject({ PostalCode: 'W9 2HD', Type: 'Residential' });
  });

  it('answers provider errors and network failures with an empty result', async () => {
    mode = 'error-item';
    expect(await provider().find('elgin')).toEqual([]);
    mode = 'http-500';
    expect(await provider().find('elgin')).toEqual([]);
    expect(await provider().retrieve('x')).toBeNull();
    const down = createLoqateAddressProvider({
      key: 'k',
      baseUrl: 'http://127.0.0.1:9',
      logger: createLogger('silent'),
    });
    expect(await down.find('elgin')).toEqual([]);
  });
});
