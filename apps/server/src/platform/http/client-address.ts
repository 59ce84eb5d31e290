import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** Whether the hop at `address` is one of the trusted proxies (Fastify's `trustProxy` function). */
export type ProxyTrust = (address: string, hop: number) => boolean;

/** The trust function of a list of addresses and CIDR blocks (config.ts checks them); empty: none. */
export function proxyTrust(proxies: readonly string[]): ProxyTrust {
  return proxies.length === 0 ? () => false : proxyAddr.compile([...proxies]);
}

/**
 * The client's address as Fastify's `request.ip` gives it under the same trust: the socket's
 * address, unless that is a trusted proxy; then the last hop of `X-Forwarded-For` that is not a
 * trusted proxy (whatever a client wrote further left of it is never read).
 */
export function clientAddress(request: IncomingMessage, trust: ProxyTrust): string {
  return proxyAddr(request, trust);
}
