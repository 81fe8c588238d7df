import { expect } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { drawnRow } from '../support/drawn-pixels.js';

// Built by `npm run build`, which `npm test` runs before the suites.
const DOCUMENT_PAGE = '/dist/demo/guides/theming.html';
const HOME_PAGE = '/dist/demo/';

/**
 * The built page in a frame of a phone's or a desktop's size, whose media queries see that width.
 * Its root-relative links (and the home page's `./` ones) name the demo's root, here under
 * /dist/demo/; the page comes from a blob URL of this origin, so that `#chat` stays on it.
 * `withoutPolicy` leaves out its Content-Security-Policy, which refuses the inline script axe is
 * run as (demo-csp.test.ts checks the page under it).
 */
async function pageIn(
  width: number,
  height: number,
  path = DOCUMENT_PAGE,
  { withoutPolicy = false } = {},
): Promise<HTMLIFrameElement> {
  const built = await (await fetch(path)).text();
  const source = withoutPolicy
    ? built.replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>/, '')
    : built;
  const html = source.replace(/(href|src)="\.?\/(?!\/)/g, `$1="${location.origin}/dist/demo/`);
  const frame = document.createElement('iframe');
  frame.style.cssText = `inline-size: ${width}px; block-size: ${height}px; border: 0`;
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.src = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
  document.body.append(frame);
  await loaded;
  URL.revokeObjectURL(frame.src);
  return frame;
}

/** Where a node is in the frame's viewport. */
const box = (node: Element) => node.getBoundingClientRect();

/**
 * Resolves at the next `type` event on `target`: a step that ends in an event is waited for, not
 * given a fixed time, which a loaded machine can outrun.
 */
const next = (target: EventTarget, type: string) =>
  new Promise((resolve) => target.addEventListener(type, resolve, { once: true }));

/** Resolves once the frame has rendered twice: what a focus or a scroll moved is laid out. */
const rendered = async (view: Window) => {
  for (let i = 0; i < 2; i++) await new Promise((resolve) => view.requestAnimationFrame(resolve));
};

/** axe's violations on the page in the frame, by rule and count. */
async function axeViolations(frame: HTMLIFrameElement): Promise<string[]> {
  const page = frame.contentDocument!;
  const script = page.createElement('script');
  script.textContent = await (await fetch('/node_modules/axe-core/axe.min.js')).text();
  page.head.append(script);
  const axe = (frame.contentWindow as Window & { axe: { run: (context: Document) => Promise<AxeResults> } })
    .axe;
  const { violations } = await axe.run(page);
  return violations.map((violation) => `${violation.id} (${violation.nodes.length})`);
}
interface AxeResults {
  violations: { id: string; nodes: unknown[] }[];
}

describe('the demo page under axe', () => {
  let frame: HTMLIFrameElement | undefined;
  afterEach(() => frame?.remove());

  for (const [name, path] of [
    ['the home page', HOME_PAGE],
    ['a document page with code and tables', DOCUMENT_PAGE],
  ] as const)
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const)
      it(`${name} at ${width}×${height} has no violation (code blocks and tables that scroll are reachable)`, async () => {
        frame = await pageIn(width, height, path, { withoutPolicy: true });
        await frame.contentWindow!.customElements.whenDefined('ask-chat');
        expect(await axeViolations(frame)).to.deep.equal([]);
      });
});

describe('a document page of the demo', () => {
  let frame: HTMLIFrameElement | undefined;
  afterEach(() => frame?.remove());

  it("on a phone with a visitor's 32px text, scrolls no page sideways and breaks no header link", async () => {
    frame = await pageIn(375, 700, HOME_PAGE);
    const page = frame.contentDocument!;
    page.documentElement.style.fontSize = '32px';
    expect(page.querySelectorAll('.documents-index h3').length > 0, 'the documents listed').to.equal(true);
    expect(page.documentElement.scrollWidth, 'the page as wide as the screen').to.be.at.most(375);
    for (const link of page.querySelectorAll('.site-header nav a'))
      expect(link.getClientRects().length, `"${link.textContent}" on one line`).to.equal(1);
  });

  it('lists the documents in level columns on a wide screen, each folder right under the one before it', async () => {
    // In a grid, "Start here" (one page) beside "Guides" (ten) left a hole of nine lines under it.
    frame = await pageIn(1280, 900, HOME_PAGE);
    // Each folder's heading's top and its list's bottom: a grid stretched the folder's own box.
    const columns = new Map<number, { top: number; bottom: number }[]>();
    for (const section of frame.contentDocument!.querySelectorAll('.documents-index section')) {
      const { left, top } = box(section.querySelector('h3')!);
      const { bottom } = box(section.querySelector('ul')!);
      columns.set(Math.round(left), [...(columns.get(Math.round(left)) ?? []), { top, bottom }]);
    }
    expect(columns.size, 'columns').to.be.at.least(2);
    const tops = [...columns.values()].map((column) => column[0]!.top);
    for (const top of tops) expect(top, 'the columns begin level').to.be.closeTo(tops[0]!, 1);
    // From one folder's list to the next one's heading: the space above a heading, no more.
    for (const column of columns.values())
      for (let i = 1; i < column.length; i++)
        expect(
          column[i]!.top - column[i - 1]!.bottom,
          'a folder right under the one before it',
        ).to.be.at.most(20);
  });

  it('scrolls no document page sideways on a 320 px screen (1280 px at 400%), a long unbroken code name wrapped', async function () {
    this.timeout(120000);
    // The CLI page's `/:categories/:year/:month/:day/:title:output_ext` ran 170 px past the
    // screen, and the whole page scrolled sideways to read it.
    const home = new DOMParser().parseFromString(await (await fetch(HOME_PAGE)).text(), 'text/html');
    const paths = [...home.querySelectorAll<HTMLAnchorElement>('.documents-index a')].map(
      (link) => `/dist/demo${link.getAttribute('href')!.replace(/^\.?\//, '/')}.html`,
    );
    expect(paths.length, 'the documents listed').to.be.greaterThan(30);
    const wide: string[] = [];
    for (const path of paths) {
      frame = await pageIn(320, 640, path);
      const page = frame.contentDocument!;
      expect(page.querySelector('.document h1'), `${path} is a document`).to.not.equal(null);
      if (page.documentElement.scrollWidth > 320)
        wide.push(`${path}: ${page.documentElement.scrollWidth} px`);
      frame.remove();
    }
    expect(wide, 'pages wider than the screen').to.deep.equal([]);
  });

  it('on a phone, keeps a short code name such as a flag on one line', async () => {
    // The quick start's `--content` broke after its first hyphen: "-" ended a line, "-content"
    // began the next, which read as another flag.
    const broken: string[] = [];
    for (const width of [320, 375, 390, 414]) {
      frame = await pageIn(width, 700, '/dist/demo/guides/quick-start.html');
      for (const code of frame.contentDocument!.querySelectorAll('.document p code'))
        if (code.textContent!.length <= 14 && code.getClientRects().length > 1)
          broken.push(`${code.textContent} at ${width}px`);
      frame.remove();
    }
    expect(broken).to.deep.equal([]);
  });

  it('on a phone, shades the edge of a table past which it scrolls, and only that edge', async () => {
    // The attributes table of the chat runs past a phone's screen: its columns were cut at the
    // edge, nothing there to say that more was to be scrolled to (code blocks alike).
    frame = await pageIn(375, 667, '/dist/demo/elements/ask-chat-attributes.html');
    const page = frame.contentDocument!;
    const table = page.querySelector<HTMLTableElement>('.document table')!;
    expect(table.scrollWidth, 'a table wider than the screen').to.be.greaterThan(table.clientWidth);
    // A row near its top, far from the middle of a table 3,000 px long.
    table.rows[2]!.scrollIntoView({ block: 'center' });
    await rendered(frame.contentWindow!);
    // Just under a row's top border: the cells' padding, with no text in it.
    const y = frame.getBoundingClientRect().top + box(table.rows[2]!).top + 3;
    const darkness = ([red, green, blue]: number[]) => 765 - red! - green! - blue!;
    const edges = async () => {
      const left = frame!.getBoundingClientRect().left;
      const row = await drawnRow(y, left + box(table).left, left + box(table).right);
      return { start: darkness(row[2]!), end: darkness(row.at(-3)!) };
    };
    const atStart = await edges();
    expect(atStart.end - atStart.start, 'a shadow at the end, where more is to be scrolled to').to.be.above(
      30,
    );
    table.scrollLeft = table.scrollWidth;
    await rendered(frame.contentWindow!);
    const atEnd = await edges();
    expect(
      atEnd.start - atEnd.end,
      'scrolled to its end: a shadow at the start, none at the end',
    ).to.be.above(30);
  });

  it('on a phone, shows a link to the chat, which comes after the document, and the link goes there', async () => {
    frame = await pageIn(390, 844);
    const page = frame.contentDocument!;
    const chat = page.querySelector('ask-chat')!;
    const link = page.querySelector<HTMLAnchorElement>('.document a[href="#chat"]');
    expect(link, 'a link to the chat').to.not.equal(null);
    expect(link!.checkVisibility(), 'shown').to.equal(true);
    expect(box(link!).bottom, 'in the first screen').to.be.below(844);
    expect(box(chat).top, 'the chat is further down than a screen').to.be.above(844);
    const followed = next(frame.contentWindow!, 'hashchange');
    link!.click();
    await followed;
    expect(box(chat).top >= 0 && box(chat).top < 844, 'the chat is in view after the link').to.equal(true);
    expect(frame.contentDocument, 'the same page').to.equal(page);
  });

  it('stays where the reader is when the search box in its header gets the focus, and reads its code at 14px or more', async () => {
    frame = await pageIn(1280, 800);
    const page = frame.contentDocument!;
    const view = frame.contentWindow!;
    await view.customElements.whenDefined('search-box');
    await (page.querySelector('search-box') as HTMLElement & { updateComplete: Promise<unknown> })
      .updateComplete;
    view.scrollTo(0, 1500);
    const scrolled = view.scrollY;
    expect(scrolled > 1000, 'scrolled down').to.equal(true);
    page.querySelector('search-box')!.shadowRoot!.querySelector('input')!.focus();
    await rendered(view);
    expect(view.scrollY, 'the page did not jump').to.equal(scrolled);
    const inline = page.querySelector('.document :not(pre) > code')!;
    expect(parseFloat(view.getComputedStyle(inline).fontSize) >= 14, 'inline code is readable').to.equal(
      true,
    );
  });

  it('brings a link that gets the focus from further down out from under the sticky header', async () => {
    try {
      for (const [width, height] of [
        [1280, 800],
        [390, 844],
      ] as const) {
        frame?.remove();
        // The frame fills the window, which shows all of it.
        await setViewport({ width, height });
        frame = await pageIn(width, height, HOME_PAGE);
        frame.style.cssText += '; position: fixed; inset: 0';
        const page = frame.contentDocument!;
        const view = frame.contentWindow!;
        const header = page.querySelector('.site-header')!;
        expect(view.getComputedStyle(header).position, `sticky at ${width}px`).to.equal('sticky');
        // On a phone the name and the links share a row above the search field: the header that
        // stays on screen keeps at most an eighth of it.
        if (width === 390) expect(box(header).height, 'the header on a phone').to.be.at.most(844 / 8);
        // Shift+Tab back up the page reaches a link at the top of the screen, under the header.
        const links = page.querySelectorAll<HTMLAnchorElement>('.documents-index a[href]');
        const link = links[4]!;
        links[5]!.focus();
        // Its last line just under the header's bottom edge (a long title takes several lines).
        view.scrollTo(0, view.scrollY + box(link).bottom - box(header).bottom + 2);
        expect(box(link).bottom <= box(header).bottom, `the link is under the header at ${width}px`).to.equal(
          true,
        );
        await sendKeys({ down: 'Shift' });
        await sendKeys({ press: 'Tab' });
        await sendKeys({ up: 'Shift' });
        expect(page.activeElement, 'Shift+Tab reached the link').to.equal(link);
        await rendered(view);
        expect(
          box(link).top >= box(header).bottom,
          `at ${width}px the focused link (top ${box(link).top}) is below the header (bottom ${box(header).bottom})`,
        ).to.equal(true);
      }
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it("brings the chat's own controls out from under the sticky header on a phone, as the page's links", async () => {
    try {
      await setViewport({ width: 390, height: 844 });
      frame = await pageIn(390, 844, HOME_PAGE);
      frame.style.cssText += '; position: fixed; inset: 0';
      const page = frame.contentDocument!;
      const view = frame.contentWindow!;
      const header = page.querySelector('.site-header')!;
      const chat = page.querySelector('ask-chat') as HTMLElement & { updateComplete: Promise<unknown> };
      await view.customElements.whenDefined('ask-chat');
      await chat.updateComplete;
      const root = chat.shadowRoot!;
      // The question waits in the composer for the chat's behaviour, if it has not come yet, then
      // goes to the service: the answer's event ends the wait however long that takes.
      const answered = next(chat, 'ask-answer');
      root.querySelector('textarea')!.focus();
      await sendKeys({ type: 'How do I translate the search box?' });
      await sendKeys({ press: 'Enter' });
      await answered;
      await chat.updateComplete;
      expect(root.querySelector('[part~="copy-button"]'), 'an answer').to.not.equal(null);
      const newConversation = root.querySelector<HTMLElement>('[part~="new-conversation-button"]')!;
      // The top of the chat under the header, as after a hand-off from the search box; Tab goes
      // from "New conversation" into the transcript, and Shift+Tab back to it. Room below the
      // chat, the page's last part, lets it scroll up that far.
      page.body.append(Object.assign(page.createElement('div'), { style: 'block-size: 100vh' }));
      newConversation.focus({ preventScroll: true });
      view.scrollTo(0, view.scrollY + box(newConversation).top - 10);
      expect(box(newConversation).bottom <= box(header).bottom, 'the button is under the header').to.equal(
        true,
      );
      await sendKeys({ press: 'Tab' });
      expect(root.activeElement, 'Tab left the button').to.not.equal(newConversation);
      view.scrollTo(0, view.scrollY + box(newConversation).top - 10);
      await sendKeys({ down: 'Shift' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ up: 'Shift' });
      expect(root.activeElement, 'Shift+Tab reached "New conversation"').to.equal(newConversation);
      await rendered(view);
      expect(
        box(newConversation).top >= box(header).bottom,
        `the focused button (top ${box(newConversation).top}) is below the header (bottom ${box(header).bottom})`,
      ).to.equal(true);
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('on a screen both short and narrow (a laptop zoomed to 200%, a small phone sideways), lets the header scroll away and keeps no room for it', async () => {
    try {
      // 1280×800 at 200%: 640×400 CSS pixels, under both the short-screen and the narrow-screen widths.
      await setViewport({ width: 640, height: 400 });
      frame = await pageIn(640, 400, HOME_PAGE);
      frame.style.cssText += '; position: fixed; inset: 0';
      const page = frame.contentDocument!;
      const view = frame.contentWindow!;
      const header = page.querySelector('.site-header')!;
      expect(view.getComputedStyle(header).position, 'the header scrolls away').to.equal('static');
      const link = page.querySelector('.documents-index a[href]')!;
      const heading = page.querySelector('main h2[id]')!;
      for (const target of [link, heading])
        expect(view.getComputedStyle(target).scrollMarginBlockStart, target.localName).to.equal('0px');
      // A heading's anchor lands at the top of the screen, not 168px down under no header.
      view.scrollTo(0, 0);
      heading.scrollIntoView({ block: 'start' });
      expect(box(heading).top < 1, `the heading at the top (top ${box(heading).top})`).to.equal(true);
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('on a desktop, shows the chat beside the document at once, and no link', async () => {
    frame = await pageIn(1280, 800);
    const page = frame.contentDocument!;
    const chat = page.querySelector('ask-chat')!;
    expect(page.querySelector('.document a[href="#chat"]')!.checkVisibility()).to.equal(false);
    expect(box(chat).top, 'in the first screen').to.be.below(800);
    expect(box(chat).left, 'beside the document').to.be.above(box(page.querySelector('.document')!).right);
  });
});
