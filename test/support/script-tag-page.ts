/**
 * A page of its own (an iframe: its own module map) that loads the script-tag file
 * `dist/ask-elements.js` (`npm run build` first) with `body`, connected to the reference service
 * of the test origin, and records its errors: uncaught ones, rejections nobody handled, and
 * `console.error`. `setup` is script run before the file (to hold the page's idle callback, say).
 */
import { waitUntil } from './wait-until.js';

export type ScriptTagPage = Window & typeof globalThis & { errors: string[] };

export async function scriptTagPage(
  body: string,
  setup = '',
): Promise<{ page: ScriptTagPage; frame: HTMLIFrameElement }> {
  const frame = document.createElement('iframe');
  frame.srcdoc = `<!doctype html><html lang="en"><title>script tag</title>
    <body data-ask-base-url="${location.origin}" data-ask-api-key="demo-key">
      <script>
        window.errors = [];
        addEventListener('error', (event) => errors.push(event.message));
        addEventListener('unhandledrejection', (event) => errors.push(String(event.reason)));
        const consoleError = console.error;
        console.error = (...args) => (errors.push(args.join(' ')), consoleError(...args));
        ${setup}
      </script>
      ${body}
      <script type="module" src="/dist/ask-elements.js"></script>`;
  frame.style.blockSize = '30rem';
  document.body.append(frame);
  const page = frame.contentWindow as ScriptTagPage;
  await waitUntil(() => page.customElements?.get('search-box'), 'the script-tag file ran');
  return { page, frame };
}

/** Whether the page has received a file whose path holds `part`. */
export const received = (page: Window, part: string) =>
  page.performance.getEntriesByType('resource').some((entry) => entry.name.includes(`/${part}`));
