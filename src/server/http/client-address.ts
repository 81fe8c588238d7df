import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The address a request came from, for rate limiting. Behind a proxy you control
 * (`trustProxy`), the last X-Forwarded-For entry: the one your proxy appended, which a client
 * cannot forge (the leftmost entries are whatever the client sent). An IPv6 address counts as
 * its /64 network (see `addressOwner`).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last) return addressOwner(withoutPort(last));
  }
  try {
    return addressOwner(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    // Not on @hono/node-server (app.request() in a test, another runtime).
    return 'unknown';
  }
}

/**
 * An X-Forwarded-For entry without the client's port, which some proxies write (Azure's
 * Application Gateway: `203.0.113.7:51234`, `[2001:db8::1]:51234`): with it, each connection of a
 * visitor had a bucket of its own, and opening a new one was a way around the rate limit.
 */
function withoutPort(entry: string): string {
  const address = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(entry) ?? /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  return address ? (address[1] as string) : entry;
}

/**
 * Who holds an address, as far as limits go: an IPv4 address itself (an IPv4-mapped one too),
 * an IPv6 address its /64, the least a network hands one subscriber, which could otherwise take
 * a fresh bucket for each of its 2^64 addresses.
 */
export function addressOwner(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1] as string;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('%')[0]!.toLowerCase().split('::');
  const groups = head === '' ? [] : head.split(':');
  if (tail !== undefined) {
    const after = tail === '' ? [] : tail.split(':');
    groups.push(...Array<string>(Math.max(0, 8 - groups.length - after.length)).fill('0'), ...after);
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
