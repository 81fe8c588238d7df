/**
 * The element pages of the demo's documentation (`demo/content/elements/`), which a site owner
 * reads, against what the elements have: every attribute, public property, method, event, part and
 * custom property of the custom elements manifest (`dist/custom-elements.json`, written from the
 * JSDoc by `npm run build`), and every key of each element's `strings`, is named on the element's
 * pages, and the lists of keys name no key that isn't read. What the pages say of them is checked
 * too: each event's `detail` fields are its detail type's, and each custom property's default
 * written in a table is the one the elements' CSS falls back to.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { describe, it } from 'node:test';
import ts from 'typescript';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

interface Declaration {
  tagName?: string;
  attributes?: { name: string }[];
  members?: { kind: string; name: string; static?: boolean; privacy?: string }[];
  events?: { name: string; type?: { text: string } }[];
  cssParts?: { name: string }[];
  cssProperties?: { name: string; default?: string; description?: string }[];
  slots?: { name: string }[];
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
 * The names in backticks of a paragraph of `page` that starts with `start`, or of the list that
 * paragraph introduces; with `listed`, only those outside parentheses, where a list of keys says
 * more of each.
 */
function namesIn(page: string, start: string, listed = false): string[] {
  const lines = page.split('\n');
  const at = lines.findIndex((line) => line.startsWith(start));
  assert.ok(at >= 0, `a paragraph starting "${start}"`);
  // The paragraph, or the list it opens: its items up to the blank line after them.
  const end = lines.findIndex((line, index) => index > at + 1 && line.trim() === '');
  const paragraph =
    lines[at + 1] === '' && lines[at + 2]?.startsWith('- ')
      ? lines.slice(at + 2, end).join('\n')
      : lines[at]!;
  // Keys only: what is said of each, in parentheses (placeholders, defaults, other names), left out.
  let text = paragraph;
  for (let before = ''; listed && before !== text;) [before, text] = [text, text.replace(/\([^()]*\)/g, '')];
  return [...text.matchAll(/`([a-zA-Z]+)`/g)].map((match) => match[1]!);
}

/** Every `.ts` file under `src/elements/`. */
function elementSources(dir = 'src/elements/'): string[] {
  return readdirSync(new URL(dir, root)).flatMap((name) =>
    statSync(new URL(dir + name, root)).isDirectory()
      ? elementSources(`${dir}${name}/`)
      : name.endsWith('.ts')
        ? [dir + name]
        : [],
  );
}

/** The members of the interface `name`, wherever under `src/elements/` it is declared. */
function detailKeys(name: string): string[] {
  const path = elementSources().find((file) =>
    new RegExp(`^export interface ${name} \\{`, 'm').test(read(file)),
  );
  assert.ok(path, `interface ${name}`);
  return interfaceKeys(path, name);
}

/**
 * What the elements' CSS falls back to for each `--ask-*` property (`var(--ask-x, default)`),
 * light and dark. `calc(var(--_size) / 2)` also reads as the `0.5rem` it is by default, as the
 * pages write it.
 */
