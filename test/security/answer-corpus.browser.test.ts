/**
 * Every payload of the security corpus (DOMPurify's fixtures and H5SC, with their triggers; kept
 * with their licences in test/fixtures/security-corpus/ so that CI needs nothing outside the repo) served to `<ask-chat>` by a fake client: as the answer in both formats, and as the
 * source's link, title and description. Nothing may run, and the cleaned DOM may hold no `on*`
 * attribute, no script/iframe/object/embed/base/meta/form and no URL outside the allow-list.
 *
 * A raw control writes the same payloads unsanitized with innerHTML (in this test only, inside
 * an iframe so a payload that navigates or rebases cannot take the test page with it) and must
 * see the detector fire, which proves that zero means zero.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { readFile } from '@web/test-runner-commands';
import type { AskChat } from '../../src/elements/ask-chat/ask-chat.js';
import { isAllowedUrl } from '../../src/elements/shared/safe-url.js';
import { answerRecord, defineElements, fakeClient, waitFor } from '../elements/chat-test-support.js';

defineElements();

interface Vector {
  name: string;
  payload: string;
  trigger?: string | null;
}

// Relative to this file; the corpus lives beside the repository and is read, never copied.
const CORPUS = '../fixtures/security-corpus/';

async function loadCorpus(): Promise<{ dompurify: Vector[]; h5sc: Vector[] }> {
  const read = async (name: string) => JSON.parse((await readFile({ path: CORPUS + name }))!) as unknown[];
  const dompurify = (await read('dompurify-fixtures.json')).map((item, i) => {
    const { title, payload } = item as { title?: string; payload: string };
    return { name: `dompurify #${i} ${title ?? ''}`, payload };
  });
  const h5sc = (await read('h5sc-vectors.json')).map((item) => {
    const { id, name, payload, trigger } = item as {
      id: number;
      name: string;
      payload: string;
      trigger?: string | null;
    };
    return { name: `h5sc #${id} ${name}`, payload, trigger };
  });
  return { dompurify, h5sc };
}

/** What counts an execution, by vector: `__xss<i>` replaces alert/confirm/prompt in payload i. */
const fired: string[] = [];
const hookNames = ['alert', 'confirm', 'prompt', 'print'];
// A payload that reaches `top.alert` must count, not open a dialog that blocks the test page.
for (const name of hookNames)
  (window as unknown as Record<string, unknown>)[name] = () => void fired.push(`(top ${name})`);

function armed(vectors: Vector[], target: Window): Vector[] {
  const win = target as unknown as Record<string, unknown>;
  return vectors.map((vector, i) => {
    const hook = `__xss${i}`;
    win[hook] = () => void fired.push(vector.name);
    // Encoded spellings (`al\u0065rt`, `top['al'+'ert']`) reach the real functions: hook those too.
    for (const name of hookNames) win[name] = () => void fired.push(`${vector.name} (${name})`);
    const rewrite = (text: string) => text.replace(/\b(alert|confirm|prompt)\b/g, hook);
    return {
      ...vector,
      payload: rewrite(vector.payload),
      trigger: vector.trigger ? rewrite(vector.trigger) : null,
    };
  });
}

/**
 * Does what a visitor could do to every element under `root`: hover, focus, click. A click on a
 * link never navigates (the test page must stay), but a `javascript:` link that would have run
 * is counted as an execution. What runs later (an image's error, a timer) is given its time by
 * the caller, once after the whole batch: a wait per vector added up to a minute of the suite.
 */
function interact(root: ParentNode): void {
  for (const element of Array.from(root.querySelectorAll('*'))) {
    for (const type of ['mouseover', 'mouseenter', 'mousemove', 'pointerover', 'mousedown', 'mouseup'])
      element.dispatchEvent(new MouseEvent(type, { bubbles: true, composed: true }));
    if (element instanceof HTMLElement || element instanceof SVGElement) {
      element.focus?.();
      element.dispatchEvent(new FocusEvent('focus'));
      element.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      element.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, cancelable: true }));
      element.dispatchEvent(new FocusEvent('blur'));
    }
  }
}

/** True when following `href` from `doc` would run script (the URL parser decides, not a regex). */
function isScriptUrl(href: string, doc: Document): boolean {
  try {
    return ['javascript:', 'vbscript:'].includes(new URL(href, doc.baseURI).protocol);
  } catch {
    return false;
  }
}

/**
 * Stops navigation by clicks and submits in `doc`. In the test page, a click on a script URL is
 * counted as an execution (and stopped); in a raw-control frame it is let through to run.
 */
function guardNavigation(doc: Document, label: () => string): () => void {
  const onClick = (event: Event) => {
    const link = event
      .composedPath()
      .find(
        (node): node is Element =>
          node instanceof Element && (node.localName === 'a' || node.localName === 'area'),
      );
    if (!link) return;
    const href = link.getAttribute('href') ?? link.getAttribute('xlink:href') ?? '';
    const script = isScriptUrl(href, doc);
    if (script && doc === document) fired.push(`${label()} (followed ${href})`);
    if (!script || doc === document) event.preventDefault();
  };
  const onSubmit = (event: Event) => event.preventDefault();
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('submit', onSubmit, true);
  return () => {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('submit', onSubmit, true);
  };
}

