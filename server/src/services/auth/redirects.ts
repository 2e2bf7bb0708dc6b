import type { AuthSettings } from './settings.ts';

/**
 * gobwas/glob as GoTrue compiles the allow list (conf.URIAllowListMap, separators '.' and '/'):
 * `*` stops at a separator, `**` does not, `?` is one non-separator character.
 */
function globToRegExp(pattern: string): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] ?? '';
    if (ch === '*' && pattern[i + 1] === '*') {
      out += '.*';
      i++;
    } else if (ch === '*') out += '[^./]*';
    else if (ch === '?') out += '[^./]';
    else out += ch.replace(/[\\^$+.()|{}[\]]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

/**
 * A redirect that carries `params` in the fragment, sorted (GoTrue's redirectErrors and verify's
 * answers), and in the query too when `query` is set (the PKCE flow reads it there);
 * `keepQuery: false` drops the target's own query first.
 */
export function redirectWithParams(url: string, params: Record<string, string>, options: { query: boolean; keepQuery?: boolean }): string {
  const u = new URL(url);
  const sorted = new URLSearchParams(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)));
  if (options.keepQuery === false) u.search = '';
  if (options.query) for (const [key, value] of sorted) u.searchParams.set(key, value);
  u.hash = sorted.toString();
  return u.toString();
}

export interface RedirectPolicy {
  /** The URL to send the user to: the requested one when allowed, else site_url (getRedirectURLOrReferrer). */
  resolve(requested: string | null | undefined, referrer?: string | null): string;
  isAllowed(url: string): boolean;
}

/** Schemes that run or embed content where a link lands: never a redirect target, whatever the allow list says. */
const activeSchemes = new Set(['javascript', 'data', 'vbscript', 'file', 'blob']);
const loopbackNames = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const decimalIp = /^[0-9]+$/;
const regularHostname = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

function isIpAddress(host: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[');
}

function isLoopbackIp(host: string): boolean {
  return /^127(\.\d{1,3}){3}$/.test(host) || host === '[::1]';
}

/**
 * utilities.IsRedirectURLValid as current GoTrue decides it: back to the site (same scheme and
 * host, same port unless loopback), else an `additional_redirect_urls` glob matching the URL
 * without its fragment; no decimal-IP hosts, IPs only when loopback, http(s) hostnames only of
 * ordinary characters. Stricter than GoTrue (decision 104): only http(s) goes through without
 * saying so — another scheme (an app's `myapp:`) only by a pattern that starts with it — and
 * `javascript:`, `data:` and other active schemes never, whatever host they carry.
 */
export function createRedirectPolicy(settings: AuthSettings): RedirectPolicy {
  // Both follow the serving origin, final once the server listens: compiled on first use.
  let compiled: { patterns: { text: string; regexp: RegExp }[]; site: URL | null } | null = null;
  const isAllowed = (url: string): boolean => {
    compiled ??= {
      patterns: settings.additionalRedirectUrls.map((u) => ({ text: u.trim().toLowerCase(), regexp: globToRegExp(u.trim()) })),
      site: parse(settings.siteUrl),
    };
    const { patterns, site } = compiled;
    const target = parse(url);
    if (!target) return false;
    const scheme = target.protocol.replace(/:$/, '').toLowerCase();
    if (activeSchemes.has(scheme)) return false;
    const isHttp = scheme === 'http' || scheme === 'https';
    const host = target.hostname;
    if (
      isHttp &&
      site &&
      host === site.hostname &&
      target.protocol === site.protocol &&
      (target.port === site.port || loopbackNames.has(host))
    )
      return true;
    if (decimalIp.test(host)) return false;
    if (isIpAddress(host)) {
      if (!isHttp || !isLoopbackIp(host)) return false;
      return true;
    }
    if (isHttp && !regularHostname.test(host)) return false;
    const withoutFragment = url.split('#')[0] ?? '';
    return patterns.some((p) => (isHttp || p.text.startsWith(`${scheme}:`)) && p.regexp.test(withoutFragment));
  };
  return {
    isAllowed,
    resolve(requested, referrer) {
      if (requested && isAllowed(requested)) return requested;
      if (referrer && isAllowed(referrer)) return referrer;
      return settings.siteUrl;
    },
  };
}