function cssDefaults(): Map<string, Set<string>> {
  const defaults = new Map<string, Set<string>>();
  for (const file of elementSources()) {
    const text = read(file);
    for (let at = text.indexOf('var(--ask-'); at !== -1; at = text.indexOf('var(--ask-', at + 1)) {
      const name = /^var\((--ask-[a-z0-9-]+)/.exec(text.slice(at))![1]!;
      let end = at + 4 + name.length;
      if (text[end] !== ',') continue;
      for (let depth = 0; text[++end] !== ')' || depth > 0;) {
        if (text[end] === '(') depth++;
        else if (text[end] === ')') depth--;
      }
      const value = text.slice(at + 4 + name.length + 1, end).trim();
      const values = defaults.get(name) ?? defaults.set(name, new Set()).get(name)!;
      values.add(value === 'calc(var(--_size) / 2)' ? '0.5rem' : value);
    }
  }
  return defaults;
}

/**
 * The names `text` never writes whole, in backticks: `option-active` is no mention of `option`,
 * nor `askQuestion` of a member `ask`. A method may be written called (`show()`), an attribute
 * given (`variant="button"`).
 */
const missing = (names: string[], text: string) =>
  names.filter((name) => !new RegExp(`\`${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\`(=]`).test(text));

describe('the element pages of the documentation', () => {
  it('are about the three elements of the manifest', () => {
    assert.deepEqual(elements.map((d) => d.tagName).sort(), ['ask-chat', 'feedback-buttons', 'search-box']);
  });

  it('are titled after their element, written as a tag, first', () => {
    // The home page lists them by title: "search-box events" among "<ask-chat> events", and
    // "Styling <ask-chat>" after all the others, read as pages of another set.
    const tags = elements.map((d) => d.tagName!);
    const untitled = readdirSync(new URL('demo/content/elements/', root)).filter((name) => {
      const tag = tags.find((t) => name === `${t}.md` || name.startsWith(`${t}-`));
      const title = /^title: "(.*)"$/m.exec(read(`demo/content/elements/${name}`))?.[1] ?? '';
      return !title.startsWith(`<${tag}>`);
    });
    assert.deepEqual(untitled, []);
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
      assert.deepEqual(
        missing(
          (element.slots ?? []).map((slot) => slot.name),
          pages,
        ),
        [],
        'slots',
      );
    });

    it(`give the detail fields of each event of <${tag}> as its detail type has them`, () => {
      // A row of an events table (`| \`ask-…\` |`), or feedback-buttons' line "Event: `ask-…`":
      // the first code span in braces is the detail.
      const rows = pagesOf(tag)
        .split('\n')
        .flatMap((line) => {
          const event = /^(?:\| |Event: )`(ask-[a-z-]+)`/.exec(line)?.[1];
          const detail = /`(\{[^`]*\})`/.exec(line)?.[1];
          return event && detail ? [{ event, detail }] : [];
        });
      const events = element.events ?? [];
      assert.deepEqual(rows.map((row) => row.event).sort(), events.map((event) => event.name).sort());
      for (const { event, detail } of rows) {
        const type = /^CustomEvent<(.*)>$/.exec(events.find((e) => e.name === event)?.type?.text ?? '')?.[1];
        assert.ok(type, `the detail type of ${event}`);
        const keys = type.startsWith('Record<') ? [] : detailKeys(type);
        // `{ query: string, includeTags: string[] }`, `{ insightId, value, reason? }`: the names.
        const fields = detail
          .slice(1, -1)
          .split(',')
          .map((field) => /^\s*([a-zA-Z]+)/.exec(field)?.[1])
          .filter((field) => field !== undefined);
        assert.deepEqual(
          fields.sort(),
          [...keys].sort(),
          `${event}: ${detail} on the page, ${type} in the code`,
        );
      }
    });
  }

  it('give the custom properties the defaults the CSS falls back to', () => {
    const defaults = cssDefaults();
    const wrong: string[] = [];
    const check = (where: string, name: string, value: string | undefined) => {
      if (value !== undefined && !defaults.get(name)?.has(value))
        wrong.push(`${where}: ${name} ${value} (the CSS: ${[...(defaults.get(name) ?? [])].join(', ')})`);
    };
    // The pages' tables: `| \`--ask-x\` | \`default\` … |`, a dark default as "dark \`x\`", or, on
    // the theming page, in a column of its own.
    for (const name of [
      'guides/theming.md',
      ...readdirSync(new URL('demo/content/elements/', root)).map((n) => `elements/${n}`),
    ]) {
      for (const line of read(`demo/content/${name}`).split('\n')) {
        const property = /^\| `(--ask-[a-z0-9-]+)` \|/.exec(line)?.[1];
        if (!property) continue;
        const cells = line.split(' | ');
        const light = /^`([^`]+)`/.exec(cells[1]!)?.[1];
        if (light?.startsWith('--') === false) check(name, property, light);
        check(name, property, /dark `([^`]+)`/.exec(cells[1]!)?.[1]);
        if (name === 'guides/theming.md') check(name, property, /^`([^`]+)`$/.exec(cells[2]!)?.[1]);
      }
    }
    // The manifest's, which editors show: its default, and "(dark default `x`)".
    for (const element of elements)
      for (const property of element.cssProperties ?? []) {
        check(`${element.tagName} manifest`, property.name, property.default);
        check(
          `${element.tagName} manifest`,
          property.name,
          /dark default `([^`]+)`/.exec(property.description ?? '')?.[1],
        );
      }
    assert.deepEqual(wrong, []);
  });

  it("list every key of each element's strings, and no other", () => {
    const box = pagesOf('search-box');
    const boxKeys = interfaceKeys('src/elements/search-box/search-box.strings.ts', 'SearchBoxStrings');
    const boxTable = box.split('## Translating every string')[1] ?? '';
    assert.deepEqual(missing(boxKeys, boxTable), [], 'search-box');

    const chat = read('demo/content/elements/ask-chat-attributes.md');
    const chatKeys = interfaceKeys('src/elements/ask-chat/chat-strings.ts', 'AskChatStrings');
    assert.deepEqual(
      namesIn(chat, 'The keys, by where the visitor reads them', true).sort(),
      chatKeys.sort(),
      'ask-chat strings',
    );

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
