import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, errorFields } from './logger';

describe('createLogger', () => {
  it('writes one JSON object per line: time, level by name, message and the fields', () => {
    const lines: string[] = [];
    const logger = createLogger('info', (line) => lines.push(line));
    logger.info('request', { method: 'GET', path: '/', status: 200 });
    logger.warn('careful');
    expect(lines).toHaveLength(2);
    const first = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(first).toMatchObject({
      level: 'info',
      message: 'request',
      method: 'GET',
      path: '/',
      status: 200,
    });
    expect(new Date(String(first.time)).toISOString()).toBe(first.time);
    expect(JSON.parse(lines[1]!)).toMatchObject({ level: 'warn', message: 'careful' });
    expect(lines[0]).not.toMatch(/\n/);
  });

  it('drops what is below its level; silent writes nothing', () => {
    const lines: string[] = [];
    const warn = createLogger('warn', (line) => lines.push(line));
    warn.debug('d');
    warn.info('i');
    warn.error('e');
    expect(lines.map((l) => (JSON.parse(l) as { level: string }).level)).toEqual(['error']);
    const silent = createLogger('silent', (line) => lines.push(line));
    silent.error('nothing');
    expect(lines).toHaveLength(1);
  });

  it('pretty: one human-readable line per entry, with the time, level and fields', () => {
    let text = '';
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    });
    const logger = createLogger('info', 'pretty', destination);
    logger.info('request', { method: 'GET', path: '/pricing', status: 200 });
    logger.warn('payments: TEST MODE provider');
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: request \{"method":"GET","path":"\/pricing","status":200\}$/,
    );
    expect(lines[1]).toMatch(/WARN: payments: TEST MODE provider$/);
    expect(text).not.toContain('"level"');
  });
});

describe('errorFields', () => {
  it('an ordinary error: name, message and stack', () => {
    const fields = errorFields(new TypeError('boom')) as { error: Record<string, string> };
    expect(fields.error).toMatchObject({ name: 'TypeError', message: 'boom' });
    expect(fields.error.stack).toContain('TypeError: boom');
  });

  it('a database error wrapped by drizzle: never the query text nor its parameters', () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "customers_registered_email_uq"'),
      {
        code: '23505',
        severity: 'ERROR',
        table: 'customers',
        constraint: 'customers_registered_email_uq',
        detail: 'Key (email)=(jo@example.test) already exists.',
      },
    );
    const wrapped = new Error(
      'Failed query: insert into "customers" ("name", "email") values ($1, $2)\nparams: Jo Bloggs,jo@example.test',
      { cause },
    );
    const logged = JSON.stringify(errorFields(wrapped));
    expect(logged).toContain('"code":"23505"');
    expect(logged).toContain('"table":"customers"');
    expect(logged).not.toContain('jo@example.test');
    expect(logged).not.toContain('Jo Bloggs');
    expect(logged).not.toContain('params:');
  });

  it('a non-error value becomes a string', () => {
    expect(errorFields('nope')).toEqual({ error: 'nope' });
  });
});
