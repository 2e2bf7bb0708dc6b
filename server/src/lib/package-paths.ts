import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the server's own files are, whether it runs from its TypeScript sources (`src/`, in a
 * checkout) or from the JavaScript `npm pack` compiles (`dist/`, in an installed package):
 * both sit one level below the package's root, with the same tree under them.
 */
export const packageRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The module `name` beside `base` (a worker's entry), with the extension the running code has. */
export function siblingModule(base: string, name: string): URL {
  return new URL(`./${name}${base.endsWith('.ts') ? '.ts' : '.js'}`, base);
}

/** The package.json of an installed dependency (found from its entry point: not every package exports it), or null. */
export function dependencyManifest(name: string): string | null {
  let dir: string;
  try {
    dir = path.dirname(fileURLToPath(import.meta.resolve(name)));
  } catch {
    return null;
  }
  for (; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && path.basename(dir) === name.split('/').pop()) return manifest;
  }
  return null;
}

/** Files the server makes once and reuses (the embedded database's template), kept beside its dependencies. */
export const cacheDir = path.join(packageRoot, 'node_modules', '.cache', 'pinstar-server');
