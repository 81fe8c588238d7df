/**
 * `npx tsx bench/main-thread.ts [--runs N] [--base DIR] [--throttle R] [--profile DIR] [--phone] [--turns N]`: what the
 * elements cost the host page's main thread, on the built demo page (`npm run build` first) served
 * by the reference service in this process, in Debian's headless Chromium. Prints numbers,
 * asserts nothing.
 *
 * (a) Typing: a fixed script typed fast (40 ms a key, 300 ms between words, when the results of
 *     the words so far come; words erased and others typed) into the header's `<search-box>`, its
 *     behaviour loaded. From the Event Timing API, each interaction's duration (its longest
 *     event, from the key to the next paint): the worst (what INP reports for a page with fewer
 *     than 50 interactions) and the 75th percentile; and the long tasks (over 50 ms) from the
 *     first key until the results settled: how many, their total, and their blocking time (the
 *     part of each over 50 ms).
 * (b) The first answer: `<ask-chat>` answering, from its composer, with the 20 KB of markdown of
 *     bench/ask-chat.ts (the service's real answer record, its text replaced). From the answer's
 *     response to the frame that shows it painted, and the long tasks between (marked and
 *     DOMPurify arrive while the service answers; their loading is not timed).
 *
 * (c) A long conversation: `<ask-chat>` with TURNS answers (default 30; the service's records, each
 *     answer 3 KB of that markdown, asked at full speed), then 10 keys typed in its composer at
 *     80 ms a key, and one more question. From each key to the frame after it (rAF, then a task:
 *     the Event Timing API reports no entry for these keys), and from the last question's response
 *     to its answer painted; at full speed, the main thread's CPU time of the typing and of the
 *     question (Enter to the answer painted). Whether the first answer is still the same DOM node
 *     (an answer rendered once, not again at each new one).
 *
 * `--phone` opens each page as a low-end Android phone shows it: 360x740 CSS pixels at 2 device
 * pixels each, touch, a mobile viewport (the demo's one-column layout, the chat under the text).
 *
 * Each scenario runs twice in a fresh page: with the CPU slowed R times (default 4, CDP
 * `Emulation.setCPUThrottlingRate`), for the times a visitor waits; and at full speed under a
 * trace, for the main thread's CPU time (the thread's clock, which the machine's other work does
 * not lengthen as it does the wall clock's, and slowing the CPU would), its script (handlers,
 * microtasks, where Lit updates, timers), its style and layout, and of those the ones script
 * forced (geometry read after a write, before the frame). Figures are medians over the runs. `--base DIR` serves DIR/dist/demo too (another checkout, built) and
 * alternates with it run by run, so that both meet the same load; compare figures from one run.
 * `--profile DIR` writes the traces of the first slowed run, with the script stacks of forced
 * layouts (DevTools' Performance panel opens them).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { quietLogger } from '../src/server/logger.js';
import { startService } from '../src/server/main.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/support/chromium.js';
import { markdownAnswer } from './markdown-answer.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '..', '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    base: { type: 'string' },
    throttle: { type: 'string', default: '4' },
    profile: { type: 'string' },
    phone: { type: 'boolean', default: false },
    turns: { type: 'string', default: '30' },
  },
});
const TURNS = Number(values.turns);
const RUNS = Number(values.runs);
const THROTTLE = Number(values.throttle);
const KEY_DELAY_MS = 40;
/** A typist's pause between words, long enough for the results to come (the demo's debounce is 100 ms). */
const PAUSE_MS = 300;
/** Words typed, erased and typed: between them the results come, and the next keys type on over them. */
const TYPING: string[][] = [
  [...'keyboard'],
  [...' shortcut'],
  Array<string>(9).fill('Backspace'),
  [...' dialog'],
  [...' theming'],
  Array<string>(15).fill('Backspace'),
  [...'rate'],
  [...' limit'],
];
const KEYS = TYPING.flat().length;

interface TypingFigures {
  interactions: number;
  worst: number;
  p75: number;
  longTasks: number;
  longTotal: number;
  blocking: number;
  /** Main-thread CPU time: all, script, style and layout, and the style and layout script forced. */
  cpu: number;
  script: number;
  layout: number;
  forced: number;
}

