// A test-runner command the stock commands lack: a touch screen (a phone's, a tablet's), whose
// primary pointer is coarse and cannot hover, so that tests can check what such a visitor gets.
//   import { executeServerCommand } from '@web/test-runner-commands';
//   await executeServerCommand('emulate-touch', true);   // or false
export function touchPlugin() {
  const sessions = new WeakMap();
  return {
    name: 'emulate-touch',
    async executeCommand({ command, payload, session }) {
      if (command !== 'emulate-touch') return undefined;
      if (typeof payload !== 'boolean') throw new Error('touch is true or false');
      // Through the DevTools protocol, which matches (pointer: coarse) and (hover: none) at once,
      // as a phone does; the emulation lasts as long as the protocol session, kept for the page.
      const page = session.browser.getPage(session.id);
      let cdp = sessions.get(page);
      if (!cdp) {
        cdp = await page.target().createCDPSession();
        sessions.set(page, cdp);
      }
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: payload, maxTouchPoints: 1 });
      return true;
    },
  };
}
