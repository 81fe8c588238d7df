import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { serialize, deserialize } from 'node:v8';
import type { DocumentSection, ListItem, SourceDocument } from '../../src/server/content/document.js';
import { documentRecord } from '../../src/server/content/document-record.js';
import { documentForTransfer, transferredDocument } from '../../src/server/content/document-transfer.js';
import { markdownDocument } from '../../src/server/content/markdown-document.js';

/** The document as the indexing thread gets it from a reading thread: through a structured clone, as postMessage sends it. */
const handedOver = (document: SourceDocument): SourceDocument =>
  transferredDocument(deserialize(serialize(documentForTransfer(document))));

/** JSON that shows a Map's entries in order, to compare what a document holds field by field and in order. */
const asJson = (document: SourceDocument): string =>
  JSON.stringify(document, (_key, value: unknown) => (value instanceof Map ? [...value] : value));

const PAGE = `---
title: Lists and code
---

Steps:

1. Install it
2. \`npm start\`
1. Install it

- term
  - : what the term means

\`\`\`ts
const a = 1;

const b = 2;
\`\`\`

| name | use |
| ---- | --- |
| \`a\` | one |

\`\`\`sh
npm start
\`\`\`
`;

describe('documentForTransfer and transferredDocument: a document from a reading thread', () => {
  it('gives back the document as read, its code, languages, blank lines, list items, definitions and table rows alike', () => {
    const document = markdownDocument('guide.md', PAGE);
    const [section] = document.sections as [DocumentSection];
    assert.ok(section.code && section.codeLanguages && section.codeBlankLines && section.listItems);
    assert.ok(section.definitions && section.tableRows);
    const received = handedOver(document);
    assert.deepEqual(received, document);
    assert.equal(asJson(received), asJson(document));
    assert.equal(received.text, document.text);
  });

  it('sends each paragraph once: its code and values by paragraph as places in its text', () => {
    const document = markdownDocument('guide.md', PAGE);
    const plain = serialize({ ...document, text: undefined }).length;
    assert.ok(serialize(documentForTransfer(document)).length < plain);
  });

  it('keeps values whose paragraph the text does not hold, and values kept in an object, as they are', () => {
    const section: DocumentSection = {
      heading: 'Mixed',
      anchor: 'mixed',
      level: 2,
      text: 'first\n\nsecond',
      code: ['not in the text', 'second'],
      codeLanguages: { second: 'sh', keys: 'a paragraph named like a field' },
      listItems: new Map<string, ListItem>([
        ['elsewhere', 'unordered'],
        ['first', 3],
      ]),
    };
    const document = documentRecord('mixed.md', { title: 'Mixed', sections: [section] });
    const received = handedOver(document);
    assert.deepEqual(received, document);
    assert.equal(asJson(received), asJson(document));
  });
});
