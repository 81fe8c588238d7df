import type { AskClient, ClientOptions } from '../../client/create-client.js';

/** What an element knows of its service: its own attributes, or nothing. */
export interface ConnectionHost<C> extends HTMLElement {
  /** A client set in code; wins over every attribute. */
  client?: C | undefined;
  /** `base-url` attribute. */
  baseUrl?: string | undefined;
  /** `api-key` attribute. */
  apiKey?: string | undefined;
}

/**
 * Where the page's default client is kept: on the page, not in this module, so that every copy of
 * ask-elements on it shares one (a site's bundle calling `setDefaultClient` beside the script-tag
 * file, whose elements are the ones defined).
 */
const DEFAULT_CLIENT = Symbol.for('ask-elements.default-client');
const page = globalThis as typeof globalThis & { [DEFAULT_CLIENT]?: AskClient };
/** The clients built so far, by factory and then by origin and key. */
const built = new WeakMap<object, Map<string, unknown>>();

/**
 * Sets the client every element on the page uses when it has no `client` property and no
 * `base-url`/`api-key` of its own or on an ancestor, whichever copy of ask-elements defined it.
 */
export function setDefaultClient(client: AskClient | undefined): void {
  page[DEFAULT_CLIENT] = client;
}

/**
 * The client of an element, configured once per page or per element. In order: the element's
 * `client` property; its own `base-url`/`api-key` attributes, completed by the nearest ancestor
 * (across shadow roots) carrying `data-ask-base-url`/`data-ask-api-key`; the default client set
 * with `setDefaultClient`; else one built by `create` for the page's origin with no key.
 *
 * Each element passes the factory of the operations it uses (`createSearchClient`,
 * `createChatClient`), so a page carries no code of the others. One client per factory, origin
 * and key.
 */
export function resolveClientWith<C extends Partial<AskClient>>(
  host: ConnectionHost<C>,
  create: (options: ClientOptions) => C,
): C {
  if (host.client) return host.client;
  const baseUrl = host.baseUrl || closestData(host, 'data-ask-base-url');
  const apiKey = host.apiKey || closestData(host, 'data-ask-api-key');
  // A whole AskClient: it has every element's part.
  const defaultClient = page[DEFAULT_CLIENT];
  if (!baseUrl && !apiKey && defaultClient) return defaultClient as C;
  const origin = baseUrl || globalThis.location?.origin || '';
  const cacheKey = `${origin}\n${apiKey ?? ''}`;
  let clients = built.get(create) as Map<string, C> | undefined;
  if (!clients) built.set(create, (clients = new Map()));
  let client = clients.get(cacheKey);
  if (!client) {
    client = create({ baseUrl: origin, apiKey: apiKey || undefined });
    clients.set(cacheKey, client);
  }
  return client;
}

function closestData(start: Element, attribute: string): string | undefined {
  let node: Node | null = start;
  while (node) {
    if (node instanceof Element && node.hasAttribute(attribute))
      return node.getAttribute(attribute) ?? undefined;
    node = node.parentNode ?? (node instanceof ShadowRoot ? node.host : null);
  }
  return undefined;
}
