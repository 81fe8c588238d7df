/**
 * What the chat and feedback tests share: clients that are real objects implementing
 * AskClient (a recording wrapper around the real client, and a scripted fake), records, and
 * waiting for what a visitor would see.
 */
import { createClient, type AskClient } from '../../src/client/create-client.js';
import type { AnswerRecord, AskRequest, FeedbackRequest } from '../../src/wire/index.js';
import { AskChat } from '../../src/elements/ask-chat/ask-chat.js';
import { FeedbackButtons } from '../../src/elements/feedback-buttons/feedback-buttons.js';

export function defineElements(): void {
  customElements.get('ask-chat') || customElements.define('ask-chat', AskChat);
  customElements.get('feedback-buttons') || customElements.define('feedback-buttons', FeedbackButtons);
}

/** The reference service the test runner proxies on this page's origin. */
export function serviceClient(): AskClient {
  return createClient({ baseUrl: location.origin, apiKey: 'demo-key' });
}

type AskArgs = Parameters<AskClient['ask']>;
type FeedbackArgs = Parameters<AskClient['feedback']>;

/** Forwards to another client and keeps every request it was given. */
export class RecordingClient implements AskClient {
  readonly asks: Omit<AskRequest, 'apiKey'>[] = [];
  readonly feedbacks: Omit<FeedbackRequest, 'apiKey'>[] = [];
  readonly signals: AbortSignal[] = [];

  constructor(
    private readonly inner: AskClient,
    private readonly overrides: {
      ask?: (...args: AskArgs) => Promise<AnswerRecord>;
      feedback?: (...args: FeedbackArgs) => ReturnType<AskClient['feedback']>;
    } = {},
  ) {}

  search(...args: Parameters<AskClient['search']>) {
    return this.inner.search(...args);
  }
  ask(request: AskArgs[0], options: AskArgs[1] = {}) {
    this.asks.push(request);
    if (options.signal) this.signals.push(options.signal);
    return this.overrides.ask ? this.overrides.ask(request, options) : this.inner.ask(request, options);
  }
  feedback(request: FeedbackArgs[0], options: FeedbackArgs[1] = {}) {
    this.feedbacks.push(request);
    return this.overrides.feedback
      ? this.overrides.feedback(request, options)
      : this.inner.feedback(request, options);
  }
  health(...args: Parameters<AskClient['health']>) {
    return this.inner.health(...args);
  }
  analytics(...args: Parameters<AskClient['analytics']>) {
    return this.inner.analytics(...args);
  }
  topQuestions(...args: Parameters<AskClient['topQuestions']>) {
    return this.inner.topQuestions(...args);
  }
  topSearches(...args: Parameters<AskClient['topSearches']>) {
    return this.inner.topSearches(...args);
  }
}

/** A client whose answers are written by the test, over a real one for everything else. */
export function fakeClient(ask: (...args: AskArgs) => Promise<AnswerRecord>): RecordingClient {
  return new RecordingClient(serviceClient(), {
    ask,
    feedback: async () => ({ success: true }),
  });
}

/** A client that refuses the first question with `error`, then answers each with `answerRecord()`. */
export function failingOnce(error: Error): RecordingClient {
  let calls = 0;
  return fakeClient(async () => {
    if (calls++ === 0) throw error;
    return answerRecord();
  });
}

let insight = 0;

/** An answer record as the service sends it, with the fields a test cares about replaced. */
export function answerRecord(overrides: Partial<AnswerRecord> = {}): AnswerRecord {
  insight++;
  return {
    answer: 'Install it with **npm** and import `ask-elements/define`.',
    title: 'Install ask-elements',
    link: '/guides/install',
    description: 'Install the elements with npm or a script tag.',
    relevanceScore: 84.2,
    assetType: 'webpage',
    didAnswer: true,
    context: { passages: [] },
    insightId: `insight-${insight}`,
    error: null,
    conversationId: 'conversation-1',
    ...overrides,
  };
}

