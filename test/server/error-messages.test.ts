import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  MESSAGE_MATCH_FLOOR,
  messageTemplates,
  pastedMessage,
  templateMatch,
} from '../../src/server/search/error-messages.js';
import { createExtractiveAnswerer } from '../../src/server/answer/extractive-answerer.js';
import { createOramaIndex } from '../../src/server/search/orama-index.js';
import { pageWithText } from './documents.js';

const template = (title: string): string[] => messageTemplates(title, [])[0] ?? [];

describe('pasted error messages', () => {
  it('are told from questions by the error type that opens them', () => {
    assert.deepEqual(pastedMessage('Uncaught TypeError: data.map is not a function'), [
      'typeerror',
      'data',
      'map',
      'is',
      'not',
      'a',
      'function',
    ]);
    assert.deepEqual(pastedMessage("TypeError: Cannot read properties of undefined (reading 'length')"), [
      'typeerror',
      'cannot',
      'read',
      'properties',
      'of',
      'undefined',
      'reading',
      '*',
    ]);
    assert.equal(pastedMessage('How do I fix a TypeError?'), undefined);
    assert.equal(pastedMessage('TypeError'), undefined);
    // A bare `Error:` is an error's type too; a long text is no message a console printed.
    assert.deepEqual(pastedMessage("Error: Cannot find module 'express'"), [
      'error',
      'cannot',
      'find',
      'module',
      '*',
    ]);
    assert.equal(pastedMessage(`TypeError: ${'word '.repeat(100)}`), undefined);
    // Within a question, the message runs from its error's type, after a word, to the end.
    assert.equal(
      pastedMessage('JSON.stringify throws TypeError: BigInt value can’t be serialized')?.join(' '),
      'typeerror bigint value can t be serialized',
    );
    // Or from an opening quote mark or bracket, as a visitor quotes what the console said.
    assert.equal(
      pastedMessage('why does decodeURIComponent throw "URIError: malformed URI sequence"')?.join(' '),
      'urierror malformed uri sequence',
    );
    assert.equal(
      pastedMessage("my page shows (TypeError: can't access property 'x' of undefined)")?.join(' '),
      'typeerror can t access property * of undefined',
    );
    assert.equal(pastedMessage('JSON.parse throws a SyntaxError'), undefined);
    assert.equal(pastedMessage('I see Warning: each child should have a key'), undefined);
  });

  it('read an apostrophe as part of its word, not as a quote', () => {
    assert.deepEqual(template("TypeError: can't convert 'x' to BigInt"), [
      'typeerror',
      'can',
      't',
      'convert',
      '*',
      'to',
      'bigint',
    ]);
  });

  it('match a template word by word in order, a placeholder standing for the visitor’s own names', () => {
    const notAFunction = template('TypeError: "x" is not a function');
    // Every word of the template is found; the two words `"x"` stands for count half each.
    const dataMap = templateMatch(notAFunction, pastedMessage('TypeError: data.map is not a function')!);
    assert.equal(dataMap, 5 / 6);
    assert.ok(templateMatch(notAFunction, pastedMessage('TypeError: x is not a function')!) > dataMap);
    // A template that leaves most to its placeholders matches less than one that says it all.
    const vague = template('TypeError: "x" is (not) "y"');
    const constructorMessage = pastedMessage('TypeError: data.map is not a constructor')!;
    assert.ok(
      templateMatch(vague, constructorMessage) <
        templateMatch(template('TypeError: "x" is not a constructor'), constructorMessage),
    );
    // Other words, or the same words out of order, are another message.
    assert.ok(
      templateMatch(notAFunction, pastedMessage('TypeError: x is not iterable')!) < MESSAGE_MATCH_FLOOR,
    );
    assert.ok(
      templateMatch(notAFunction, pastedMessage('TypeError: a function is not x')!) < MESSAGE_MATCH_FLOOR,
    );
    // A placeholder stands for a name, not for a whole other message.
    const long = pastedMessage('TypeError: the value you passed to the widget is not a function')!;
    assert.ok(templateMatch(notAFunction, long) < MESSAGE_MATCH_FLOOR);
    // Its words are taken at its own place: another message sharing all words but one is not it.
    const constructor = pastedMessage('TypeError: data.map is not a constructor')!;
    assert.ok(templateMatch(notAFunction, constructor) < MESSAGE_MATCH_FLOOR);
    const dateObject = pastedMessage('TypeError: this is not a Date object.')!;
    assert.ok(templateMatch(notAFunction, dateObject) < MESSAGE_MATCH_FLOOR);
    // Words after the whole message say where it came from: a tenth of a word left over each.
    const malformed = template('URIError: malformed URI sequence');
    const thrownBy = pastedMessage('URIError: malformed URI sequence thrown by decodeURIComponent')!;
    assert.equal(templateMatch(malformed, thrownBy), 4 / 4.3);
    const whenFetched = pastedMessage('TypeError: data.map is not a function when my fetch returns')!;
    assert.ok(templateMatch(notAFunction, whenFetched) >= MESSAGE_MATCH_FLOOR);
    // A longer message that goes on where a template ends matches its own template better.
    const notIterable = pastedMessage('TypeError: x is not a function or its return value is not iterable')!;
    const itsOwn = template('TypeError: "x" is not a function or its return value is not iterable');
    assert.ok(templateMatch(itsOwn, notIterable) > templateMatch(notAFunction, notIterable) + 0.1);
  });

  it("are a page's title and the wordings its code lists, without the engine's note", () => {
    const code = [
      'RangeError: Maximum call stack size exceeded (Chrome)\nInternalError: too much recursion (Firefox)',
    ];
    assert.deepEqual(messageTemplates('InternalError: too much recursion', code), [
      ['internalerror', 'too', 'much', 'recursion'],
      ['rangeerror', 'maximum', 'call', 'stack', 'size', 'exceeded'],
    ]);
    // A page not titled with a message has none, whatever its code prints.
    assert.deepEqual(messageTemplates('Recursion', code), []);
    // Every wording a page lists counts, one per distinct wording, however many it lists.
    const wordings = Array.from({ length: 20 }, (_, i) => `SyntaxError: JSON.parse: wording number ${i}`);
    const many = messageTemplates('SyntaxError: JSON.parse: bad parsing', [
      [...wordings, 'SyntaxError: JSON.parse: wording number 0 (Firefox)'].join('\n'),
    ]);
    assert.equal(many.length, 21);
  });

  const recursion = pageWithText(
    '/errors/too-much-recursion',
    'InternalError: too much recursion',
    'The exception occurs when a function calls itself too many times.',
  );
  recursion.sections.push({
    heading: 'Message',
    anchor: 'message',
    level: 2,
    text: 'RangeError: Maximum call stack size exceeded (Chrome)',
    code: ['RangeError: Maximum call stack size exceeded (Chrome)'],
  });

  it("find the message's page first, over pages holding the visitor's own names", async () => {
    const index = createOramaIndex();
    await index.load([
      {
        ...pageWithText(
          '/errors/not-a-function',
          'TypeError: "x" is not a function',
          'The exception occurs when a value that is not a function is called.',
        ),
        tags: ['errors'],
      },
      recursion,
      pageWithText(
        '/typeerror',
        'TypeError',
        'A TypeError is thrown when an operation on a value fails. TypeError, TypeError.',
      ),
      pageWithText(
        '/rangeerror',
        'RangeError',
        'A RangeError is thrown when a value is out of range: the stack size, the call.',
      ),
      pageWithText(
        '/fetching-data',
        'Fetching data',
        'Call data.map() on the data you fetched: data.map(render).',
      ),
    ]);
    const top = async (query: string) => (await index.search(query, { limit: 1 }))[0]?.document.link;
    assert.equal(await top('TypeError: data.map is not a function'), '/errors/not-a-function');
    assert.equal(
      await top('Uncaught RangeError: Maximum call stack size exceeded'),
      '/errors/too-much-recursion',
    );
    // Within a question, with the visitor's words on either side of it.
    assert.equal(
      await top('my list throws TypeError: data.map is not a function when my fetch returns'),
      '/errors/not-a-function',
    );
    // Quoted within it: the data.map page led, by the visitor's own name.
    assert.equal(
      await top('my list throws "TypeError: data.map is not a function" when my fetch returns'),
      '/errors/not-a-function',
    );
    // The same words, not pasted as a message, are matched as words.
    assert.equal(await top('TypeError'), '/typeerror');
    // Asked, the answer is what the page says the message means, not the wording it lists.
    const answer = await createExtractiveAnswerer({ index }).answer({
      query: 'Uncaught RangeError: Maximum call stack size exceeded',
      history: [],
      format: 'markdown',
      threshold: 0,
    });
    assert.equal(answer.link, '/errors/too-much-recursion');
    assert.equal(answer.answer, 'The exception occurs when a function calls itself too many times.');
    // Its relevance is at least the match: a relevance threshold keeps it.
    const [hit] = await index.search('TypeError: data.map is not a function', {
      limit: 1,
      minRelevance: 0.8,
    });
    assert.equal(hit?.document.link, '/errors/not-a-function');
    // A tag filter that drops its page drops it.
    const excluded = await index.search('TypeError: data.map is not a function', {
      limit: 1,
      excludeTags: ['errors'],
    });
    assert.notEqual(excluded[0]?.document.link, '/errors/not-a-function');
  });
});
