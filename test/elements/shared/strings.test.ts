import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { freshAnnouncement } from '../../../src/elements/shared/strings.js';

describe('freshAnnouncement', () => {
  it('makes every repeat of a live message differ from the one before, however many in a row', () => {
    let region = '';
    const heard: string[] = [];
    for (let i = 0; i < 5; i++) {
      const next = freshAnnouncement('8 results', region);
      assert.notEqual(next, region, `repeat ${i + 1}`);
      assert.equal(next.trim(), '8 results');
      heard.push((region = next));
    }
    assert.equal(freshAnnouncement('No results', region), 'No results');
  });
});
