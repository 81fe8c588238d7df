/**
 * The chat over a service that answers with records of any shape: a valid record with fields
 * replaced by any JSON value or removed, or a body of any shape, through the real client (its own
 * checks included). Whatever arrives, each question settles as an answer, a "could not find" or a polite error, no
 * exception escapes, nothing of the record runs as code, no "[object Object]" or "undefined" reaches
 * the visitor, and the next question can be asked. Seeded, so a failure repeats.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { createClient } from '../../src/client/create-client.js';
import type { AskChat } from '../../src/elements/ask-chat/ask-chat.js';
import { anyValue, pick, seeded } from '../support/random-values.js';
import { RecordingClient, answerRecord, defineElements, parts, waitFor } from './chat-test-support.js';

defineElements();

const RECORD_FIELDS = [
  'answer',
  'title',
  'link',
  'description',
  'relevanceScore',
  'assetType',
  'didAnswer',
  'context',
  'insightId',
  'error',
  'conversationId',
];

/** Records with each field of a type the elements don't expect, before the random ones. */
const HOSTILE: Record<string, unknown>[] = [
  { title: { text: 'Install' }, description: ['a', 'b'], assetType: 7 },
  { link: { href: '/guides/install' }, relevanceScore: 'high' },
  { context: { passages: [{ link: 5, title: null }, null, 'passage'] }, relevanceScore: 101 },
  { context: 'none', insightId: 42, conversationId: { id: 1 } },
  { didAnswer: 'no', relevanceScore: null },
  { error: 'failed' },
];

describe('<ask-chat> answered by a service that sends records of any shape', () => {
  it('settles every question as an answer, a "could not find" or a polite error, and keeps working', async () => {
    const random = seeded(7);
    const bodies: string[] = [];
    const client = createClient({
      baseUrl: location.origin,
      apiKey: 'demo-key',
      fetch: async () => {
        let body: unknown;
        const hostile = HOSTILE[bodies.length];
        if (hostile) body = { ...answerRecord(), ...hostile };
        else if (bodies.length % 5 === 4) body = anyValue(random);
        else {
          const record: Record<string, unknown> = { ...answerRecord() };
          for (let i = 1 + Math.floor(random() * 3); i > 0; i--) {
            const field = pick(random, RECORD_FIELDS);
            if (random() < 0.25) delete record[field];
            else record[field] = anyValue(random);
          }
          body = record;
        }
        const text = JSON.stringify(body);
        bodies.push(text);
        return new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    const escaped: string[] = [];
    const onError = (event: ErrorEvent) => escaped.push(String(event.message));
    const onRejection = (event: PromiseRejectionEvent) => escaped.push(String(event.reason));
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    try {
      const el = await fixture<AskChat>(html`<ask-chat .client=${new RecordingClient(client)}></ask-chat>`);
      const p = parts(el);
      await waitFor(() => p.one('header'), 'the chat behaviour');
      for (let i = 0; i < 40; i++) {
        el.askQuestion(`Question ${i}`);
        await waitFor(
          () => p.answers().filter((answer) => answer.getAttribute('aria-busy') === 'false').length > i,
          `answer ${i} to settle (record ${bodies[i]})`,
        );
        await el.updateComplete;
        const answer = p.lastAnswer()!;
        const shown = answer.querySelector('[part~="answer-body"], [part~="error"], [part~="notice"]');
        expect(shown, `answer or error for ${bodies[i]}`).to.exist;
        expect(answer.textContent, bodies[i]).not.to.match(/\[object Object\]|\bundefined\b|\bNaN\b/);
        expect(escaped, bodies[i]).to.deep.equal([]);
        expect((window as unknown as { __fuzzed?: number }).__fuzzed, bodies[i]).to.equal(undefined);
      }
      // Still a chat: the input takes the next question.
      expect(p.input().disabled).to.equal(false);
    } finally {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    }
  });
});
