import { isLoopbackHost } from '../lib/config.ts';

/** The name in a `Host` header, without its port and brackets, lower case ('' when absent). */
export function hostName(host: string | null): string {
  const value = (host ?? '').trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(1, value.indexOf(']') < 0 ? undefined : value.indexOf(']'));
  const colon = value.lastIndexOf(':');
  return colon >= 0 && value.indexOf(':') === colon ? value.slice(0, colon) : value;
}

/** A `Host` naming this machine: localhost (and `*.localhost`), 127.0.0.0/8 or ::1. */
export function isLoopbackName(name: string): boolean {
  return isLoopbackHost(name) || name.endsWith('.localhost');
}

export interface HostPolicyOptions {
  /** The address the server is bound to (`HOST`). */
  bind: string;
  /** A proxy is configured in front (`TRUSTED_PROXIES`): it decides which names reach the server. */
  behindProxy: boolean;
  /** The URL clients use (API_EXTERNAL_URL, or the serving URL); read per request (the port is known after listen). */
  publicUrl: () => string;
}

/**
 * Which `Host` a request may name. On a loopback bind with no proxy configured, a name that is
 * neither this machine's nor the public URL's is refused: a page on another site whose name was
 * rebound to 127.0.0.1 (DNS rebinding) is not this server's page, as dev servers refuse it. On a
 * network bind or behind a proxy the names are the network's, so any is served.
 */
export function createHostPolicy(options: HostPolicyOptions): (host: string | null) => boolean {
  if (!isLoopbackHost(options.bind) || options.behindProxy) return () => true;
  let cachedUrl = '';
  let publicHost = '';
  return (host) => {
    const name = hostName(host);
    if (isLoopbackName(name)) return true;
    const url = options.publicUrl();
    if (url !== cachedUrl) {
      cachedUrl = url;
      publicHost = URL.canParse(url) ? new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase() : '';
    }
    return name !== '' && name === publicHost;
  };
}