/**
 * Runs a vector's trigger against the rendered content: `document` answers from `root` only,
 * and an assignment to `location` is captured, counting a script URL as an execution.
 */
function runTrigger(trigger: string, root: Element | DocumentFragment, label: string): void {
  const all = (selector: string) => Array.from(root.querySelectorAll(selector));
  const scopedDocument = {
    getElementsByTagName: (tag: string) => all(tag),
    getElementById: (id: string) => root.querySelector(`#${CSS.escape(id)}`),
    querySelector: (selector: string) => root.querySelector(selector),
    querySelectorAll: (selector: string) => all(selector),
    get links() {
      return all('a[href], area[href]');
    },
    get forms() {
      const forms = all('form') as HTMLFormElement[];
      return Object.assign(forms, Object.fromEntries(forms.map((f) => [f.id || f.name, f])));
    },
    body: root,
    documentElement: root,
  };
  try {
    const run = new Function(
      'document',
      'frames',
      `let location = ''; ${trigger}; return typeof location === 'string' ? location : location && location.href;`,
    ) as (doc: unknown, frames: unknown[]) => unknown;
    const target = run(scopedDocument, []);
    if (typeof target === 'string' && isScriptUrl(target, document)) fired.push(`${label} (trigger)`);
  } catch {
    // The trigger needs what the sanitizer removed: nothing to run.
  }
}

