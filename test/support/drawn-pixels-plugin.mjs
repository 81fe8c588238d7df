// A test-runner command that gives back what the page draws in a rectangle of the viewport, as
// a PNG in base64, for tests of what a visitor sees that the DOM does not say (a shadow drawn by
// a background, a fill):
//   import { executeServerCommand } from '@web/test-runner-commands';
//   const png = await executeServerCommand('drawn-pixels', { x, y, width, height });
export function drawnPixelsPlugin() {
  return {
    name: 'drawn-pixels',
    async executeCommand({ command, payload, session }) {
      if (command !== 'drawn-pixels') return undefined;
      const page = session.browser.getPage(session.id);
      return page.screenshot({ clip: payload, encoding: 'base64', captureBeyondViewport: false });
    },
  };
}
