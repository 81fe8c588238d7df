// A test-runner command the stock commands lack: a drop as the browser makes it when a visitor
// drags text or a file from elsewhere (another window, the desktop) and lets go over a point of
// the page. A DragEvent dispatched by the test cannot stand for it: an event made by script has no
// default action, so the browser never puts its text into a text field.
//   import { executeServerCommand } from '@web/test-runner-commands';
//   await executeServerCommand('drop', { x, y, text: 'How do I install it?' });
//   await executeServerCommand('drop', { x, y, png: 'diagram.png' });   // a small PNG file
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

/** A PNG of 8 × 8 pixels, one colour (#3451b2). */
function pngBytes() {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits a channel, RGB
  const row = Buffer.from([0, ...Array.from({ length: 8 }, () => [0x34, 0x51, 0xb2]).flat()]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: 8 }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function dropPlugin() {
  const sessions = new WeakMap();
  let folder;
  return {
    name: 'drop',
    // The files dropped go with the run: each run's folder stayed in the temporary directory.
    async serverStop() {
      if (folder) await rm(folder, { recursive: true, force: true });
    },
    async executeCommand({ command, payload, session }) {
      if (command !== 'drop') return undefined;
      const { x, y, text, png } = payload ?? {};
      if (
        typeof x !== 'number' ||
        typeof y !== 'number' ||
        (typeof text !== 'string') === (typeof png !== 'string')
      )
        throw new Error('drop takes { x, y } and either text or png (a file name)');
      const page = session.browser.getPage(session.id);
      let cdp = sessions.get(page);
      if (!cdp) {
        cdp = await page.target().createCDPSession();
        sessions.set(page, cdp);
      }
      const data = { items: [], dragOperationsMask: 1 };
      if (text !== undefined) data.items.push({ mimeType: 'text/plain', data: text });
      else {
        folder ??= await mkdtemp(join(tmpdir(), 'ask-elements-drop-'));
        const file = join(folder, png);
        await writeFile(file, pngBytes());
        data.files = [file];
      }
      for (const type of ['dragEnter', 'dragOver', 'drop'])
        await cdp.send('Input.dispatchDragEvent', { type, x, y, data });
      return true;
    },
  };
}
