import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startStripeStandIn, type StripeStandIn } from '@tests/helpers/stripe-stand-in';
import { counterPeople } from '@tests/helpers/counter-people';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { auditLog, branches } from '../server/db/schema';

/*
 * The owner pairs a branch's counter reader by the code on its screen (issue 32, decision
 * 053), through the HTTP API: with Stripe keys, Stripe's official SDK registers it at the
 * branch's Terminal location (made from the branch's address once) on the local Stripe
 * stand-in; in TEST MODE, Stripe's test pairing code gives a simulated reader. A code the
 * reader did not show is a field error and nothing changes; staff cannot pair.
 */

type Reply = {
  reader_id?: string;
  message?: string;
  code?: string;
  errors?: Record<string, string[]>;
  branches?: { id: number; reader_id: string }[];
};
const password = 'pairing-password-123';

async function people(server: TestServer, domain: string) {
  const { tokens } = await counterPeople(
    server,
    domain,
    [
      { key: 'owner', role: 'owner', name: 'Olive Owner' },
      { key: 'maida', role: 'staff', branch: 'maida-vale', name: 'Mo Staff' },
    ],
    password,
  );
  const [branch] = await server.database.db
    .select()
    .from(branches)
    .where(eq(branches.slug, 'maida-vale'));
  const pair = (who: string, code: string, branchId = branch!.id) =>
    server.api<Reply>(`/api/admin/branches/${branchId}/reader`, {
      body: { registration_code: code },
      headers: { Authorization: `Bearer ${tokens[who]}` },
    });
  const readerOfBranch = async () =>
    (await server.database.db.select().from(branches).where(eq(branches.id, branch!.id)))[0]!
      .terminalReaderId;
  return { branch: branch!, pair, readerOfBranch, tokens };
}

describe('pairing a counter reader with Stripe Terminal (official SDK, stand-in)', () => {
  let stripe: StripeStandIn;
  let server: TestServer;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    server = await startTestServer({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_standin',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
        STRIPE_API_BASE: stripe.url,
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await stripe?.close();
  });

  it('registers the reader at the branch’s location, made once from its address; audited', async () => {
    const { branch, pair, readerOfBranch, tokens } = await people(server, 'pair.test');
    // The seed's simulated reader, which the paired one replaces.
    const seeded = await readerOfBranch();
    const first = await pair('owner', 'simulated-wpe');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.reader_id).toMatch(/^tmr_standin_registered_/);
    expect(first.body.message).toBe('The reader is paired: Maida Vale takes cards on it.');
    expect(await readerOfBranch()).toBe(first.body.reader_id);
    expect(stripe.terminal.readers.has(first.body.reader_id!)).toBe(true);
    const [location] = [...stripe.terminal.locations.values()];
    expect(stripe.terminal.locations.size).toBe(1);
    expect(location!.displayName).toBe(branch.name);
    expect(location!.form.get('address[postal_code]')).toBe(branch.postcode);
    expect(location!.form.get('address[country]')).toBe('GB');
    expect(location!.form.get('metadata[branch_id]')).toBe(String(branch.id));

    // A new reader later: the same location, the new reader replaces the old one.
    const second = await pair('owner', 'simulated-wpe');
    expect(second.status).toBe(200);
    expect(second.body.reader_id).not.toBe(first.body.reader_id);
    expect(stripe.terminal.locations.size).toBe(1);
    expect(await readerOfBranch()).toBe(second.body.reader_id);
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'branch.reader-registered'));
    expect(audits.map((a) => [a.before, a.after])).toEqual([
      [{ readerId: seeded }, { readerId: first.body.reader_id }],
      [{ readerId: first.body.reader_id }, { readerId: second.body.reader_id }],
    ]);
    // The settings page reads it back.
    const settings = await server.api<Reply>('/api/admin/branches', {
      headers: { Authorization: `Bearer ${tokens.owner}` },
    });
    expect(settings.body.branches!.find((b) => b.id === branch.id)!.reader_id).toBe(
      second.body.reader_id,
    );
  });

  it('a code the reader did not show is a field error, and the branch keeps its reader', async () => {
    const { pair, readerOfBranch } = await people(server, 'pair-wrong.test');
    const before = await readerOfBranch();
    const wrong = await pair('owner', 'apple-banana-cherry');
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors!.registration_code![0]).toContain(
      'That pairing code was not accepted',
    );
    expect(await readerOfBranch()).toBe(before);
    const empty = await pair('owner', '   ');
    expect(empty.status).toBe(422);
    expect(empty.body.errors!.registration_code![0]).toBe(
      'Enter the pairing code shown on the reader.',
    );
  });

  it('staff cannot pair a reader; an unknown branch is a 404', async () => {
    const { pair } = await people(server, 'pair-staff.test');
    expect((await pair('maida', 'simulated-wpe')).status).toBe(403);
    expect((await pair('owner', 'simulated-wpe', 987654)).status).toBe(404);
  });
});

describe('pairing in TEST MODE', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('Stripe’s test pairing code gives a simulated reader; another code is refused', async () => {
    const { pair, readerOfBranch } = await people(server, 'pair-test-mode.test');
    const paired = await pair('owner', 'simulated-wpe');
    expect(paired.status, JSON.stringify(paired.body)).toBe(200);
    expect(paired.body.reader_id).toMatch(/^tmr_simulated_[0-9a-f]{12}$/);
    expect(await readerOfBranch()).toBe(paired.body.reader_id);
    expect((await pair('owner', 'not-a-code')).status).toBe(422);
    expect(await readerOfBranch()).toBe(paired.body.reader_id);
  });
});
