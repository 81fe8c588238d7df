import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tagWords } from '../../src/server/answer/language-model.js';

const firstTag = (text: string): string | undefined => tagWords(text)[0]?.pos;

describe('tagWords', () => {
  it('tags the first word of an instruction a verb where the model calls it a noun or an adjective', () => {
    assert.equal(firstTag('show a pointer hand when hovering over a button'), 'VERB');
    assert.equal(firstTag('check if an array includes a value'), 'VERB');
    assert.equal(firstTag('check whether a variable holds an array'), 'VERB');
    assert.equal(firstTag('select the first element that matches a selector'), 'VERB');
  });

  it('keeps a noun that starts a question as a noun', () => {
    assert.equal(firstTag('difference between let and var'), 'NOUN');
    assert.equal(firstTag('text box that suggests values'), 'NOUN');
    assert.equal(firstTag('cookies that expire after a day'), 'NOUN');
    assert.equal(firstTag('errors which occur when fetching'), 'NOUN');
  });
});
