import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import type { AppEnv, Service } from '../../lib/service.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { chooseEncoding, CompressionCache } from './compress.ts';

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
  let indexHtml: { mtimeMs: number; html: string } | null = null;

  /** index.html with the anon key, re-read only when a rebuild changed it. */
  const index = async (): Promise<string | null> => {
    if (!root) return null;
    const file = path.join(root, 'index.html');
    const info = await fileInfo(file);
    if (!info) return null;
    if (indexHtml?.mtimeMs !== info.mtimeMs) {
      const html = (await readFile(file, 'utf8')).replace(
        '<head>',
        `<head>\n    <meta name="supabase-anon-key" content="${escapeAttr(keys.anonKey)}" />`,
      );
      indexHtml = { mtimeMs: info.mtimeMs, html };
    }
    return indexHtml.html;
  };

  routes.on(['GET', 'HEAD'], '*', async (c) => {
    const requested = decodeURIComponent(new URL(c.req.url).pathname);
    const file = root ? path.normalize(path.join(root, requested)) : null;
    const info = root && file?.startsWith(root + path.sep) && !file.endsWith('index.html') ? await fileInfo(file) : null;
    if (file && info) {
      const contentType = types[path.extname(file)] ?? 'application/octet-stream';
      const immutable = requested.startsWith('/assets/');
      const encoding = chooseEncoding(c.req.header('accept-encoding'), contentType, info.size);
      const body =
        encoding === 'identity'
          ? await readFile(file)
          : await compressed.get(
              file,
              info.mtimeMs,
              encoding,
              () => readFile(file),
              () => builtCopy(file, encoding, info.mtimeMs),
            );
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
    const html = await index();
    if (html === null) return c.text('The web app is not built. Run `npm run build` (npm start builds it when needed).', 404);
    if (path.extname(requested) && requested.startsWith('/assets/')) return c.text('Not found', 404);
    return c.html(html, 200, { 'Cache-Control': 'no-cache' });
  });
  return {
    prefix: '',
    name: 'web',
    routes,
    cors: 'none',
    bodyTooLarge: () => ({ status: 413, headers: ['Content-Type', 'text/plain; charset=utf-8'], body: 'Payload Too Large' }),
  };
}

/** The build's brotli copy of `file` (`<file>.br`, web/vite.config.ts), when it is not older than the file. */
async function builtCopy(file: string, encoding: 'br' | 'gzip', mtimeMs: number): Promise<Buffer | null> {
  if (encoding !== 'br') return null;
  const info = await fileInfo(`${file}.br`);
  return info && info.mtimeMs >= mtimeMs ? readFile(`${file}.br`) : null;
}

async function fileInfo(file: string): Promise<{ size: number; mtimeMs: number } | null> {
  try {
    const info = await stat(file);
    return info.isFile() ? { size: info.size, mtimeMs: info.mtimeMs } : null;
  } catch {
    return null;
  }
}
