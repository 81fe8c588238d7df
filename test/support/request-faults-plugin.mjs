// A test-runner command that makes the test server drop the page's requests for some of its files,
// as a lost connection does, so that tests can check what a visitor gets when a lazily loaded part
// of an element cannot be fetched, and once it can again.
//   import { executeServerCommand } from '@web/test-runner-commands';
//   await executeServerCommand('fail-requests', 'sanitizer-chunk');   // paths holding it fail
//   await executeServerCommand('fail-requests', null);                // none fail
export function requestFaults() {
  let failing = null;
  const plugin = {
    name: 'fail-requests',
    async executeCommand({ command, payload, session }) {
      if (command !== 'fail-requests') return undefined;
      if (payload != null && typeof payload !== 'string') throw new Error('a part of a path, or null');
      failing = payload || null;
      // The file fetched by an earlier test file's page would come from the browser's cache,
      // never reaching the server: no cache while requests fail.
      await session.browser.getPage(session.id).setCacheEnabled(failing === null);
      return true;
    },
  };
  // A middleware, so that it runs before the static file server. The connection is closed with no
  // answer: the browser sees a network error, as when the train enters a tunnel.
  const middleware = async (ctx, next) => {
    if (failing === null || !ctx.path.includes(failing)) return next();
    ctx.respond = false;
    ctx.req.socket.destroy();
  };
  return { plugin, middleware };
}
