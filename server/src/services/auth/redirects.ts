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

export interface RedirectPolicy {
  /** The URL to send the user to: the requested one when allowed, else site_url (getRedirectURLOrReferrer). */
  resolve(requested: string | null | undefined, referrer?: string | null): string;
  isAllowed(url: string): boolean;
}

/** utilities.IsRedirectURLValid: same host as site_url, or matching an additional_redirect_urls glob. */
export function createRedirectPolicy(settings: AuthSettings): RedirectPolicy {
  // Both follow the serving origin, final once the server listens: compiled on first use.
  let compiled: { patterns: RegExp[]; siteHost: string | null } | null = null;
  const isAllowed = (url: string): boolean => {
    compiled ??= { patterns: settings.additionalRedirectUrls.map((u) => globToRegExp(u.trim())), siteHost: hostnameOf(settings.siteUrl) };
    const { patterns, siteHost } = compiled;
    const host = hostnameOf(url);
    if (host === null) return false;
    if (siteHost !== null && host === siteHost) return true;
    return patterns.some((p) => p.test(url));
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

function hostnameOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}
