/**
 * The element pages of the demo's documentation (`demo/content/elements/`), which a site owner
 * reads, against what the elements have: every attribute, public property, method, event, part and
 * custom property of the custom elements manifest (`dist/custom-elements.json`, written from the
 * JSDoc by `npm run build`), and every key of each element's `strings`, is named on the element's
 * pages, and the lists of keys name no key that isn't read.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import ts from 'typescript';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

interface Declaration {
  tagName?: string;
  attributes?: { name: string }[];
  members?: { kind: string; name: string; static?: boolean; privacy?: string }[];
  events?: { name: string }[];
  cssParts?: { name: string }[];
  cssProperties?: { name: string }[];
}

const manifest = JSON.parse(read('dist/custom-elements.json')) as {
  modules: { declarations?: Declaration[] }[];
};
const elements = manifest.modules.flatMap((module) => module.declarations ?? []).filter((d) => d.tagName);

/** Every page about `tag`: its own and those named after it (`search-box-events.md`…). */
function pagesOf(tag: string): string {
  return readdirSync(new URL('demo/content/elements/', root))
    .filter((name) => name === `${tag}.md` || name.startsWith(`${tag}-`))
    .map((name) => read(`demo/content/elements/${name}`))
    .join('\n');
}

/** The names of an interface's members, as declared in `path`. */
function interfaceKeys(path: string, name: string): string[] {
  const source = ts.createSourceFile(path, read(path), ts.ScriptTarget.ES2022);
  const declaration = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === name,
  );
  assert.ok(declaration, `${name} in ${path}`);
  return declaration.members.map((member) => member.name!.getText(source));
}

/**
 * The names in backticks of a paragraph of `page` that starts with `start`; with `listed`, only
 * those outside parentheses, where a list of keys says more of each.
 */
function namesIn(page: string, start: string, listed = false): string[] {
  const paragraph = page.split('\n').find((line) => line.startsWith(start));
  assert.ok(paragraph, `a paragraph starting "${start}"`);
  // Keys only: what is said of each, in parentheses (placeholders, defaults, other names), left out.
  let text = paragraph;
  for (let before = ''; listed && before !== text;) [before, text] = [text, text.replace(/\([^()]*\)/g, '')];
  return [...text.matchAll(/`([a-zA-Z]+)`/g)].map((match) => match[1]!);
}

const missing = (names: string[], text: string) => names.filter((name) => !text.includes(`\`${name}`));

describe('the element pages of the documentation', () => {
  it('are about the three elements of the manifest', () => {
    assert.deepEqual(elements.map((d) => d.tagName).sort(), ['ask-chat', 'feedback-buttons', 'search-box']);
  });

  for (const element of elements) {
    const tag = element.tagName!;
    it(`name every attribute, property, method, event and part of <${tag}>`, () => {
      const pages = pagesOf(tag);
      const members = (element.members ?? [])
        .filter((member) => !member.static && (member.privacy ?? 'public') === 'public')
        .map((member) => member.name);
      assert.deepEqual(
        missing(
          (element.attributes ?? []).map((a) => a.name),
          pages,
        ),
        [],
        'attributes',
      );
      assert.deepEqual(missing(members, pages), [], 'properties and methods');
      assert.deepEqual(
        missing(
          (element.events ?? []).map((e) => e.name),
          pages,
        ),
        [],
        'events',
      );
      assert.deepEqual(
        missing(
          (element.cssParts ?? []).map((p) => p.name),
          pages,
        ),
        [],
        'parts',
      );
      // The shared theme's properties are on the theming page, which the element pages link to.
      const theming = read('demo/content/guides/theming.md');
      const properties = (element.cssProperties ?? []).map((p) => p.name);
      assert.deepEqual(missing(properties, pages + theming), [], 'custom properties');
    });
  }

  it("list every key of each element's strings, and no other", () => {
    const box = pagesOf('search-box');
    const boxKeys = interfaceKeys('src/elements/search-box/search-box.strings.ts', 'SearchBoxStrings');
    const boxTable = box.split('## Translating every string')[1] ?? '';
    assert.deepEqual(missing(boxKeys, boxTable), [], 'search-box');

    const chat = read('demo/content/elements/ask-chat-attributes.md');
    const chatKeys = interfaceKeys('src/elements/ask-chat/chat-strings.ts', 'AskChatStrings');
    assert.deepEqual(namesIn(chat, 'Keys: ', true).sort(), chatKeys.sort(), 'ask-chat strings');

    const feedbackKeys = interfaceKeys(
      'src/elements/feedback-buttons/feedback-buttons.ts',
      'FeedbackStrings',
    );
    const underAnswers = namesIn(chat, 'The feedback buttons under each answer').filter((name) =>
      feedbackKeys.includes(name),
    );
    assert.deepEqual(underAnswers.sort(), [...feedbackKeys].sort(), 'ask-chat feedbackStrings');
    const reference = read('demo/content/elements/feedback-buttons.md');
    const stringsRow = reference.split('\n').find((line) => line.startsWith('| — | `strings` |')) ?? '';
    assert.deepEqual(missing(feedbackKeys, stringsRow), [], 'feedback-buttons strings');
  });
});