/** URL-valued attributes in the payloads, used as the record's `link`. */
function urlsIn(vectors: Vector[]): Vector[] {
  const urls: Vector[] = [];
  for (const vector of vectors) {
    for (const match of vector.payload.matchAll(
      /\b(?:href|src|action|formaction|xlink:href|data|poster)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi,
    )) {
      const value = match[1]!.replace(/^["']|["']$/g, '');
      if (value.trim()) urls.push({ name: `${vector.name} [${value.slice(0, 40)}]`, payload: value });
    }
  }
  return urls;
}

const FORBIDDEN =
  'script, iframe, frame, object, embed, base, meta, form, style, link, svg, math, template, button, textarea, select';
const URL_ATTRIBUTES = [
  'href',
  'src',
  'srcset',
  'action',
  'formaction',
  'xlink:href',
  'poster',
  'background',
  'data',
  'ping',
  'cite',
];

/** The properties every cleaned answer must have, whatever the payload. */
function assertClean(root: ParentNode, label: string): void {
  const forbidden = root.querySelector(FORBIDDEN);
  expect(forbidden?.outerHTML, `${label}: forbidden element`).to.equal(undefined);
  for (const element of Array.from(root.querySelectorAll('*'))) {
    for (const name of element.getAttributeNames()) {
      expect(/^on/i.test(name), `${label}: ${name} on <${element.localName}>`).to.equal(false);
      expect(name === 'action' || name === 'formaction', `${label}: ${name}`).to.equal(false);
    }
    for (const name of URL_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value === null) continue;
      const image = element.localName === 'img' && (name === 'src' || name === 'srcset');
      const urls = name === 'srcset' ? value.split(/,\s+/).map((c) => c.trim().split(/\s+/)[0]!) : [value];
      for (const url of urls)
        expect(
          isAllowedUrl(url, { allowMailto: element.localName === 'a', allowDataImage: image }),
          `${label}: ${name}="${value.slice(0, 80)}" on <${element.localName}>`,
        ).to.equal(true);
    }
    if (element.localName === 'a') {
      expect(element.getAttribute('rel'), `${label}: rel`).to.equal('noopener noreferrer');
      expect(element.getAttribute('target'), `${label}: target`).to.equal('_blank');
    }
  }
}

/** Asks one question per vector; the fake client answers with the vector where `place` says. */
async function serveThroughChat(
  vectors: Vector[],
  format: 'markdown' | 'html',
  place: 'answer' | 'source',
  label: string,
): Promise<AskChat> {
  let next = 0;
  const client = fakeClient(async () => {
    const { payload } = vectors[next++]!;
    return place === 'answer'
      ? answerRecord({ answer: payload })
      : answerRecord({
          answer: 'See the source.',
          title: payload,
          description: payload,
          link: payload,
          assetType: payload,
        });
  });
  const el = await fixture<AskChat>(html`<ask-chat .client=${client} format=${format}></ask-chat>`);
  const stopGuard = guardNavigation(document, () => label);
  try {
    for (const vector of vectors) await el.askQuestion(vector.name);
    await el.updateComplete;
    await waitFor(
      () => el.shadowRoot!.querySelectorAll('[part~="answer"][aria-busy="false"]').length === vectors.length,
      'every answer',
      20000,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answers = Array.from(el.shadowRoot!.querySelectorAll('[part~="answer"]'));
    for (const [i, answer] of answers.entries()) {
      interact(answer);
      const body = answer.querySelector('[part~="answer-body"]');
      const trigger = vectors[i]!.trigger;
      if (trigger && body) runTrigger(trigger, body, vectors[i]!.name);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    stopGuard();
  }
  return el;
}

describe('hostile answers and sources', () => {
  let corpus: { dompurify: Vector[]; h5sc: Vector[] };
  before(async () => {
    corpus = await loadCorpus();
  });
  beforeEach(() => {
    fired.length = 0;
  });

  it('has the whole corpus: 223 DOMPurify fixtures and 149 H5SC vectors', () => {
    expect(corpus.dompurify).to.have.length(223);
    expect(corpus.h5sc).to.have.length(149);
    expect(corpus.h5sc.filter((v) => v.trigger).length).to.be.greaterThan(0);
  });

  it('the detector fires on the raw payloads (control)', async function () {
    this.timeout(120000);
    let count = 0;
    for (const [set, vectors] of Object.entries(corpus)) {
      const batch = 30;
      for (let start = 0; start < vectors.length; start += batch) {
        const frames = vectors.slice(start, start + batch).map(() => {
          const frame = document.createElement('iframe');
          frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
          document.body.append(frame);
          return frame;
        });
        const stops: (() => void)[] = [];
        for (const [offset, frame] of frames.entries()) {
          const win = frame.contentWindow!;
          const [vector] = armed([vectors[start + offset]!], win);
          const doc = frame.contentDocument!;
          // about:blank resolves URLs against this page: a payload's `src=""` or refresh would load
          // the test page again inside the frame. Resolve them somewhere that serves nothing.
          const base = doc.createElement('base');
          base.href = '/__raw-control__/';
          doc.head.append(base);
          stops.push(guardNavigation(doc, () => vector!.name));
          // Detached, written raw, then attached: exactly what the elements never do.
          const container = doc.createElement('div');
          container.innerHTML = vector!.payload;
          doc.body.append(container);
          interact(container);
          if (vector!.trigger) {
            try {
              (win as unknown as { eval(code: string): unknown }).eval(vector!.trigger);
            } catch {
              // A trigger for another browser.
            }
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
        for (const stop of stops) {
          try {
            stop();
          } catch {
            // The frame navigated away.
          }
        }
        for (const frame of frames) frame.remove();
      }
      console.log(`raw control, ${set}: done`);
      const now = new Set(fired.map((name) => name.replace(/ \(.*\)$/, ''))).size;
      console.log(`raw control, ${set}: ${now - count} vectors executed`);
      count = now;
    }
    expect(count).to.be.greaterThan(10);
  });

  for (const format of ['markdown', 'html'] as const) {
    for (const set of ['dompurify', 'h5sc'] as const) {
      it(`runs nothing from ${set} payloads as ${format} answers, and keeps the DOM clean`, async function () {
        this.timeout(120000);
        const vectors = armed(corpus[set], window);
        const el = await serveThroughChat(vectors, format, 'answer', `${set} ${format}`);
        expect(fired, 'executions').to.deep.equal([]);
        const answers = Array.from(el.shadowRoot!.querySelectorAll('[part~="answer"]'));
        expect(answers).to.have.length(vectors.length);
        for (const [i, answer] of answers.entries()) {
          const body = answer.querySelector('[part~="answer-body"]');
          expect(body, vectors[i]!.name).to.exist;
          assertClean(body!, vectors[i]!.name);
        }
        el.remove();
      });
    }
  }

  for (const set of ['dompurify', 'h5sc'] as const) {
    it(`runs nothing from ${set} payloads as link, title, description and asset type`, async function () {
      this.timeout(120000);
      const vectors = armed([...corpus[set], ...urlsIn(corpus[set])], window);
      const el = await serveThroughChat(vectors, 'markdown', 'source', `${set} source`);
      expect(fired, 'executions').to.deep.equal([]);
      const sources = Array.from(el.shadowRoot!.querySelectorAll('[part~="source"]'));
      expect(sources).to.have.length(vectors.length);
      for (const [i, source] of sources.entries()) {
        // Title, description and asset type are text, never markup.
        expect(source.querySelector('[part~="source-description"]')!.textContent).to.equal(
          vectors[i]!.payload,
        );
        expect(source.querySelectorAll('[part~="source-description"] *')).to.have.length(0);
        const link = source.querySelector('[part~="source-link"]')!;
        expect(link.textContent).to.equal(vectors[i]!.payload);
        if (link.localName === 'a') {
          expect(isAllowedUrl(link.getAttribute('href')!), `${vectors[i]!.name}: href`).to.equal(true);
          expect(link.getAttribute('rel')).to.equal('noopener noreferrer');
        } else {
          expect(link.localName).to.equal('span');
        }
      }
      el.remove();
    });
  }
});
