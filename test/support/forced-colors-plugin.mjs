// A test-runner command the stock emulate-media lacks on Chromium over puppeteer: forced colours
// (Windows High Contrast and the like), so that tests can check what such a visitor sees.
//   import { executeServerCommand } from '@web/test-runner-commands';
//   await executeServerCommand('emulate-forced-colors', 'active');   // or 'none'
export function forcedColorsPlugin() {
  const sessions = new WeakMap();
  return {
    name: 'emulate-forced-colors',
    async executeCommand({ command, payload, session }) {
      if (command !== 'emulate-forced-colors') return undefined;
      if (payload !== 'active' && payload !== 'none')
        throw new Error('forced colours are "active" or "none"');
      // Through the DevTools protocol: puppeteer's emulateMediaFeatures refuses this feature. The
      // emulation lasts as long as the protocol session, kept open for the page.
      const page = session.browser.getPage(session.id);
      let cdp = sessions.get(page);
      if (!cdp) {
        cdp = await page.target().createCDPSession();
        sessions.set(page, cdp);
      }
      await cdp.send('Emulation.setEmulatedMedia', { features: [{ name: 'forced-colors', value: payload }] });
      return true;
    },
  };
}
