import { readFileSync } from 'node:fs';
import { registerHooks, stripTypeScriptTypes } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { emptyModule, mapSpecifier } from './specifiers.ts';

// Node 24 can transform (enums, namespaces, parameter properties) as Deno does; @types/node 26
// only declares 'strip', and a Node without transform support still gets stripping.
const transformOptions = { mode: 'transform' } as unknown as Parameters<typeof stripTypeScriptTypes>[1];

function compileTypeScript(source: string, url: string): string {
  try {
    return stripTypeScriptTypes(source, { ...transformOptions, sourceUrl: url });
  } catch {
    return stripTypeScriptTypes(source, { mode: 'strip', sourceUrl: url });
  }
}

/**
 * Module customization hooks for a function's worker (Node's in-thread `registerHooks`):
 * Deno specifiers resolve to installed packages (first from the function's own folder up,
 * then from the server's), and TypeScript outside node_modules is transformed (not only
 * stripped) so enums and other Deno-accepted syntax load.
 */
export function installHooks(functionsDir: string, imports: Record<string, string>): void {
  const functionsRoot = pathToFileURL(`${functionsDir}/`).href;
  const fallbackParent = import.meta.url;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const fromFunction = !context.parentURL || context.parentURL.startsWith(functionsRoot);
      const mapped = mapSpecifier(specifier, imports, fromFunction);
      if (mapped === emptyModule) return { url: emptyModule, format: 'module', shortCircuit: true };
      try {
        return nextResolve(mapped, context);
      } catch (error: unknown) {
        if (mapped.startsWith('.') || mapped.startsWith('/') || mapped.includes(':')) throw error;
        return nextResolve(mapped, { ...context, parentURL: fallbackParent });
      }
    },
    load(url, context, nextLoad) {
      if (url.startsWith('file:') && /\.(ts|mts)$/.test(url) && !url.includes('/node_modules/')) {
        const source = readFileSync(fileURLToPath(url), 'utf8');
        return { format: 'module', source: compileTypeScript(source, url), shortCircuit: true };
      }
      return nextLoad(url, context);
    },
  });
}
