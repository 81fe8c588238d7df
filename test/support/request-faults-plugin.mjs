// Test-runner commands that make the test server drop or hold the page's requests for some of its
// files, as a lost or stalled connection does, so that tests can check what a visitor gets when a
// lazily loaded part of an element cannot be fetched, or does not come, and once it can again.
//   import { executeServerCommand } from '@web/test-runner-commands';
//   await executeServerCommand('fail-requests', 'sanitizer-chunk');   // paths holding it fail
//   await executeServerCommand('hold-requests', 'sanitizer-chunk');   // ... get no answer yet
//   await executeServerCommand('fail-requests', null);                // none fail; held ones go on
//   await executeServerCommand('failed-requests');  // requests failed since: the browser may send
//                                                   // one again by itself when its connection drops
export function requestFaults() {
  let failing = null;
  let failed = 0;
  let holding = null;
  let release = () => {};
  let released = Promise.resolve();
  const plugin = {
    name: 'request-faults',
    async executeCommand({ command, payload, session }) {
      if (command === 'failed-requests') return failed;
      if (command !== 'fail-requests' && command !== 'hold-requests') return undefined;
      failed = 0;
      if (payload != null && typeof payload !== 'string') throw new Error('a part of a path, or null');
      failing = command === 'fail-requests' ? payload || null : null;
      holding = command === 'hold-requests' ? payload || null : null;
      // The requests held so far are answered: the connection came back.
      release();
      if (holding) released = new Promise((resolve) => (release = resolve));
      // The file fetched by an earlier test file's page would come from the browser's cache,
      // never reaching the server: no cache while requests fail or wait.
      await session.browser.getPage(session.id).setCacheEnabled(failing === null && holding === null);
      return true;
    },
  };
  // A middleware, so that it runs before the static file server. A failed request's connection is
  // closed with no answer: the browser sees a network error, as when the train enters a tunnel. A
  // held one waits until the next command.
  const middleware = async (ctx, next) => {
    if (holding !== null && ctx.path.includes(holding)) await released;
    if (failing === null || !ctx.path.includes(failing)) return next();
    failed++;
    ctx.respond = false;
    ctx.req.socket.destroy();
  };
  return { plugin, middleware };
}
