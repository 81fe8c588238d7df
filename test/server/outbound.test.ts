import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bodyText, TooLargeError } from '../../src/server/http/outbound.js';

/** A response whose body never ends, recording whether it was cancelled. */
function endlessResponse(): { response: Response; cancelled: () => boolean } {
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    pull: () => new Promise(() => undefined),
    cancel: () => {
      cancelled = true;
    },
  });
  return { response: new Response(body), cancelled: () => cancelled };
}

describe('bodyText', () => {
  it('cancels the body of a read its signal aborts, midway or before it starts', async () => {
    const midway = endlessResponse();
    const controller = new AbortController();
    const reading = bodyText(midway.response, 1000, controller.signal);
    controller.abort(new Error('too slow'));
    await assert.rejects(reading, /too slow/);
    assert.equal(midway.cancelled(), true);

    const before = endlessResponse();
    await assert.rejects(bodyText(before.response, 1000, AbortSignal.abort(new Error('gone'))), /gone/);
    assert.equal(before.cancelled(), true, 'a signal aborted before the read cancels the body too');
  });

  it('reads a body up to its limit, and refuses one beyond it', async () => {
    assert.equal(await bodyText(new Response('hello'), 10), 'hello');
    await assert.rejects(bodyText(new Response('x'.repeat(11)), 10), TooLargeError);
  });
});
