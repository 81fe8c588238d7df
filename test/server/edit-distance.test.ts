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
