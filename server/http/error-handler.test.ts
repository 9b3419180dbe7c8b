import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { ConflictError, RateLimitedError, ValidationError } from '../errors';
import { sendApiError } from './error-handler';

/*
 * Issue 30: every reply of the one error mapper carries its code, with the status of its kind,
 * whatever went wrong: a use-case's refusal, a value PostgreSQL refused, a database that does
 * not answer, or a fault of ours.
 */
describe('sendApiError gives every error reply a code', () => {
  async function replyTo(error: unknown) {
    const logged: string[] = [];
    const app = Fastify();
    app.setErrorHandler((e, request, reply) =>
      sendApiError(
        createLogger('warn', (line) => logged.push(line)),
        e,
        request,
        reply,
      ),
    );
    app.get('/api/x', () => {
      throw error;
    });
    const reply = await app.inject({ method: 'GET', url: '/api/x' });
    await app.close();
    return {
      status: reply.statusCode,
      body: reply.json(),
      retryAfter: reply.headers['retry-after'],
    };
  }

  it('a use-case refusal keeps its specific code, message and field errors', async () => {
    expect(await replyTo(new ConflictError('Sorry, full.', 'slot-full'))).toMatchObject({
      status: 409,
      body: { status: false, code: 'slot-full', message: 'Sorry, full.' },
    });
    const invalid = await replyTo(
      new ValidationError('Please choose.', { settle: ['Choose one.'] }, 'settle-required'),
    );
    expect(invalid).toMatchObject({
      status: 422,
      body: { code: 'settle-required', errors: { settle: ['Choose one.'] } },
    });
    expect(await replyTo(new RateLimitedError(60))).toMatchObject({
      status: 429,
      body: { code: 'rate-limited' },
      retryAfter: '60',
    });
  });

  it('a value PostgreSQL refused is value-not-storable (422)', async () => {
    const error = Object.assign(new Error('invalid input syntax'), { code: '22P02' });
    expect(await replyTo(error)).toMatchObject({
      status: 422,
      body: { code: 'value-not-storable' },
    });
  });

  it('a database that does not answer is service-unavailable (503), with Retry-After', async () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect(await replyTo(error)).toMatchObject({
      status: 503,
      body: { code: 'service-unavailable' },
      retryAfter: '5',
    });
  });

  it('anything else is internal-error (500), without internals', async () => {
    const reply = await replyTo(new Error('secret detail'));
    expect(reply).toMatchObject({ status: 500, body: { code: 'internal-error' } });
    expect(JSON.stringify(reply.body)).not.toContain('secret');
  });
});
