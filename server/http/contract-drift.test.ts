import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { checkRepliesAgainstContract } from './contract-routes';
import { errorBody } from './error-handler';

/*
 * The integration tests' guard of issue 30: any JSON error reply under /api that no endpoint
 * answered is held against the contract's error shape, so a reply without a `code` (or with a
 * code not in shared/error-codes.ts) fails the test that met it.
 */
describe('checkRepliesAgainstContract on replies no endpoint answered', () => {
  async function problemsOf(body: unknown, url = '/api/x', status = 404) {
    const app = Fastify();
    const problems: string[] = [];
    checkRepliesAgainstContract(app, (problem) => problems.push(problem));
    app.get('/*', (_request, reply) => reply.code(status).send(body));
    await app.inject({ method: 'GET', url });
    await app.close();
    return problems;
  }

  it('reports an error reply without a code, or with a code not in the list', async () => {
    expect(await problemsOf({ status: false, message: 'No such API endpoint.' })).toHaveLength(1);
    expect(
      await problemsOf({ status: false, code: 'no-such-code', message: 'No such API endpoint.' }),
    ).toHaveLength(1);
  });

  it('lets a coded error reply through, and leaves pages and successes alone', async () => {
    expect(await problemsOf(errorBody('endpoint-not-found', 'No such API endpoint.'))).toEqual([]);
    expect(await problemsOf({ message: 'no code' }, '/account', 404)).toEqual([]);
    expect(await problemsOf({ status: true }, '/api/x', 200)).toEqual([]);
  });
});
