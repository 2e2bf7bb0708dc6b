import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transformSync } from 'rolldown/utils';

/**
 * Node module hooks that load the web app's source as Vite serves it to a browser, so screens
 * run in node:test on a DOM: the `@/` alias and extensionless imports resolve as the bundler
 * resolves them (web/tsconfig.json), `.ts` and `.tsx` are compiled by oxc (through rolldown,
 * Vite's own bundler) with React's automatic JSX runtime, stylesheets are empty modules, and `import.meta.env` is a development build's
 * without baked-in settings (the app then reads the serving origin and the page's anon key).
 * Registered by tests/web/support/setup.ts.
 */
const webSrc = path.resolve(import.meta.dirname, '../../../web/src');
const probes = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
const env = JSON.stringify({ MODE: 'test', DEV: true, PROD: false, SSR: false, BASE_URL: '/' });

function probe(base: string): string | null {
  for (const suffix of probes) {
    const candidate = base + suffix;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

interface ResolveContext {
  parentURL?: string;
}
type NextResolve = (specifier: string, context: ResolveContext) => Promise<{ url: string }>;

export async function resolve(
  specifier: string,
  context: ResolveContext,
  nextResolve: NextResolve,
): Promise<{ url: string; shortCircuit?: boolean }> {
  const parent = context.parentURL?.startsWith('file:') ? fileURLToPath(context.parentURL) : null;
  const fromWeb = parent?.startsWith(webSrc) ?? false;
  let base: string | null = null;
  if (specifier.startsWith('@/')) base = path.join(webSrc, specifier.slice(2));
  else if (fromWeb && parent && (specifier.startsWith('./') || specifier.startsWith('../')))
    base = path.resolve(path.dirname(parent), specifier);
  if (base !== null) {
    if (base.endsWith('.css')) return { url: `${pathToFileURL(base).href}`, shortCircuit: true };
    const file = probe(base);
    if (file) return { url: pathToFileURL(file).href, shortCircuit: true };
  }
  if (fromWeb && specifier.endsWith('.css')) return { url: 'data:text/javascript,export default {}', shortCircuit: true };
  return nextResolve(specifier, context);
}

interface LoadContext {
  format?: string | null;
}
type NextLoad = (url: string, context: LoadContext) => Promise<{ format?: string | null; source?: string | ArrayBuffer | null }>;

export async function load(
  url: string,
  context: LoadContext,
  nextLoad: NextLoad,
): Promise<{ format: string; source: string; shortCircuit: boolean } | ReturnType<NextLoad>> {
  if (!url.startsWith('file:')) return nextLoad(url, context);
  const file = fileURLToPath(url);
  if (!file.startsWith(webSrc)) return nextLoad(url, context);
  if (file.endsWith('.css')) return { format: 'module', source: 'export default {};', shortCircuit: true };
  if (!/\.tsx?$/.test(file) || file.endsWith('.d.ts')) return nextLoad(url, context);
  const text = await readFile(file, 'utf8');
  const result = transformSync(file, text, { jsx: { runtime: 'automatic' }, sourcemap: true });
  if (result.errors.length > 0) throw new Error(`${file}: ${result.errors.map((e) => e.message).join('; ')}`);
  const map = result.map
    ? `\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(result.map)).toString('base64')}`
    : '';
  const outputText = `${result.code}${map}`;
  // On the first line, so the source map's lines stay right.
  const source = text.includes('import.meta.env') ? `import.meta.env = ${env}; ${outputText}` : outputText;
  return { format: 'module', source, shortCircuit: true };
}
