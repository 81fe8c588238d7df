import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  isEnglishWord,
  learnedWords,
  MAX_LEARNED_WORDS,
  reloadReader,
  sentenceRanges,
  tagWords,
} from '../../src/server/answer/language-model.js';

const firstTag = (text: string): string | undefined => tagWords(text)[0]?.pos;

describe('tagWords', () => {
  it('tags the first word of an instruction a verb where the model calls it a noun or an adjective', () => {
    assert.equal(firstTag('show a pointer hand when hovering over a button'), 'VERB');
    assert.equal(firstTag('check if an array includes a value'), 'VERB');
    assert.equal(firstTag('check whether a variable holds an array'), 'VERB');
    assert.equal(firstTag('select the first element that matches a selector'), 'VERB');
  });

  it('tags a unit written against its number a noun: the MB of 128MB is no name', () => {
    const unit = tagWords('uploads over 128MB fail').find((word) => word.text === 'MB');
    assert.deepEqual(unit, { text: 'MB', pos: 'NOUN', unit: true });
    // Apart from a number, a capitalised word keeps the model's tag.
    assert.equal(tagWords('does Hono run on Bun').find((word) => word.text === 'Bun')?.pos, 'PROPN');
  });

  it('keeps a noun that starts a question as a noun', () => {
    assert.equal(firstTag('difference between let and var'), 'NOUN');
    assert.equal(firstTag('text box that suggests values'), 'NOUN');
    assert.equal(firstTag('cookies that expire after a day'), 'NOUN');
    assert.equal(firstTag('errors which occur when fetching'), 'NOUN');
  });

  it('keeps a word whole after the colons glued to it: ::part is the word part, not an emoticon and "art"', () => {
    const words = (text: string) => tagWords(text).map((word) => word.text);
    assert.deepEqual(words('style the input with ::part'), ['style', 'the', 'input', 'with', 'part']);
    assert.deepEqual(words('select it with ::slotted'), ['select', 'it', 'with', 'slotted']);
    // A port after its host is the number, not the emoticon ":3" and "000".
    assert.deepEqual(words('nothing at localhost:3000'), ['nothing', 'at', 'localhost', '3000']);
    // An emoticon of its own is still one, and a time keeps its colon.
    assert.deepEqual(words('thanks :D'), ['thanks', ':D']);
    assert.deepEqual(words('thanks :3'), ['thanks', ':3']);
    assert.deepEqual(words('at 8:30'), ['at', '8:30']);
  });
});

describe('isEnglishWord', () => {
  it('knows a word of the lexicon in any case, and one whose lemma it holds (the plural of a singular)', () => {
    for (const word of ['padding', 'Doorstep', 'blog', 'blogs', 'workflows', 'avatars'])
      assert.ok(isEnglishWord(word), word);
    for (const word of ['pasword', 'receit', 'kubernetes', 'nuxt'])
      assert.equal(isEnglishWord(word), false, word);
  });
});

describe('what the language model learns as it reads', () => {
  it('tags a question alike whatever passages of the site were read before it', () => {
    const question = "combine two objects into one where the second one's properties win";
    const before = tagWords(question);
    // wink-nlp learns "one's" as one word from a passage that writes it before a colon.
    const passage = "The source may be higher than the quoted one's: the source is the page ranked first.";
    sentenceRanges(passage);
    tagWords(passage, 'passage');
    assert.deepEqual(tagWords(question), before);
    assert.ok(learnedWords('passage') > 0);
  });

  it('tags a question alike whatever questions were asked before it', () => {
    const question = "what is the second one's default value";
    const before = tagWords(question);
    tagWords("is it the quoted one's: the first or the second?");
    assert.deepEqual(tagWords(question), before);
    assert.equal(before.filter((word) => word.text.startsWith('one')).length, 1);
  });

  it('loads a reader afresh as often as it must, the model staying the same size', () => {
    // Each load of wink's model once doubled a text of it: by the 21st, a RangeError.
    for (let load = 0; load < 25; load++) reloadReader('question');
    assert.equal(tagWords('How do I read a cookie?').find((word) => word.text === 'cookie')?.pos, 'NOUN');
  });

  it('loads a reader afresh once it has learned more words than it may keep', () => {
    const words = Array.from({ length: MAX_LEARNED_WORDS + 1000 }, (_, i) => `zq${i.toString(36)}x`);
    tagWords(words.join(' '));
    assert.ok(learnedWords('question') > MAX_LEARNED_WORDS);
    tagWords('How do I read a cookie?');
    assert.ok(learnedWords('question') < 10, String(learnedWords('question')));
    assert.equal(tagWords('How do I read a cookie?').find((word) => word.text === 'cookie')?.pos, 'NOUN');
  });
});
