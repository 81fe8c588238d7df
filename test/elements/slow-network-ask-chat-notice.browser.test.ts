/**
 * How `<ask-chat>`'s notice looks before its behaviour has arrived: "Sending…" is progress, drawn
 * as the "Thinking…" that follows it, and only a failure is drawn in the error colour. This file
 * runs in a page of its own: the behaviour must not have been loaded.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { failRequests, holdRequests, networkBack } from '../support/request-faults.js';
import { waitUntil } from '../support/wait-until.js';
import type { AskChat } from '../../src/elements/ask-chat/ask-chat.js';
import { defineElements, fakeClient, parts, untilAborted } from './chat-test-support.js';

defineElements();

/** The colour of an element's text, and of the dot drawn before it (none: `rgba(0, 0, 0, 0)`). */
function look(element: Element) {
  const dot = getComputedStyle(element, '::before');
  return {
    color: getComputedStyle(element).color,
    dot: dot.content === 'none' ? 'none' : dot.backgroundColor,
  };
}

describe("<ask-chat>'s notice while its behaviour is on its way", () => {
  afterEach(networkBack);

  it('"Sending…" reads as progress, as "Thinking…" does after it, not as the red of a failure', async () => {
    // The behaviour can't be fetched, from before the chat is on the page: it asks for it once the
    // browser is idle, which on a loaded machine came before a refusal set after the fixture.
    await failRequests('chat-behaviour');
    // No answer comes: the pending state stays to be looked at.
    const client = fakeClient((_, options) => untilAborted(options?.signal));
    const el = await fixture<AskChat>(html`<ask-chat .client=${client}></ask-chat>`);
    const p = parts(el);
    const muted = getComputedStyle(p.one('empty')!).color;
    const accent = getComputedStyle(p.one('send-button')!).backgroundColor;

    // The behaviour could not be fetched: a failure, in the error colour.
    p.input().focus();
    await sendKeys({ type: 'How do I install it?' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => p.one('notice')!.textContent!.includes('could not be reached'), 'the failure said');
    const failure = look(p.one('notice')!);
    expect(failure.color, 'the error colour (#b3261e)').to.equal('rgb(179, 38, 30)');
    expect(failure.dot, 'no dot beside a failure').to.equal('none');

    // Sent again on a slow connection: on its way.
    await holdRequests('chat-behaviour');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => p.one('notice')!.textContent!.trim() === 'Sending…', '"Sending…" shown');
    const sending = look(p.one('notice')!);
    expect(sending.color, 'the muted colour of progress, not the error colour').to.equal(muted);
    expect(sending.dot, 'the accent dot that "Thinking…" has').to.equal(accent);

    await networkBack();
    await waitUntil(() => p.lastAnswer()?.querySelector('.thinking'), '"Thinking…" shown');
    expect(p.one('notice')!.hidden, '"Sending…" gone').to.equal(true);
    const thinking = p.lastAnswer()!.querySelector('.thinking')!;
    expect(look(thinking).color, '"Thinking…" in the colour "Sending…" had').to.equal(sending.color);
    expect(look(thinking.querySelector('.dots')!).dot, 'and its dot').to.equal(sending.dot);
    p.one('stop-button')!.click();
  });
});
