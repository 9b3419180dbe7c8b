import { describe, expect, it } from 'vitest';
import type { Database } from './client';
import { createContentCache, databaseOf, readContent } from './content-cache';

/** A cache over a scripted content version; counts version queries and loads. */
function scripted(initial = 1) {
  const state = { version: initial, versionReads: 0, loads: 0 };
  const db = { fake: 'db' } as unknown as Database;
  const cache = createContentCache(db, async () => {
    state.versionReads += 1;
    return state.version;
  });
  const load = async () => {
    state.loads += 1;
    return { loadedAt: state.version, items: [{ name: 'Shirts' }] };
  };
  return { state, db, cache, load };
}

describe('content cache', () => {
  it('loads once while the content version stays the same, again after it changes', async () => {
    const { state, cache, load } = scripted();
    expect((await cache.get('prices', load)).loadedAt).toBe(1);
    expect((await cache.get('prices', load)).loadedAt).toBe(1);
    expect(state.loads).toBe(1);
    state.version = 2;
    expect((await cache.get('prices', load)).loadedAt).toBe(2);
    expect(state.loads).toBe(2);
    // Every read asked the database for the version: nothing is kept on trust.
    expect(state.versionReads).toBe(3);
  });

  it('shares one version query among reads in the same turn, and asks again after it was sent', async () => {
    const { state, cache, load } = scripted();
    await Promise.all([cache.get('prices', load), cache.get('branches', load)]);
    expect(state.versionReads).toBe(1);
    // A change committed after that query was sent is seen by the next read.
    state.version = 2;
    expect((await cache.get('prices', load)).loadedAt).toBe(2);
    expect(state.versionReads).toBe(2);
  });

  it('loads a key once for concurrent reads', async () => {
    const { state, cache, load } = scripted();
    const [a, b] = await Promise.all([cache.get('prices', load), cache.get('prices', load)]);
    expect(a).toBe(b);
    expect(state.loads).toBe(1);
  });

  it('does not keep a failed load', async () => {
    const { state, cache, load } = scripted();
    await expect(
      cache.get('prices', async () => {
        throw new Error('connection lost');
      }),
    ).rejects.toThrow('connection lost');
    expect((await cache.get('prices', load)).loadedAt).toBe(1);
    expect(state.loads).toBe(1);
  });

  it('hands out frozen values, so no request can change them for the others', async () => {
    const { cache, load } = scripted();
    const value = await cache.get('prices', load);
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen(value.items[0])).toBe(true);
  });

  it('a database or transaction is read directly, every time', async () => {
    const { state, cache, db } = scripted();
    let loads = 0;
    const load = async () => ++loads;
    expect(await readContent(db, 'n', load)).toBe(1);
    expect(await readContent(db, 'n', load)).toBe(2);
    expect(await readContent(cache, 'n', load)).toBe(3);
    expect(await readContent(cache, 'n', load)).toBe(3);
    expect(state.versionReads).toBe(2);
    expect(databaseOf(cache)).toBe(db);
    expect(databaseOf(db)).toBe(db);
  });
});
