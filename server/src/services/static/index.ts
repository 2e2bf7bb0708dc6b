import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import type { AppEnv, Service, ServiceDeps } from '../../lib/service.ts';
import { CompressionCache, chooseEncoding } from './compress.ts';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.geojson': 'application/geo+json',
  '.map': 'application/json; charset=utf-8',
};

function escapeAttr(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/**
 * Serves the built web app at `/` with a client-side routing fallback. The page learns the
 * API's URL from its own origin and the anon key from a meta tag written here, so a build
 * served by this server needs no VITE_* variables.
 */
export function createStaticService({ config, keys }: ServiceDeps): Service {
  const routes = new Hono<AppEnv>();
  const root = config.webDist;
  const compressed = new CompressionCache();
  let indexHtml: string | null = null;
  const index = (): string | null => {
    if (!root) return null;
    const file = path.join(root, 'index.html');
    if (!existsSync(file)) return null;
    if (indexHtml === null || config.watchFunctions) {
      indexHtml = readFileSync(file, 'utf8').replace(
        '<head>',
        `<head>\n    <meta name="supabase-anon-key" content="${escapeAttr(keys.anonKey)}" />`,
      );
    }
    return indexHtml;
  };

  routes.on(['GET', 'HEAD'], '*', async (c) => {
    const html = index();
    if (!root || html === null) {
      return c.text('The web app is not built. Run `npm run build` (npm start builds it when needed).', 404);
    }
    const requested = decodeURIComponent(new URL(c.req.url).pathname);
    const file = path.normalize(path.join(root, requested));
    if (file.startsWith(root + path.sep) && existsSync(file) && statSync(file).isFile() && !file.endsWith('index.html')) {
      const raw = await readFile(file);
      const contentType = types[path.extname(file)] ?? 'application/octet-stream';
      const immutable = requested.startsWith('/assets/');
      const encoding = chooseEncoding(c.req.header('accept-encoding'), contentType, raw.byteLength);
      const body = encoding === 'identity' ? raw : await compressed.get(file, statSync(file).mtimeMs, encoding, raw);
      return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), {
        headers: {
          'Content-Type': contentType,
          'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
          'Content-Length': String(body.byteLength),
          Vary: 'Accept-Encoding',
          ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
        },
      });
    }
    if (path.extname(requested) && requested.startsWith('/assets/')) return c.text('Not found', 404);
    return c.html(html, 200, { 'Cache-Control': 'no-cache' });
  });
  return { prefix: '', routes };
}
