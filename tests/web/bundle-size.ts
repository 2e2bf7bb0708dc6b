import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface InitialBundle {
  files: string[];
  gzipBytes: number;
}

/**
 * The JavaScript the browser fetches before `/` renders: the entry script with its
 * modulepreloads, or — as the build writes it — the chunks the inline loader fetches after the
 * first paint (`const chunks = [...]`: the entry and every module it imports statically).
 */
export function readInitialBundle(dist: string): InitialBundle {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const loader = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const loaded = /const chunks = (\[[^\]]*\]);/.exec(loader)?.[1];
  const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+\.js)"/g)].map((m) => m[1] ?? '');
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map((m) => m[1] ?? '');
  const chunks = loaded ? (JSON.parse(loaded) as string[]) : [];
  const files = [...new Set([...entries, ...preloads, ...chunks])].filter(Boolean).map((file) => file.replace(/^\//, ''));
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
