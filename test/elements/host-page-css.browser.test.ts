import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import type { AskChat } from '../../src/elements/ask-chat/ask-chat.js';
import type { FeedbackButtons } from '../../src/elements/feedback-buttons/feedback-buttons.js';
import { SearchBox } from '../../src/elements/search-box/search-box.js';
import {
  answerRecord,
  defineElements,
  fakeClient,
  parts,
  serviceClient,
  waitFor,
} from './chat-test-support.js';

defineElements();
if (!customElements.get('search-box')) customElements.define('search-box', SearchBox);

/** The dark theme's text and muted colours (`#e6e6e9`, `#a5a9b0`), as computed. */
const DARK_TEXT = 'rgb(230, 230, 233)';
const DARK_MUTED = 'rgb(165, 169, 176)';

/**
 * A page's CSS that reaches the elements themselves: the "new CSS reset" (widely copied) unsets
 * every property of every element, the hosts' included, so what the elements set on `:host` is
 * gone and their text inherits the page's colour; a plain `* { color }` does the same.
 */
async function withPageReset(body: () => Promise<void>): Promise<void> {
  const reset = document.createElement('style');
  reset.textContent =
    '*:where(:not(html, iframe, canvas, img, svg, video, audio):not(svg *, symbol *)) { all: unset; display: revert; } body { color: rgb(0, 0, 0); }';
  document.head.append(reset);
  try {
    await body();
  } finally {
    reset.remove();
  }
}

describe("the elements on a page whose CSS resets every element's styles", () => {
  it("draw the text on their own dark backgrounds in the theme's colours, not the page's black", async () => {
    await withPageReset(async () => {
      const box = await fixture<SearchBox>(
        html`<search-box color-scheme="dark" debounce="0" .client=${serviceClient()}></search-box>`,
      );
      const root = box.shadowRoot!;
      root.querySelector('input')!.focus();
      await sendKeys({ type: 'theme' });
      await waitFor(() => root.querySelector('[part~="option-result"]'), 'results');
      expect(getComputedStyle(root.querySelector('input')!).color, 'typed text').to.equal(DARK_TEXT);
      const title = root.querySelector('[part~="option-result"] [part~="option-title"]')!;
      expect(getComputedStyle(title).color, 'a result title').to.equal(DARK_TEXT);

      const chat = await fixture<AskChat>(
        html`<ask-chat color-scheme="dark" .client=${fakeClient(async () => answerRecord())}></ask-chat>`,
      );
      const { one, input, lastAnswer } = parts(chat);
      await waitFor(() => one('header'), 'the chat behaviour');
      input().focus();
      await sendKeys({ type: 'How do I install it?' });
      await sendKeys({ press: 'Enter' });
      await waitFor(() => lastAnswer()?.querySelector('[part~="answer-body"] strong'), 'the answer');
      const body = lastAnswer()!.querySelector('[part~="answer-body"]')!;
      expect(getComputedStyle(body).color, 'the answer').to.equal(DARK_TEXT);

      const feedback = await fixture<FeedbackButtons>(
        html`<feedback-buttons color-scheme="dark" insight-id="i-1"></feedback-buttons>`,
      );
      const thumb = feedback.shadowRoot!.querySelector('button')!;
      expect(getComputedStyle(thumb).backgroundColor, 'a dark thumb').to.equal('rgb(27, 27, 31)');
      expect(getComputedStyle(thumb).color, 'its icon').to.equal(DARK_MUTED);
    });
  });
});

/** The CSS of "Before the script has loaded" in the install guide. */
async function reservingRules(): Promise<string> {
  const guide = await (await fetch('/demo/content/guides/install.md')).text();
  const section = guide.split('## Before the script has loaded')[1] ?? '';
  const rules = /```css\n([\s\S]*?)```/.exec(section)?.[1];
  expect(rules, 'the CSS of "Before the script has loaded" in the install guide').to.be.a('string');
  return rules!;
}

