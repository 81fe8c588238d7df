import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { withinEditDistance } from '../../src/server/search/edit-distance.js';

describe('withinEditDistance', () => {
  it('counts insertions, deletions, substitutions and swaps of neighbours as one edit each', () => {
    assert.equal(withinEditDistance('pasword', 'password', 1), true);
    assert.equal(withinEditDistance('passwords', 'password', 1), true);
    assert.equal(withinEditDistance('passwerd', 'password', 1), true);
    assert.equal(withinEditDistance('passwrod', 'password', 1), true);
    assert.equal(withinEditDistance('psaswrod', 'password', 1), false);
    assert.equal(withinEditDistance('psaswrod', 'password', 2), true);
    assert.equal(withinEditDistance('middleware', 'middleware', 0), true);
    assert.equal(withinEditDistance('ab', 'abcd', 1), false);
  });

  it('answers the same for long words after short ones, whatever it kept from earlier calls', () => {
    const long = 'internationalisationsfähigkeitsbeschreibungen'.repeat(2);
    assert.equal(withinEditDistance(long, `${long.slice(0, 40)}x${long.slice(41)}`, 1), true);
    assert.equal(withinEditDistance(long, `${long.slice(0, 40)}xy${long.slice(42)}`, 1), false);
    assert.equal(withinEditDistance('cokie', 'cookie', 1), true);
    assert.equal(withinEditDistance('cokei', 'cookie', 1), false);
  });
});

/** The optimal-string-alignment distance from the whole table, the reference for the banded one. */
function distance(a: string, b: string): number {
  const table = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const row = table[i] as number[];
      const above = table[i - 1] as number[];
      row[j] = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j] as number, ((table[i - 2] as number[])[j - 2] as number) + 1);
    }
  return (table[a.length] as number[])[b.length] as number;
}

describe('withinEditDistance against the whole table', () => {
  it('answers as the distance does for every pair of short words of a few letters', () => {
    let state = 11;
    const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
    const word = () =>
      Array.from({ length: Math.floor(next() * 12) }, () => 'abcd'[Math.floor(next() * 4)]).join('');
    for (let trial = 0; trial < 20_000; trial++) {
      const a = word();
      // Often a few edits of the first word, so that distances near the limit are common.
      let b = next() < 0.5 ? word() : a;
      for (let edits = Math.floor(next() * 4); edits > 0; edits--) {
        const at = Math.floor(next() * (b.length + 1));
        const kind = Math.floor(next() * 4);
        const letter = 'abcd'[Math.floor(next() * 4)] as string;
        if (kind === 0) b = b.slice(0, at) + letter + b.slice(at);
        else if (kind === 1) b = b.slice(0, at) + b.slice(at + 1);
        else if (kind === 2) b = b.slice(0, at) + letter + b.slice(at + 1);
        else b = b.slice(0, at) + b.slice(at + 1, at + 2) + b.slice(at, at + 1) + b.slice(at + 2);
      }
      const max = Math.floor(next() * 4);
      assert.equal(withinEditDistance(a, b, max), distance(a, b) <= max, `${a} ${b} ${max}`);
    }
  });
});
