import { errors } from '../errors.ts';

export interface Preferences {
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  return: 'minimal' | 'representation' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  missing: 'default' | 'null' | null;
  handling: 'strict' | 'lenient' | null;
  maxAffected: number | null;
  invalid: string[];
}

const accepted: Record<string, [keyof Preferences, string]> = {
  'resolution=merge-duplicates': ['resolution', 'merge-duplicates'],
  'resolution=ignore-duplicates': ['resolution', 'ignore-duplicates'],
  'return=minimal': ['return', 'minimal'],
  'return=representation': ['return', 'representation'],
  'return=headers-only': ['return', 'headers-only'],
  'count=exact': ['count', 'exact'],
  'count=planned': ['count', 'planned'],
  'count=estimated': ['count', 'estimated'],
  'missing=default': ['missing', 'default'],
  'missing=null': ['missing', 'null'],
  'handling=strict': ['handling', 'strict'],
  'handling=lenient': ['handling', 'lenient'],
};

/** `Prefer` as PostgREST reads it (`ApiRequest/Preferences.hs`): comma list, first value of a kind wins. */
export function parsePrefer(header: string | null): Preferences {
  const prefs: Preferences = { resolution: null, return: null, count: null, missing: null, handling: null, maxAffected: null, invalid: [] };
  if (!header) return prefs;
  const record = prefs as unknown as Record<string, unknown>;
  for (const raw of header.split(',')) {
    const pref = raw.trim();
    if (pref === '') continue;
    const known = accepted[pref];
    if (known) {
      if (record[known[0]] === null) record[known[0]] = known[1];
    } else if (pref.startsWith('max-affected=')) {
      const n = Number(pref.slice('max-affected='.length));
      if (prefs.maxAffected === null && Number.isInteger(n)) prefs.maxAffected = n;
    } else if (pref === 'tx=commit' || pref === 'tx=rollback' || pref.startsWith('timezone=')) {
      // tx needs db-tx-end = commit-allow-override, which Supabase does not set; timezone is accepted.
    } else prefs.invalid.push(pref);
  }
  if (prefs.handling === 'strict' && prefs.invalid.length > 0) throw errors.invalidPreferences(prefs.invalid);
  return prefs;
}

/** The Preference-Applied value, in PostgREST's order (prefAppliedHeader). */
export function appliedPreferences(prefs: Preferences, applies: { resolution: boolean; missing: boolean; return: boolean; maxAffected: boolean }): string | null {
  const values = [
    applies.resolution && prefs.resolution ? `resolution=${prefs.resolution}` : null,
    applies.missing && prefs.missing ? `missing=${prefs.missing}` : null,
    applies.return && prefs.return ? `return=${prefs.return}` : null,
    prefs.count ? `count=${prefs.count}` : null,
    prefs.handling ? `handling=${prefs.handling}` : null,
    applies.maxAffected && prefs.handling === 'strict' && prefs.maxAffected !== null ? `max-affected=${prefs.maxAffected}` : null,
  ].filter((v) => v !== null);
  return values.length > 0 ? values.join(', ') : null;
}

export interface Media {
  kind: 'json' | 'object' | 'csv' | 'geojson';
  stripNulls: boolean;
  contentType: string;
}

const json: Media = { kind: 'json', stripNulls: false, contentType: 'application/json; charset=utf-8' };

/** Content negotiation over `Accept` (PostgREST `MediaType.hs`); 406 PGRST107 when nothing fits. */
export function negotiate(accept: string | null): Media {
  if (!accept || accept.trim() === '') return json;
  const offers = accept
    .split(',')
    .map((part, index) => {
      const [type = '', ...params] = part.split(';').map((s) => s.trim());
      const q = Number(params.find((p) => p.startsWith('q='))?.slice(2) ?? '1');
      return { type: type.toLowerCase(), params, q: Number.isFinite(q) ? q : 1, index };
    })
    .filter((o) => o.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const offer of offers) {
    const stripNulls = offer.params.some((p) => p.replace(/\s/g, '') === 'nulls=stripped');
    switch (offer.type) {
      case '*/*':
      case 'application/*':
      case 'application/json':
        return json;
      case 'application/vnd.pgrst.array+json':
      case 'application/vnd.pgrst.array':
        return { kind: 'json', stripNulls, contentType: stripNulls ? 'application/vnd.pgrst.array+json; nulls=stripped; charset=utf-8' : 'application/json; charset=utf-8' };
      case 'application/vnd.pgrst.object+json':
      case 'application/vnd.pgrst.object':
        return { kind: 'object', stripNulls, contentType: `application/vnd.pgrst.object+json;${stripNulls ? ' nulls=stripped;' : ''} charset=utf-8` };
      case 'text/csv':
        return { kind: 'csv', stripNulls: false, contentType: 'text/csv; charset=utf-8' };
      case 'application/geo+json':
        return { kind: 'geojson', stripNulls: false, contentType: 'application/geo+json; charset=utf-8' };
      default:
        break;
    }
  }
  throw errors.mediaType(offers.map((o) => o.type));
}