/**
 * Opens `markup` under `styles` (each a style sheet) in a page of its own, whose registry has none of the tags yet,
 * as before the script has run; `whenDefined` gets the page once it has, then defines the tags.
 */
async function inPageBeforeDefined<T>(
  styles: string[],
  markup: string,
  width: number,
  whenDefined: (page: Window, define: () => Promise<void>) => Promise<T>,
): Promise<T> {
  const frame = document.createElement('iframe');
  frame.style.cssText = `inline-size: ${width}px; block-size: 40rem; border: 0`;
  frame.srcdoc = `<!doctype html>${styles.map((sheet) => `<style>${sheet}</style>`).join('')}${markup}`;
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  try {
    await loaded;
    const page = frame.contentWindow!;
    const tags = ['search-box', 'ask-chat', 'feedback-buttons'];
    return await whenDefined(page, async () => {
      const script = page.document.createElement('script');
      script.type = 'module';
      script.src = '/src/define.ts';
      page.document.head.append(script);
      await waitFor(() => tags.every((tag) => page.customElements.get(tag)), 'the tags defined');
      await Promise.all(
        [...page.document.querySelectorAll(tags.join(','))].map(
          (element) => (element as unknown as { updateComplete: Promise<unknown> }).updateComplete,
        ),
      );
    });
  } finally {
    frame.remove();
  }
}

describe("the documented rules that reserve the elements' space before they are defined", () => {
  it('reserve none for an element hidden with the hidden attribute (a panel not yet opened), which takes none once defined', async () => {
    const rules = await reservingRules();
    const markup = `<search-box hidden></search-box><search-box variant="button" hidden></search-box>
      <ask-chat hidden></ask-chat><feedback-buttons insight-id="i-1" hidden></feedback-buttons><p>after</p>`;
    await inPageBeforeDefined([rules], markup, 390, async (page, define) => {
      const after = () => page.document.querySelector('p')!.getBoundingClientRect().top;
      const heights = () =>
        [...page.document.querySelectorAll('[hidden]')].map(
          (element) => element.getBoundingClientRect().height,
        );
      const before = { heights: heights(), after: after() };
      await define();
      expect({ heights: heights(), after: after() }, 'once defined').to.deep.equal({
        heights: [0, 0, 0, 0],
        after: before.after,
      });
      expect(before.heights, 'before').to.deep.equal([0, 0, 0, 0]);
    });
  });

  // A phone (where the chat's empty text takes two lines in Debian's fonts), a larger one, a
  // tablet and a laptop.
  for (const width of [360, 390, 768, 1280])
    for (const [page, pageRules] of [
      ['a page at the default root font size', ''],
      [
        'a page whose root is 62.5% that sets --ask-font-size: 16px, as the theming guide says',
        'html { font-size: 62.5% } search-box, ask-chat, feedback-buttons { --ask-font-size: 16px }',
      ],
    ])
      it(`give each element the height it takes once defined, so nothing below it moves, on ${page}, ${width} px wide`, async () => {
        const rules = await reservingRules();
        const markup = `<search-box></search-box><p>a</p>
      <search-box variant="button"></search-box><p>b</p>
      <ask-chat></ask-chat><p>c</p>
      <feedback-buttons insight-id="i-1"></feedback-buttons><p>d</p>`;
        await inPageBeforeDefined([pageRules, rules], markup, width, async (page, define) => {
          const tags = ['search-box:not([variant])', 'search-box[variant]', 'ask-chat', 'feedback-buttons'];
          // The height of each element, and where the paragraph after it starts.
          const boxes = () =>
            tags.map((tag) => {
              const element = page.document.querySelector(tag)!;
              return [
                element.getBoundingClientRect().height,
                element.nextElementSibling!.getBoundingClientRect().top,
              ];
            });
          const before = boxes();
          await define();
          const after = boxes();
          tags.forEach((tag, i) => {
            const [height, next] = after[i]!;
            const [heightBefore, nextBefore] = before[i]!;
            expect(height, `${tag} is drawn`).to.be.greaterThan(20);
            expect(
              Math.abs(height - heightBefore),
              `${tag}: ${heightBefore}px tall before, ${height}px after`,
            ).to.be.below(0.5);
            expect(
              Math.abs(next - nextBefore),
              `the text after ${tag}: at ${nextBefore}px before, ${next}px after`,
            ).to.be.below(0.5);
          });
        });
      });
});

