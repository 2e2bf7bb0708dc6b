import { errors } from '../errors.ts';

export interface Preferences {
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  return: 'minimal' | 'representation' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  missing: 'default' | 'null' | null;
  handling: 'strict' | 'lenient' | null;
  maxAffected: number | null;
  /** `tx=commit|rollback`, read only when `db-tx-end` allows an override (else always null). */
  tx: 'commit' | 'rollback' | null;
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
export function parsePrefer(header: string | null, allowTx = false): Preferences {
  const prefs: Preferences = {
    resolution: null,
    return: null,
    count: null,
    missing: null,
    handling: null,
    maxAffected: null,
    tx: null,
    invalid: [],
  };
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
    } else if (pref === 'tx=commit' || pref === 'tx=rollback') {
      // Always an accepted preference, even when db-tx-end ignores it (`Preferences.hs` acceptedPrefs).
      if (allowTx && prefs.tx === null) prefs.tx = pref === 'tx=commit' ? 'commit' : 'rollback';
    } else if (pref.startsWith('timezone=')) {
      // timezone is accepted.
    } else prefs.invalid.push(pref);
  }
  if (prefs.handling === 'strict' && prefs.invalid.length > 0) throw errors.invalidPreferences(prefs.invalid);
  return prefs;
}

/** The Preference-Applied value, in PostgREST's order (prefAppliedHeader). */
export function appliedPreferences(
  prefs: Preferences,
  applies: { resolution: boolean; missing: boolean; return: boolean; maxAffected: boolean },
): string | null {
  const values = [
    applies.resolution && prefs.resolution ? `resolution=${prefs.resolution}` : null,
    applies.missing && prefs.missing ? `missing=${prefs.missing}` : null,
    applies.return && prefs.return ? `return=${prefs.return}` : null,
    prefs.count ? `count=${prefs.count}` : null,
    prefs.tx ? `tx=${prefs.tx}` : null,
    prefs.handling ? `handling=${prefs.handling}` : null,
    applies.maxAffected && prefs.handling === 'strict' && prefs.maxAffected !== null ? `max-affected=${prefs.maxAffected}` : null,
  ].filter((v) => v !== null);
  return values.length > 0 ? values.join(', ') : null;
}

export interface Media {
  kind: 'json' | 'object' | 'csv' | 'geojson';
  stripNulls: boolean;
  contentType: string;
  /** `application/vnd.pgrst.plan…; for="<this media>"`: answer the EXPLAIN of the statement instead. */
  plan?: PlanMedia;
}

export interface PlanMedia {
  format: 'json' | 'text';
  /** EXPLAIN options in PostgREST's order. */
  options: string[];
}

const json: Media = { kind: 'json', stripNulls: false, contentType: 'application/json; charset=utf-8' };

/** Splits on `sep` outside double quotes (`for="…;…"`). */
function splitUnquoted(text: string, sep: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    if (ch === sep && !quoted) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

interface Offer {
  type: string;
  params: Map<string, string>;
  raw: string[];
  q: number;
  index: number;
}

function parseOffer(part: string, index: number): Offer {
  const [type = '', ...raw] = splitUnquoted(part, ';').map((s) => s.trim());
  const params = new Map<string, string>();
  for (const p of raw) {
    const eq = p.indexOf('=');
    if (eq > 0)
      params.set(
        p.slice(0, eq).trim().toLowerCase(),
        p
          .slice(eq + 1)
          .trim()
          .replace(/^"(.*)"$/, '$1'),
      );
  }
  const q = Number(params.get('q') ?? '1');
  return { type: type.toLowerCase(), params, raw, q: Number.isFinite(q) ? q : 1, index };
}

const planOptions = ['analyze', 'verbose', 'settings', 'buffers', 'wal'];

/** The media an offer names, or null when this service cannot produce it. */
function mediaFor(offer: Offer, planEnabled: boolean): Media | null {
  const stripNulls = offer.params.get('nulls') === 'stripped' || offer.raw.some((p) => p.replace(/\s/g, '') === 'nulls=stripped');
  switch (offer.type) {
    case '*/*':
    case 'application/*':
    case 'application/json':
      return json;
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return {
        kind: 'json',
        stripNulls,
        contentType: stripNulls ? 'application/vnd.pgrst.array+json; nulls=stripped; charset=utf-8' : 'application/json; charset=utf-8',
      };
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return {
        kind: 'object',
        stripNulls,
        contentType: `application/vnd.pgrst.object+json;${stripNulls ? ' nulls=stripped;' : ''} charset=utf-8`,
      };
    case 'text/csv':
      return { kind: 'csv', stripNulls: false, contentType: 'text/csv; charset=utf-8' };
    case 'application/geo+json':
      return { kind: 'geojson', stripNulls: false, contentType: 'application/geo+json; charset=utf-8' };
    case 'application/vnd.pgrst.plan':
    case 'application/vnd.pgrst.plan+text':
    case 'application/vnd.pgrst.plan+json': {
      // Not offered at all while db-plan-enabled is off (`Plan.hs` negotiateContent mtPlanToNothing).
      if (!planEnabled) return null;
      const inner = mediaFor(parseOffer(offer.params.get('for') ?? 'application/json', 0), false);
      if (!inner) return null;
      return {
        ...inner,
        contentType: `${planMime(offer)}; charset=utf-8`,
        plan: { format: offer.type.endsWith('+json') ? 'json' : 'text', options: requestedPlanOptions(offer) },
      };
    }
    default:
      return null;
  }
}

function requestedPlanOptions(offer: Offer): string[] {
  const asked = (offer.params.get('options') ?? '').split('|');
  return planOptions.filter((o) => asked.includes(o));
}

/** The plan media type as PostgREST prints it (`MediaType.hs` toMime). */
function planMime(offer: Offer): string {
  const format = offer.type.endsWith('+json') ? 'json' : 'text';
  const options = requestedPlanOptions(offer);
  return `application/vnd.pgrst.plan+${format}; for="${innerMime(offer.params.get('for') ?? 'application/json')}"${options.length > 0 ? `; options=${options.join('|')}` : ''}`;
}

function innerMime(text: string): string {
  const offer = parseOffer(text, 0);
  const stripped = offer.params.get('nulls') === 'stripped';
  switch (offer.type) {
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return stripped ? 'application/vnd.pgrst.array+json;nulls=stripped' : 'application/json';
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return stripped ? 'application/vnd.pgrst.object+json;nulls=stripped' : 'application/vnd.pgrst.object+json';
    default:
      return offer.type;
  }
}

/** An offer as the PGRST107 message lists it (`toMime`). */
function offerMime(offer: Offer): string {
  return offer.type.startsWith('application/vnd.pgrst.plan') ? planMime(offer) : offer.type;
}

/** Content negotiation over `Accept` (PostgREST `MediaType.hs`); 406 PGRST107 when nothing fits. */
export function negotiate(accept: string | null, planEnabled = false): Media {
  if (!accept || accept.trim() === '') return json;
  const offers = accept
    .split(',')
    .map(parseOffer)
    .filter((o) => o.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const offer of offers) {
    const media = mediaFor(offer, planEnabled);
    if (media) return media;
  }
  throw errors.mediaType(offers.map(offerMime));
}