/** The paths of marked, DOMPurify and the renderer's chunk, as the page fetches them. */
export const RENDERER_FILES = /\/node_modules\/(marked|dompurify)\/|\/sanitizer-chunk\./;

/** Whether `page` (this one, or a script-tag page's frame) has fetched a file whose path matches. */
export const fetchedFile = (path: RegExp, page: Window = window): boolean =>
  page.performance.getEntriesByType('resource').some((entry) => path.test(new URL(entry.name).pathname));

/** True once the page has fetched marked or DOMPurify (each page loads them once). */
export const fetchedRenderer = (): boolean => fetchedFile(RENDERER_FILES);

/** Resolves when `predicate` holds, polling; fails with `what` after `timeout` ms. */
export async function waitFor(predicate: () => unknown, what: string, timeout = 8000): Promise<void> {
  const end = performance.now() + timeout;
  while (!predicate()) {
    if (performance.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A promise that rejects with an AbortError when `signal` aborts, as fetch does. */
export function untilAborted(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), {
      once: true,
    });
  });
}

/** Shorthands over the chat's shadow root, by part, as a stylesheet would name them. */
export function parts(el: HTMLElement) {
  const root = el.shadowRoot!;
  const all = (part: string) => Array.from(root.querySelectorAll<HTMLElement>(`[part~="${part}"]`));
  return {
    root,
    all,
    one: (part: string) => root.querySelector<HTMLElement>(`[part~="${part}"]`),
    input: () => root.querySelector('textarea')!,
    answers: () => all('answer'),
    questions: () => all('question'),
    lastAnswer: () => all('answer').at(-1),
    status: () => root.querySelector('[role="status"]')?.textContent?.trim() ?? '',
  };
}

/** Shorthands over `<feedback-buttons>`' shadow root: the thumbs, the message, the reason form. */
export function feedbackView(el: FeedbackButtons) {
  const root = el.shadowRoot!;
  return {
    up: () => root.querySelector<HTMLButtonElement>('[part~="up-button"]')!,
    down: () => root.querySelector<HTMLButtonElement>('[part~="down-button"]')!,
    message: () => root.querySelector('[role="status"]')!.textContent!.trim(),
    form: () => root.querySelector<HTMLFormElement>('[part~="reason-form"]'),
    reasons: () => Array.from(root.querySelectorAll<HTMLButtonElement>('[part~="reason"]')),
    note: () => root.querySelector('textarea')!,
    send: () => root.querySelector<HTMLButtonElement>('[part~="send-button"]')!,
  };
}

/** A small PNG as a File, as a paste or the file picker would give it. */
export async function pngFile(name = 'screenshot.png', bytes?: number): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 8;
  canvas.height = 8;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#3451b2';
  context.fillRect(0, 0, 8, 8);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
  const parts: BlobPart[] = [blob];
  if (bytes !== undefined) parts.push(new Uint8Array(Math.max(0, bytes - blob.size)));
  return new File(parts, name, { type: 'image/png' });
}

/** Pastes files into `target` the way the browser does for a screenshot. */
export function pasteFiles(target: HTMLElement, files: File[]): void {
  const data = new DataTransfer();
  for (const file of files) data.items.add(file);
  target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
}

/** Analytics records of the demo project, read through the service's API. */
export async function analyticsRecords(): Promise<
  { insightId: string; feedback: 1 | -1 | null; reason: string | null; comment: string | null }[]
> {
  const response = await fetch(
    `/api/projects/demo/analytics?startDate=0&endDate=${Date.now() + 1000}&limit=100`,
    {
      headers: { authorization: 'Bearer demo-key' },
    },
  );
  if (!response.ok) throw new Error(`analytics answered ${response.status}`);
  const body = (await response.json()) as unknown;
  return (Array.isArray(body) ? body : ((body as { data?: unknown[] }).data ?? [])) as never;
}