/** Every length a visitor sees in the elements' shadow roots, by element, as computed now. */
function drawnSizes(hosts: Element[]): Map<string, string> {
  const properties = [
    'font-size',
    'padding-block-start',
    'padding-inline-start',
    'padding-inline-end',
    'margin-block-start',
    'margin-inline-start',
    'row-gap',
    'column-gap',
    'border-start-start-radius',
    'min-block-size',
    'min-inline-size',
    'max-block-size',
    'inset-block-start',
    'flex-basis',
    'background-size',
  ];
  const sizes = new Map<string, string>();
  const walk = (root: ParentNode, path: string) => {
    [...root.querySelectorAll('*')].forEach((element, index) => {
      if (element.localName === 'style') return;
      const key = `${path} ${index}:${element.localName}${element.getAttribute('part') ? `[part="${element.getAttribute('part')}"]` : ''}`;
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      sizes.set(
        key,
        [
          ...properties.map((name) => `${name} ${style.getPropertyValue(name)}`),
          `box ${box.width}x${box.height}`,
        ].join(', '),
      );
      if (element.shadowRoot) walk(element.shadowRoot, `${key} >`);
    });
  };
  for (const host of hosts) walk(host.shadowRoot!, host.localName);
  return sizes;
}

describe('the elements on a page whose root font size is 62.5% (1rem = 10px) and that sets --ask-font-size: 16px, as the theming guide says', () => {
  it('draw every size as at the default root: spacing, icons, buttons and the height of the transcript', async () => {
    const chat = await fixture<AskChat>(
      html`<ask-chat feedback-reason .client=${fakeClient(async () => answerRecord())}></ask-chat>`,
    );
    const { one, input, lastAnswer } = parts(chat);
    await waitFor(() => one('header'), 'the chat behaviour');
    input().focus();
    await sendKeys({ type: 'How do I install it?' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => lastAnswer()?.querySelector('feedback-buttons'), 'the answer');
    const thumbs = lastAnswer()!.querySelector<FeedbackButtons>('feedback-buttons')!;
    await thumbs.updateComplete;
    thumbs.shadowRoot!.querySelector<HTMLElement>('[part~="down-button"]')!.click();
    await waitFor(() => thumbs.shadowRoot!.querySelector('[part~="reason-form"]'), 'the reason form');
    const feedback = await fixture<FeedbackButtons>(
      html`<feedback-buttons insight-id="i-1"></feedback-buttons>`,
    );
    const box = await fixture<SearchBox>(
      html`<search-box debounce="0" .client=${serviceClient()}></search-box>`,
    );
    box.shadowRoot!.querySelector('input')!.focus();
    await sendKeys({ type: 'theme' });
    await waitFor(() => box.shadowRoot!.querySelector('[part~="option-result"]'), 'results');

    const hosts = [chat, feedback, box];
    const atDefaultRoot = drawnSizes(hosts);
    const page = document.createElement('style');
    page.textContent =
      'html { font-size: 62.5% } search-box, ask-chat, feedback-buttons { --ask-font-size: 16px }';
    document.head.append(page);
    try {
      const atSmallRoot = drawnSizes(hosts);
      const changed = [...atDefaultRoot.keys()].filter(
        (key) => atSmallRoot.get(key) !== atDefaultRoot.get(key),
      );
      expect(
        changed,
        changed
          .slice(0, 4)
          .map((key) => `${key}\n  at 16px: ${atDefaultRoot.get(key)}\n  at 10px: ${atSmallRoot.get(key)}`)
          .join('\n'),
      ).to.deep.equal([]);
      // What the audit measured: the thumbs stay a 24 px target at least (WCAG 2.5.8), the icons 20 px.
      const thumb = feedback.shadowRoot!.querySelector('button')!.getBoundingClientRect();
      expect(thumb.height).to.be.at.least(32);
      expect(one('send-button')!.querySelector('svg')!.getBoundingClientRect().width).to.equal(20);
    } finally {
      page.remove();
    }
  });
});

describe('the search box on a page zoomed with `body { zoom: 1.25 }`', () => {
  /** Whether `element` is drawn whole inside the viewport, and where it is if not. */
  const inViewport = (element: Element) => {
    const box = element.getBoundingClientRect();
    const fits =
      box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight + 0.5 && box.right <= innerWidth + 0.5;
    return [
      fits,
      `${element.localName} at ${box.left},${box.top} to ${box.right},${box.bottom} in ${innerWidth}x${innerHeight}`,
    ] as const;
  };

  for (const [screen, viewport] of [
    ['a desktop', { width: 800, height: 600 }],
    ['a phone', { width: 375, height: 667 }],
  ] as const)
    it(`keeps the dialog and its close button on ${screen}'s screen, and the inline list above its bottom`, async () => {
      await setViewport(viewport);
      document.body.style.zoom = '1.25';
      try {
        const box = await fixture<SearchBox>(
          html`<search-box
            variant="button"
            num-docs="20"
            debounce="0"
            .client=${serviceClient()}
          ></search-box>`,
        );
        const root = box.shadowRoot!;
        box.show();
        const dialog = root.querySelector('dialog')!;
        await waitFor(() => dialog.open, 'the dialog open');
        root.querySelector('input')!.focus();
        await sendKeys({ type: 'the' });
        await waitFor(() => root.querySelectorAll('[part~="option-result"]').length > 5, 'results');
        const [dialogFits, dialogAt] = inViewport(dialog);
        expect(dialogFits, dialogAt).to.equal(true);
        const [closeFits, closeAt] = inViewport(root.querySelector('[part="close"]')!);
        expect(closeFits, closeAt).to.equal(true);
        // Closed, and the focus back on its button, before the next box takes it.
        const closed = oneEvent(dialog, 'close');
        box.hide();
        await closed;

        // Inline, a third of the way down: the list ends above the bottom of the screen.
        const inline = await fixture<SearchBox>(
          html`<search-box num-docs="20" debounce="0" .client=${serviceClient()}></search-box>`,
        );
        inline.style.marginBlockStart = `${viewport.height / 3 / 1.25}px`;
        inline.shadowRoot!.querySelector('input')!.focus();
        await sendKeys({ type: 'the' });
        const popup = () => inline.shadowRoot!.querySelector('[part="popup"]');
        await waitFor(
          () => inline.shadowRoot!.querySelectorAll('[part~="option-result"]').length > 5,
          'results inline',
        );
        await inline.updateComplete;
        const [popupFits, popupAt] = inViewport(popup()!);
        expect(popupFits, popupAt).to.equal(true);
      } finally {
        document.body.style.zoom = '';
        await setViewport({ width: 800, height: 600 });
      }
    });
});

describe('the search box in a row narrower than its text field would be', () => {
  /** Where `inner` spills out of `outer`, or '' when it is drawn within it. */
  const spill = (inner: Element, outer: Element) => {
    const a = inner.getBoundingClientRect();
    const b = outer.getBoundingClientRect();
    return a.left >= b.left - 0.5 && a.right <= b.right + 0.5
      ? ''
      : `${inner.localName} ${a.left}–${a.right} in ${b.left}–${b.right}`;
  };

  // A site's header beside a logo (flex or grid), a table cell, and a root font of 32px (a visitor's
  // large text): the input's own width of 20 characters made the box overflow them all, and the page
  // scroll sideways with the shortcut hint cut off at its edge.
  for (const [where, template] of [
    [
      'a flex row',
      html`<div style="display: flex; gap: 8px; inline-size: 200px">
        <b>Logo</b><search-box shortcut="mod+k" placeholder="Search the docs"></search-box>
      </div>`,
    ],
    [
      'a grid column of 1fr',
      html`<div style="display: grid; grid-template-columns: auto 1fr; inline-size: 200px">
        <b>Logo</b><search-box shortcut="mod+k"></search-box>
      </div>`,
    ],
    [
      'a table cell',
      html`<div style="inline-size: 150px">
        <table>
          <tr>
            <td><search-box shortcut="mod+k"></search-box></td>
          </tr>
        </table>
      </div>`,
    ],
    [
      'a flex row at a root font size of 32px',
      html`<div style="display: flex; gap: 8px; inline-size: 600px; font-size: 32px; --ask-font-size: 32px">
        <b>Logo</b><search-box shortcut="mod+k" placeholder="Search the docs"></search-box>
      </div>`,
    ],
  ] as const)
    it(`fits in ${where}, its hint included, and keeps room to type`, async () => {
      const row = await fixture<HTMLElement>(template);
      const box = row.querySelector('search-box')!;
      await box.updateComplete;
      const hint = box.shadowRoot!.querySelector('[part="shortcut"]')!;
      expect(spill(box, row), 'the box in its container').to.equal('');
      expect(spill(hint, box), 'the shortcut hint in the box').to.equal('');
      expect(box.shadowRoot!.querySelector('input')!.getBoundingClientRect().width).to.be.above(40);
    });

  it('still takes the width of its field where a row gives it room, not that of its icon and hint alone', async () => {
    const row = await fixture<HTMLElement>(
      html`<div style="display: flex; inline-size: 900px"><search-box shortcut="mod+k"></search-box></div>`,
    );
    const box = row.querySelector('search-box')!;
    await box.updateComplete;
    expect(box.getBoundingClientRect().width).to.be.above(200);
  });
});

describe('the elements inside a centred block, as the root of a new Vite app (`#root { text-align: center }`)', () => {
  it('lay out results and answers from the start of each line, not centred', async () => {
    const centred = await fixture<HTMLDivElement>(html`
      <div style="text-align: center">
        <search-box debounce="0" .client=${serviceClient()}></search-box>
        <ask-chat .client=${fakeClient(async () => answerRecord())}></ask-chat>
      </div>
    `);
    const box = centred.querySelector<SearchBox>('search-box')!;
    box.shadowRoot!.querySelector('input')!.focus();
    await sendKeys({ type: 'theme' });
    await waitFor(() => box.shadowRoot!.querySelector('[part~="option-result"]'), 'results');
    const result = box.shadowRoot!.querySelector('[part~="option-result"]')!;
    for (const part of ['option-title', 'option-description'])
      expect(getComputedStyle(result.querySelector(`[part~="${part}"]`)!).textAlign, part).to.equal('start');

    const chat = centred.querySelector<AskChat>('ask-chat')!;
    const { one, input, lastAnswer } = parts(chat);
    await waitFor(() => one('header'), 'the chat behaviour');
    input().focus();
    await sendKeys({ type: 'How do I install it?' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => lastAnswer()?.querySelector('[part~="answer-body"] p'), 'the answer');
    expect(
      getComputedStyle(lastAnswer()!.querySelector('[part~="answer-body"] p')!).textAlign,
      'the answer',
    ).to.equal('start');
    expect(getComputedStyle(one('source-description')!).textAlign, 'its source').to.equal('start');
    // The page's own alignment still places the elements themselves.
    expect(getComputedStyle(centred).textAlign).to.equal('center');
  });
});