interface AnswerFigures {
  painted: number;
  longTasks: number;
  longTotal: number;
  longest: number;
  cpu: number;
  script: number;
  layout: number;
  forced: number;
}

const median = (list: number[]): number => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Observers installed before the page's scripts run: event timings and long tasks, kept in `window.perf`. */
const OBSERVE = `
  window.perf = { events: [], longTasks: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      window.perf.events.push({ name: e.name, id: e.interactionId, start: e.startTime, duration: e.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.perf.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
`;

interface Perf {
  events: { name: string; id: number; start: number; duration: number }[];
  longTasks: { start: number; duration: number }[];
}

const readPerf = (page: Page) => page.evaluate(() => (window as unknown as { perf: Perf }).perf);

/** Main-thread CPU time, from the trace's thread clock. */
interface Cpu {
  /** Every task of the page's main thread. */
  total: number;
  /** Script: event handlers, microtasks (Lit's updates), timers, frame callbacks; forced layout not counted. */
  script: number;
  /** Style and layout, in the frames and forced. */
  layout: number;
  /** Style and layout that script asked for before the frame (a read of geometry after a write). */
  forced: number;
}

const JS_EVENTS = new Set([
  'FunctionCall',
  'EventDispatch',
  'RunMicrotasks',
  'TimerFire',
  'FireAnimationFrame',
  'v8.run',
]);

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: unknown };
}

/**
 * The CPU time of the busiest renderer main thread of a trace (the page's), in the tasks that
 * start between `from` and `to` (the page's performance.now(), placed on the trace's clock by the
 * `bench-zero` mark).
 */
