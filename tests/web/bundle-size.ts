import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface InitialBundle {
  files: string[];
  gzipBytes: number;
}

/**
 * The JavaScript the browser fetches before `/` renders: the entry script (a `src`, or the
 * `import()` of the inline loader that starts it after the first paint) and its modulepreloads.
 */
export function readInitialBundle(dist: string): InitialBundle {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entries = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<script type="module">[^<]*\bimport\('([^']+\.js)'\)/g),
  ].map((m) => m[1] ?? '');
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map((m) => m[1] ?? '');
  const files = [...new Set([...entries, ...preloads])].filter(Boolean).map((file) => file.replace(/^\//, ''));
  const gzipBytes = files.reduce((total, file) => total + gzipSync(readFileSync(path.join(dist, file))).length, 0);
  return { files, gzipBytes };
}

/** The source modules bundled into a chunk, from its source map (none for the tiny runtime). */
export function chunkSources(dist: string, file: string): string[] {
  if (!existsSync(path.join(dist, `${file}.map`))) return [];
  const map = JSON.parse(readFileSync(path.join(dist, `${file}.map`), 'utf8')) as { sources: string[] };
  return map.sources;
}

/** Every JavaScript chunk of the build (relative to dist). */
export function listChunks(dist: string): string[] {
  return readdirSync(path.join(dist, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `assets/${name}`);
}
