import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, signUp } from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/* The address book of the account (issue 18, decision 034) through the API. */

type Saved = {
  id: string;
  label: string;
  door_number: string;
  building: string;
  line1: string;
  town: string;
  postcode: string;
  access_notes: string;
  full_address: string;
};
type Reply = {
  status: boolean;
  message: string;
  errors?: Record<string, string[]>;
  address?: Saved;
  addresses?: Saved[];
};

const work = {
  label: 'Work',
  door_number: 'Flat 2',
  building: 'Elgin Court',
  line1: '7 Elgin Avenue',
  town: 'London',
  postcode: 'w9 2hd',
  access_notes: 'Gate code 1234; leave with the concierge',
};

describe('address book API', () => {
  let server: TestServer;
  let clock = new Date('2026-11-24T10:00:00Z').getTime();
  let ada: Record<string, string>;
  let grace: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer({ now: () => new Date(clock) });
    await signUp(server, { email: 'ada.book@example.com' });
    await signUp(server, { email: 'grace.book@example.com' });
    ada = { Authorization: `Bearer ${await logIn(server, 'ada.book@example.com')}` };
    grace = { Authorization: `Bearer ${await logIn(server, 'grace.book@example.com')}` };
  });
  afterAll(async () => {
    await server?.stop();
  });

  const list = async (headers: Record<string, string>) => {
    const reply = await server.api<Reply>('/api/account/addresses', { method: 'GET', headers });
    expect(reply.status).toBe(200);
    return reply.body.addresses!;
  };

  it('adds an address with its flat, building and access notes as entered, most recent first', async () => {
    clock += 60_000;
    const added = await server.api<Reply>('/api/account/addresses', { body: work, headers: ada });
    expect(added.status).toBe(200);
    expect(added.body.address).toMatchObject({
      ...work,
      postcode: 'W9 2HD',
      full_address: 'Flat 2, Elgin Court\n7 Elgin Avenue\nLondon\nW9 2HD',
    });
    const book = await list(ada);
    // The sign-up's address and the new one, the new one first.
    expect(book.map((a) => a.label)).toEqual(['Work', '']);
    expect(book[0]!.id).toBe(added.body.address!.id);
  });

  it('edits an entry and keeps what was entered; the same address again is not added twice', async () => {
    const [entry] = await list(ada);
    clock += 60_000;
    const edited = await server.api<Reply>(`/api/account/addresses/${entry!.id}`, {
      method: 'PATCH',
      body: { ...work, door_number: 'Flat 2B', access_notes: 'Ring twice  ' },
      headers: ada,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.address).toMatchObject({
      id: entry!.id,
      door_number: 'Flat 2B',
      building: 'Elgin Court',
      access_notes: 'Ring twice',
      full_address: 'Flat 2B, Elgin Court\n7 Elgin Avenue\nLondon\nW9 2HD',
    });
    const again = await server.api<Reply>('/api/account/addresses', {
      body: { ...work, door_number: 'Flat 2B', label: 'Office' },
      headers: ada,
    });
    expect(again.body.address!.id).toBe(entry!.id);
    expect((await list(ada)).map((a) => a.label)).toEqual(['Office', '']);
  });

  it('refuses a bad address with the form’s messages (422) and writes nothing', async () => {
    const before = await list(ada);
    const refused = await server.api<Reply>('/api/account/addresses', {
      body: { ...work, line1: ' ', postcode: 'NOPE', label: 'x'.repeat(41) },
      headers: ada,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toMatchObject({
      line1: ['Please enter the street address'],
      postcode: ['Please enter a valid UK postcode'],
      label: ['The label may be at most 40 characters'],
    });
    const [entry] = before;
    const badEdit = await server.api<Reply>(`/api/account/addresses/${entry!.id}`, {
      method: 'PATCH',
      body: { ...work, access_notes: 'x'.repeat(501) },
      headers: ada,
    });
    expect(badEdit.status).toBe(422);
    expect(badEdit.body.errors?.access_notes).toEqual([
      'Access notes may be at most 500 characters',
    ]);
    expect(await list(ada)).toEqual(before);
  });

  it('lets a customer touch only their own addresses (404 otherwise)', async () => {
    const [entry] = await list(ada);
    const url = `/api/account/addresses/${entry!.id}`;
    expect((await list(grace)).map((a) => a.id)).not.toContain(entry!.id);
    const edit = await server.api<Reply>(url, { method: 'PATCH', body: work, headers: grace });
    expect(edit.status).toBe(404);
    expect(edit.body.message).toBe('We could not find that address.');
    expect((await server.api<Reply>(url, { method: 'DELETE', headers: grace })).status).toBe(404);
    expect((await list(ada))[0]).toEqual(entry);
    // Not logged in: 401.
    expect((await server.api<Reply>('/api/account/addresses', { method: 'GET' })).status).toBe(401);
  });

  it('removes an entry of one’s own', async () => {
    const [entry] = await list(ada);
    const url = `/api/account/addresses/${entry!.id}`;
    const removed = await server.api<Reply>(url, { method: 'DELETE', headers: ada });
    expect(removed.status).toBe(200);
    expect((await list(ada)).map((a) => a.id)).not.toContain(entry!.id);
    expect((await server.api<Reply>(url, { method: 'DELETE', headers: ada })).status).toBe(404);
  });
});