function cpuOf(trace: Buffer, from = -Infinity, to = Infinity): Cpu {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const mains = new Set(
    events
      .filter(
        (event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
      )
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const busy = new Map<string, number>();
  for (const event of events)
    if (event.ph === 'X' && mains.has(`${event.pid}:${event.tid}`))
      busy.set(`${event.pid}:${event.tid}`, (busy.get(`${event.pid}:${event.tid}`) ?? 0) + (event.dur ?? 0));
  const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  const zero = events.find((event) => event.name === 'bench-zero');
  const offset = zero
    ? zero.ts / 1000 - (zero.args as { data?: { startTime?: number } }).data!.startTime!
    : 0;
  const own = events
    .filter((event) => event.ph === 'X' && `${event.pid}:${event.tid}` === main)
    .filter((event) => event.ts / 1000 - offset >= from && event.ts / 1000 - offset <= to)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const cpu: Cpu = { total: 0, script: 0, layout: 0, forced: 0 };
  const open: TraceEvent[] = [];
  for (const event of own) {
    while (open.length && open.at(-1)!.ts + (open.at(-1)!.dur ?? 0) <= event.ts) open.pop();
    const time = (event.tdur ?? event.dur ?? 0) / 1000;
    if (open.length === 0) cpu.total += time;
    if (JS_EVENTS.has(event.name) && !open.some((outer) => JS_EVENTS.has(outer.name))) cpu.script += time;
    else if (
      (event.name === 'Layout' || event.name === 'UpdateLayoutTree') &&
      !open.some((outer) => outer.name === 'Layout' || outer.name === 'UpdateLayoutTree')
    ) {
      cpu.layout += time;
      if (open.some((outer) => JS_EVENTS.has(outer.name))) {
        cpu.forced += time;
        cpu.script -= time;
      }
    }
    open.push(event);
  }
  return cpu;
}

/** How a scenario runs: the CPU's slowdown, and whether under a trace (written to `file` if set). */
interface Pass {
  rate: number;
  trace: boolean;
  file?: string | undefined;
}

/**
 * Runs `body`, under a trace if the pass asks for one (the trace is returned). With a file, the
 * trace is also written there, with the script stacks of forced layouts.
 */
async function traced(page: Page, pass: Pass, body: () => Promise<void>): Promise<Buffer | undefined> {
  const file = pass.file;
  if (!pass.trace && !file) return void (await body());
  await browser.startTracing(page, {
    ...(file ? { path: file } : {}),
    screenshots: false,
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'blink.user_timing',
      'v8.execute',
      ...(file ? ['disabled-by-default-devtools.timeline.stack'] : []),
    ],
  });
  await page.evaluate(() => performance.mark('bench-zero'));
  await body();
  return browser.stopTracing();
}

async function throttle(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** Every question asked on the page gets the service's record with `markdown` as its answer. */
async function answerEveryQuestionWith(page: Page, markdown: string): Promise<void> {
  await page.route('**/bot/askai', async (route) => {
    const response = await route.fetch();
    const record = (await response.json()) as { answer: string; didAnswer: boolean };
    record.answer = markdown;
    record.didAnswer = true;
    await route.fulfill({ response, json: record });
  });
}

/** The demo page with its elements' lazy parts loaded (the browser idle), as a visitor meets it. */
async function openDemo(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/index.html`, { waitUntil: 'networkidle' });
  await page.evaluate(async () => {
    await customElements.whenDefined('search-box');
    await customElements.whenDefined('ask-chat');
    await new Promise((done) => requestIdleCallback(done, { timeout: 5000 }));
  });
  await page.waitForLoadState('networkidle');
}

async function typing(page: Page, url: string, pass: Pass): Promise<TypingFigures> {
  await openDemo(page, url);
  const input = page.locator('search-box.header-search input');
  await input.focus();
  await page.waitForTimeout(300);
  await throttle(page, pass.rate);
  const from = await page.evaluate(() => performance.now());
  const trace = await traced(page, pass, async () => {
    for (const word of TYPING) {
      for (const key of word) {
        await page.keyboard.press(key === ' ' ? 'Space' : key);
        await page.waitForTimeout(KEY_DELAY_MS);
      }
      await page.waitForTimeout(PAUSE_MS);
    }
    // The last results in, rendered and announced.
    await page.waitForTimeout(1500);
  });
  await throttle(page, 1);
  const perf = await readPerf(page);
  const byInteraction = new Map<number, number>();
  for (const event of perf.events)
    if (event.id > 0 && event.start >= from)
      byInteraction.set(event.id, Math.max(byInteraction.get(event.id) ?? 0, event.duration));
  const durations = [...byInteraction.values()].sort((a, b) => a - b);
  const long = perf.longTasks.filter((task) => task.start >= from);
  const cpu = trace ? cpuOf(trace) : { total: NaN, script: NaN, layout: NaN, forced: NaN };
  const shown = await page.locator('search-box.header-search [role="option"]').count();
  if (shown === 0) throw new Error('the typing script ended with no results shown');
  return {
    interactions: durations.length,
    worst: durations.at(-1) ?? 0,
    p75: durations[Math.max(0, Math.ceil(durations.length * 0.75) - 1)] ?? 0,
    longTasks: long.length,
    longTotal: long.reduce((sum, task) => sum + task.duration, 0),
    blocking: long.reduce((sum, task) => sum + task.duration - 50, 0),
    cpu: cpu.total,
    script: cpu.script,
    layout: cpu.layout,
    forced: cpu.forced,
  };
}

async function firstAnswer(page: Page, url: string, markdown: string, pass: Pass): Promise<AnswerFigures> {
  await answerEveryQuestionWith(page, markdown);
  await openDemo(page, url);
  const input = page.locator('ask-chat textarea');
  await input.focus();
  await input.fill('How do I install it?');
  await page.evaluate(() => {
    const chat = document.querySelector('ask-chat')!;
    const bench = ((window as unknown as { bench: { painted: number } }).bench = { painted: 0 });
    const observer = new MutationObserver(() => {
      if (!chat.shadowRoot!.querySelector('[part~="answer-body"] table')) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => (bench.painted = performance.now())));
    });
    observer.observe(chat.shadowRoot!, { subtree: true, childList: true });
  });
  await throttle(page, pass.rate);
  const trace = await traced(page, pass, async () => {
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => (window as unknown as { bench: { painted: number } }).bench.painted > 0,
      null,
      { timeout: 20_000 },
    );
    await page.waitForTimeout(300);
  });
  await throttle(page, 1);
  const { painted, responseEnd } = await page.evaluate(() => {
    const asked = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('/bot/askai'))
      .at(-1) as PerformanceResourceTiming;
    return {
      painted: (window as unknown as { bench: { painted: number } }).bench.painted,
      responseEnd: asked.responseEnd,
    };
  });
  const perf = await readPerf(page);
  const long = perf.longTasks.filter(
    (task) => task.start + task.duration >= responseEnd && task.start <= painted,
  );
  const cpu = trace
    ? cpuOf(trace, responseEnd, painted)
    : { total: NaN, script: NaN, layout: NaN, forced: NaN };
  return {
    cpu: cpu.total,
    script: cpu.script,
    layout: cpu.layout,
    forced: cpu.forced,
    painted: painted - responseEnd,
    longTasks: long.length,
    longTotal: long.reduce((sum, task) => sum + task.duration, 0),
    longest: Math.max(0, ...long.map((task) => task.duration)),
  };
}

interface ConversationFigures {
  /** Median and worst time from a key typed in the composer to the frame after it. */
  keyFrame: number;
  keyWorst: number;
  /** The last question: from its response to its answer painted. */
  painted: number;
  /** Main-thread CPU time of the 10 keys, and of the last question (Enter to painted). */
  typingCpu: number;
  askCpu: number;
  /** 1 when the first answer's body is the node it was when it came, 0 when it was rendered again. */
  sameNode: number;
}

async function conversation(
  page: Page,
  url: string,
  markdown: string,
  pass: Pass,
): Promise<ConversationFigures> {
  await answerEveryQuestionWith(page, markdown);
  await openDemo(page, url);
  const input = page.locator('ask-chat textarea');
  const bodies = () =>
    page.evaluate(
      () => document.querySelector('ask-chat')!.shadowRoot!.querySelectorAll('[part~="answer-body"]').length,
    );
  const ask = async (question: string, count: number) => {
    await input.fill(question);
    await input.press('Enter');
    await page.waitForFunction(
      (n) =>
        document.querySelector('ask-chat')!.shadowRoot!.querySelectorAll('[part~="answer-body"]').length >= n,
      count,
      { timeout: 30_000, polling: 'raf' },
    );
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
  };
  for (let turn = 1; turn <= TURNS; turn++) {
    await ask(`How do I do thing ${turn}?`, turn);
    if (turn === 1)
      await page.evaluate(() => {
        (window as unknown as { firstBody: unknown }).firstBody = document
          .querySelector('ask-chat')!
          .shadowRoot!.querySelector('[part~="answer-body"]');
      });
  }
  await input.focus();
  await page.evaluate(() => {
    const keys: number[] = [];
    (window as unknown as { keys: number[] }).keys = keys;
    addEventListener(
      'keydown',
      (event) =>
        requestAnimationFrame(() => setTimeout(() => keys.push(performance.now() - event.timeStamp))),
      true,
    );
  });
  await page.waitForTimeout(300);
  await throttle(page, pass.rate);
  const typed = await traced(page, pass, async () => {
    for (const key of 'and the css') {
      await page.keyboard.press(key === ' ' ? 'Space' : key);
      await page.waitForTimeout(80);
    }
    await page.waitForTimeout(300);
  });
  const keys = await page.evaluate(() => (window as unknown as { keys: number[] }).keys);
  await input.fill('');
  const count = (await bodies()) + 1;
  let asked = 0;
  const answer = await traced(page, pass, async () => {
    asked = await page.evaluate(() => performance.now());
    await ask('And one more?', count);
  });
  const painted = await page.evaluate(() => performance.now());
  await throttle(page, 1);
  const responseEnd = await page.evaluate(
    () =>
      (
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('/bot/askai'))
          .at(-1) as PerformanceResourceTiming
      ).responseEnd,
  );
  const sameNode = await page.evaluate(
    () =>
      (window as unknown as { firstBody: unknown }).firstBody ===
      document.querySelector('ask-chat')!.shadowRoot!.querySelector('[part~="answer-body"]'),
  );
  return {
    keyFrame: median(keys),
    keyWorst: Math.max(0, ...keys),
    painted: painted - responseEnd,
    typingCpu: typed ? cpuOf(typed).total : NaN,
    askCpu: answer ? cpuOf(answer, asked).total : NaN,
    sameNode: sameNode ? 1 : 0,
  };
}

const codes: { label: string; demo: string }[] = [{ label: 'this checkout', demo: join(ROOT, 'dist/demo') }];
if (values.base)
  codes.push({ label: `base (${values.base})`, demo: join(resolve(values.base), 'dist/demo') });
for (const { demo } of codes)
  if (!existsSync(join(demo, 'index.html'))) throw new Error(`${demo}/index.html: run npm run build there`);
if (values.profile) mkdirSync(values.profile, { recursive: true });

const services = await Promise.all(
  codes.map(({ demo }) => startService({ port: 0, staticDir: demo, logger: quietLogger })),
);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const markdown = markdownAnswer();
/** Each run's figures: the clock's with the CPU slowed, the CPU time's at full speed (see the top). */
const typed: { slowed: TypingFigures; cpu: TypingFigures }[][] = codes.map(() => []);
const answered: { slowed: AnswerFigures; cpu: AnswerFigures }[][] = codes.map(() => []);
const conversed: { slowed: ConversationFigures; cpu: ConversationFigures }[][] = codes.map(() => []);
const conversationAnswer = markdown.slice(0, 3 * 1024);
try {
  for (let run = 0; run < RUNS; run++) {
    for (const [index, service] of services.entries()) {
      const profile = (what: string) =>
        values.profile && run === 0
          ? join(values.profile, `${what}-${index ? 'base' : 'this'}.json`)
          : undefined;
      const inPage = async <T>(scenario: (page: Page) => Promise<T>): Promise<T> => {
        const context = await browser.newContext(
          values.phone
            ? { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }
            : { viewport: { width: 1280, height: 800 } },
        );
        await context.addInitScript(OBSERVE);
        try {
          return await scenario(await context.newPage());
        } finally {
          await context.close();
        }
      };
      typed[index]!.push({
        slowed: await inPage((page) =>
          typing(page, service.url, { rate: THROTTLE, trace: false, file: profile('typing') }),
        ),
        cpu: await inPage((page) => typing(page, service.url, { rate: 1, trace: true })),
      });
      answered[index]!.push({
        slowed: await inPage((page) =>
          firstAnswer(page, service.url, markdown, { rate: THROTTLE, trace: false, file: profile('answer') }),
        ),
        cpu: await inPage((page) => firstAnswer(page, service.url, markdown, { rate: 1, trace: true })),
      });
      conversed[index]!.push({
        slowed: await inPage((page) =>
          conversation(page, service.url, conversationAnswer, { rate: THROTTLE, trace: false }),
        ),
        cpu: await inPage((page) =>
          conversation(page, service.url, conversationAnswer, { rate: 1, trace: true }),
        ),
      });
    }
    process.stdout.write(`run ${run + 1}/${RUNS}\r`);
  }
} finally {
  await browser.close();
  await Promise.all(services.map((service) => service.close()));
}

const ms = (value: number) => `${value.toFixed(0).padStart(4)} ms`;
const of = <T>(list: T[], key: keyof T) => median(list.map((item) => item[key] as number));
const vsBase = <T>(lists: { slowed: T; cpu: T }[][], pick: 'slowed' | 'cpu', key: keyof T, index: number) =>
  index === 0 && lists.length > 1
    ? ` (${(
        (of(
          lists[0]!.map((run) => run[pick]),
          key,
        ) /
          of(
            lists[1]!.map((run) => run[pick]),
            key,
          )) *
        100
      ).toFixed(0)}% of base)`
    : '';
console.log(
  `(a) Typing ${KEYS} keys into the demo's <search-box> at ${KEY_DELAY_MS} ms a key, ${PAUSE_MS} ms between words; medians of ${RUNS} runs`,
);
for (const [index, { label }] of codes.entries()) {
  const slowed = typed[index]!.map((run) => run.slowed);
  const cpu = typed[index]!.map((run) => run.cpu);
  console.log(`  ${label}`);
  console.log(
    `    CPU ${THROTTLE}x slower: worst interaction ${ms(of(slowed, 'worst'))}${vsBase(typed, 'slowed', 'worst', index)}, ` +
      `p75 ${ms(of(slowed, 'p75'))}; long tasks ${of(slowed, 'longTasks')}, total ${ms(of(slowed, 'longTotal'))}` +
      `${vsBase(typed, 'slowed', 'longTotal', index)}, blocking ${ms(of(slowed, 'blocking'))}` +
      `   [worst per run: ${slowed.map((item) => item.worst.toFixed(0)).join(' ')}]`,
  );
  console.log(
    `    full speed: main-thread CPU ${ms(of(cpu, 'cpu'))}${vsBase(typed, 'cpu', 'cpu', index)}, ` +
      `of it script ${ms(of(cpu, 'script'))}${vsBase(typed, 'cpu', 'script', index)}, ` +
      `style and layout ${ms(of(cpu, 'layout'))}${vsBase(typed, 'cpu', 'layout', index)}, ` +
      `of that forced by script ${ms(of(cpu, 'forced'))}${vsBase(typed, 'cpu', 'forced', index)}`,
  );
}
console.log(
  `\n(b) The first answer in the demo's <ask-chat>: ${(markdown.length / 1024).toFixed(0)} KB of markdown, from its response to painted; medians of ${RUNS} runs`,
);
for (const [index, { label }] of codes.entries()) {
  const slowed = answered[index]!.map((run) => run.slowed);
  const cpu = answered[index]!.map((run) => run.cpu);
  console.log(`  ${label}`);
  console.log(
    `    CPU ${THROTTLE}x slower: painted after ${ms(of(slowed, 'painted'))}${vsBase(answered, 'slowed', 'painted', index)}; ` +
      `long tasks ${of(slowed, 'longTasks')}, longest ${ms(of(slowed, 'longest'))}${vsBase(answered, 'slowed', 'longest', index)}` +
      `   [painted per run: ${slowed.map((item) => item.painted.toFixed(0)).join(' ')}]`,
  );
  console.log(
    `    full speed: painted after ${ms(of(cpu, 'painted'))}${vsBase(answered, 'cpu', 'painted', index)}; ` +
      `main-thread CPU ${ms(of(cpu, 'cpu'))}${vsBase(answered, 'cpu', 'cpu', index)}, ` +
      `of it script ${ms(of(cpu, 'script'))}${vsBase(answered, 'cpu', 'script', index)}, ` +
      `style and layout ${ms(of(cpu, 'layout'))}${vsBase(answered, 'cpu', 'layout', index)}, ` +
      `of that forced by script ${ms(of(cpu, 'forced'))}${vsBase(answered, 'cpu', 'forced', index)}`,
  );
}
console.log(
  `\n(c) A conversation of ${TURNS} answers in the demo's <ask-chat> (${(conversationAnswer.length / 1024).toFixed(0)} KB each), then 10 keys typed in its composer and one more question; medians of ${RUNS} runs`,
);
for (const [index, { label }] of codes.entries()) {
  const slowed = conversed[index]!.map((run) => run.slowed);
  const cpu = conversed[index]!.map((run) => run.cpu);
  console.log(`  ${label}`);
  console.log(
    `    CPU ${THROTTLE}x slower: key to next frame ${ms(of(slowed, 'keyFrame'))}${vsBase(conversed, 'slowed', 'keyFrame', index)}, ` +
      `worst ${ms(of(slowed, 'keyWorst'))}; last answer painted after ${ms(of(slowed, 'painted'))}${vsBase(conversed, 'slowed', 'painted', index)}`,
  );
  console.log(
    `    full speed: main-thread CPU of the 10 keys ${ms(of(cpu, 'typingCpu'))}${vsBase(conversed, 'cpu', 'typingCpu', index)}, ` +
      `of the last question ${ms(of(cpu, 'askCpu'))}${vsBase(conversed, 'cpu', 'askCpu', index)}; ` +
      `first answer still its node: ${cpu.every((run) => run.sameNode) && slowed.every((run) => run.sameNode) ? 'yes' : 'no'}`,
  );
}
