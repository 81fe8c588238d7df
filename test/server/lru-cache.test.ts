import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LruCache } from '../../src/server/search/lru-cache.js';

const keysHeld = (cache: LruCache<string, number>, keys: string[]): string[] =>
  keys.filter((key) => cache.get(key) !== undefined);

describe('LruCache', () => {
  it('forgets the oldest entry first once over its capacity', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    assert.deepEqual(keysHeld(cache, ['a', 'b', 'c']), ['b', 'c']);
  });

  it('spares an entry read since it was added once, moving it behind the others', () => {
    const cache = new LruCache<string, number>(3);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    assert.equal(cache.get('a'), 1);
    cache.set('d', 4);
    // `a` was read: `b`, the oldest unread, goes.
    assert.equal(cache.get('b'), undefined);
    cache.set('e', 5);
    // `a` was spared and went behind `c` and `d`; `c` goes next (reading `c` here would spare it).
    assert.deepEqual(keysHeld(cache, ['a', 'c', 'd', 'e']), ['a', 'd', 'e']);
  });

  it('keeps evicting in order over many more entries than it holds, and after a clear', () => {
    const cache = new LruCache<string, number>(100);
    for (let i = 0; i < 10_000; i++) cache.set(`key ${i}`, i);
    const keys = Array.from({ length: 10_000 }, (_, i) => `key ${i}`);
    assert.deepEqual(keysHeld(cache, keys), keys.slice(-100));
    cache.clear();
    assert.deepEqual(keysHeld(cache, keys), []);
    cache.set('again', 1);
    cache.set('more', 2);
    assert.equal(cache.get('again'), 1);
  });

  it('replaces the value of a key it holds without holding it twice', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('a', 2);
    cache.set('b', 3);
    assert.deepEqual(keysHeld(cache, ['a', 'b']), ['a', 'b']);
    assert.equal(cache.get('a'), 2);
  });
});
