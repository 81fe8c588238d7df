import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeEntities } from '../../src/wire/html-entities.js';

describe('decodeEntities', () => {
  it('decodes the named entities of XML and &nbsp;, in any case', () => {
    assert.equal(
      decodeEntities('a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos;&nbsp;e &AMP; &Lt;'),
      'a <b> & "c" \'d\'\u00a0e & <',
    );
  });

  it('decodes decimal and hexadecimal numbers, leading zeros and all', () => {
    assert.equal(decodeEntities('&#65;&#x42;&#X43;&#x1F600;&#0000000068;'), 'ABC\u{1F600}D');
  });

  it('decodes once: an escaped entity stays an entity', () => {
    assert.equal(decodeEntities('&amp;lt; &amp;#65;'), '&lt; &#65;');
  });

  it('leaves bad and unknown entities as written', () => {
    const bad = '&#0; &#x110000; &#99999999999; &#x; &#; &copy; &eacute; &lt &amp ; & amp; &#12a;';
    assert.equal(decodeEntities(bad), bad);
  });
});
