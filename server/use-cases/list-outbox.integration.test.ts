import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tests/helpers/test-database';
import { outbox } from '../db/schema';
import { listOutbox } from './list-outbox';

/* The owner's mailbox: the messages themselves only while mail is kept in the outbox. */

describe('listOutbox', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(outbox).values({
      toAddress: 'jo@example.test',
      subject: 'Reset your password',
      html: '<a href="/reset-password/secret-token">Reset</a>',
      textBody: 'https://example.test/reset-password/secret-token',
      template: 'password-reset',
      attempts: 2,
      lastError: 'connect ECONNREFUSED',
    });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('with bodies while mail stays in the outbox', async () => {
    const [message] = await listOutbox(database, { bodies: true });
    expect(message).toMatchObject({
      to: 'jo@example.test',
      subject: 'Reset your password',
      template: 'password-reset',
      sentAt: null,
      attempts: 2,
      lastError: 'connect ECONNREFUSED',
    });
    expect(message!.body?.text).toContain('secret-token');
  });

  it('without them once SMTP delivers: who, what and whether it went, not the reset link', async () => {
    const [message] = await listOutbox(database, { bodies: false });
    expect(message).toMatchObject({ to: 'jo@example.test', attempts: 2, body: null });
    expect(JSON.stringify(message)).not.toContain('secret-token');
  });
});
