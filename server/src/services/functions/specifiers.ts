/**
 * How a Deno-style specifier maps onto Node's resolution (pure, so it is testable without
 * a worker): import-map entries first, then `npm:` / `jsr:` / esm.sh-style URLs become bare
 * package specifiers served by the project's node_modules, and type-only `.d.ts` imports
 * (`jsr:@supabase/functions-js/edge-runtime.d.ts`) become an empty module.
 */
export const emptyModule = 'data:text/javascript,export%20%7B%7D';

/** `@scope/name@1.2/sub` or `name@^1/sub` → `@scope/name/sub` / `name/sub`. */
export function stripVersion(spec: string): string {
  const match = /^(@[^/@]+\/[^/@]+|[^/@]+)(?:@[^/]*)?(\/.*)?$/.exec(spec);
  if (!match) return spec;
  return `${match[1]}${match[2] ?? ''}`;
}

const cdnPrefixes = [
  'https://esm.sh/',
  'https://cdn.jsdelivr.net/npm/',
  'https://esm.run/',
  'https://cdn.skypack.dev/',
  'https://unpkg.com/',
];

/** Applies an import map ("imports"): exact keys, then the longest matching `prefix/` key. */
export function applyImportMap(spec: string, imports: Record<string, string>): string | null {
  const exact = imports[spec];
  if (exact !== undefined) return exact;
  let best: string | null = null;
  for (const key of Object.keys(imports)) {
    if (key.endsWith('/') && spec.startsWith(key) && (best === null || key.length > best.length)) best = key;
  }
  return best === null ? null : `${imports[best]}${spec.slice(best.length)}`;
}

export function mapSpecifier(spec: string, imports: Record<string, string>, fromFunction: boolean): string {
  let current = spec;
  if (fromFunction) current = applyImportMap(current, imports) ?? current;
  if (current.endsWith('.d.ts')) return emptyModule;
  if (current.startsWith('npm:')) return stripVersion(current.slice(4).replace(/^\/+/, ''));
  if (current.startsWith('jsr:')) return stripVersion(current.slice(4).replace(/^\/+/, ''));
  for (const prefix of cdnPrefixes) {
    if (current.startsWith(prefix)) return stripVersion(current.slice(prefix.length).split('?')[0] ?? '');
  }
  return current;
}
