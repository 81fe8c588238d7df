// A test-runner command: the accessible names the browser gives every node of one role, from the
// full accessibility tree. The stock a11y snapshot keeps only "interesting" nodes, and leaves out
// the options of a listbox, which are inside a control.
//   import { executeServerCommand } from '@web/test-runner-commands';
//   const names = await executeServerCommand('accessible-names', 'option');   // string[]
export function accessibleNamesPlugin() {
  const sessions = new WeakMap();
  return {
    name: 'accessible-names',
    async executeCommand({ command, payload, session }) {
      if (command !== 'accessible-names') return undefined;
      if (typeof payload !== 'string') throw new Error('accessible-names takes a role');
      const page = session.browser.getPage(session.id);
      let cdp = sessions.get(page);
      if (!cdp) {
        cdp = await page.target().createCDPSession();
        sessions.set(page, cdp);
      }
      const { nodes } = await cdp.send('Accessibility.getFullAXTree');
      return nodes
        .filter((node) => !node.ignored && node.role?.value === payload)
        .map((node) => node.name?.value ?? '');
    },
  };
}
