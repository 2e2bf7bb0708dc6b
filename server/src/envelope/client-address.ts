import { BlockList, isIP } from 'node:net';
import type { HeaderReader } from '../lib/request-headers.ts';

/** Headers a reverse proxy adds: any of them means a proxy stands between the client and this server. */
const forwardingHeaders = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'via'];

/** `::ffff:127.0.0.1` (an IPv4 peer on a dual-stack socket) as `127.0.0.1`. */
export function plainAddress(address: string | undefined): string {
  if (!address) return 'unknown';
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

export interface TrustedProxies {
  /** The configured list as written, for the start-up line. */
  readonly entries: readonly string[];
  has(address: string): boolean;
}

/**
 * `TRUSTED_PROXIES`: addresses and CIDR ranges (`10.0.0.0/8`, `::1`) of the reverse proxies in
 * front of this server, comma-separated. Only a request whose socket peer is one of them may
 * name its client in `X-Forwarded-For`; the default is none (decision 300).
 */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || (bits !== undefined && !/^\d{1,3}$/.test(bits)))
      throw new Error(`TRUSTED_PROXIES must list IP addresses or CIDR ranges separated by commas, got "${entry}"`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return {
    entries,
    has: (address) => {
      const family = isIP(address);
      return entries.length > 0 && family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

export interface ClientOrigin {
  clientAddress: string;
  viaProxy: boolean;
}

/**
 * The client behind a request: the socket peer, unless the peer is a trusted proxy; then the
 * nearest address in `X-Forwarded-For` (read from the right) that is not itself a trusted proxy,
 * as nginx's `real_ip_recursive` reads it. A header from an untrusted peer is ignored: anyone can
 * send it.
 */
export function clientOf(peer: string, headers: HeaderReader, trusted: TrustedProxies): ClientOrigin {
  const forwarded = forwardingHeaders.some((name) => headers.has(name));
  if (!trusted.has(peer)) return { clientAddress: peer, viaProxy: forwarded };
  const hops = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => plainAddress(hop.trim()))
    .filter((hop) => hop !== 'unknown' && hop !== '');
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] as string;
    if (isIP(hop) === 0) break;
    client = hop;
    if (!trusted.has(hop)) break;
  }
  return { clientAddress: client, viaProxy: true };
}
