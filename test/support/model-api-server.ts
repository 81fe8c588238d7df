/** Starting and stopping the loopback servers that tests put in place of a language model's API. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on a free port of 127.0.0.1 and gives the base URL of the OpenAI-compatible API there. */
export async function listenAsModelApi(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

/** Closes `server` with every connection to it, kept-alive ones too. */
export async function closeWithConnections(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}
