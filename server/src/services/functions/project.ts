import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tomlValue, type TomlTable } from '../../lib/config.ts';

/** Function folder names the CLI serves: `_shared` and other `_`/dot folders are not functions. */
const functionName = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** The entrypoint of a served function: config.toml `[functions.<name>] entrypoint`, else `<name>/index.ts`. */
export function entrypointOf(projectDir: string, toml: TomlTable, name: string): string | null {
  if (!functionName.test(name)) return null;
  // `[functions.<name>] enabled = false` takes a function out of serving, as `supabase start`.
  if (!tomlValue(toml, `functions.${name}.enabled`, true)) return null;
  const configured = tomlValue(toml, `functions.${name}.entrypoint`, '');
  const candidates = configured
    ? [path.resolve(projectDir, configured)]
    : ['index.ts', 'index.js', 'index.mts', 'index.mjs'].map((f) => path.join(projectDir, 'functions', name, f));
  return candidates.find((file) => existsSync(file)) ?? null;
}

function readImports(file: string): Record<string, string> | null {
  try {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { imports?: Record<string, string> };
    const base = pathToFileURL(file).href;
    return Object.fromEntries(
      Object.entries(json.imports ?? {}).map(([key, value]) => [
        key,
        value.startsWith('./') || value.startsWith('../') || value.startsWith('/') ? new URL(value, base).href : value,
      ]),
    );
  } catch {
    return null;
  }
}

/**
 * The import map a function runs with, as the CLI picks it: `[functions.<name>] import_map`,
 * then the function's own `deno.json` / `import_map.json`, then the shared ones in `functions/`.
 * Relative targets are made absolute against the map's folder.
 */
export function importMapOf(projectDir: string, toml: TomlTable, name: string): Record<string, string> {
  const configured = tomlValue(toml, `functions.${name}.import_map`, '');
  const functionsDir = path.join(projectDir, 'functions');
  const candidates = [
    ...(configured ? [path.resolve(projectDir, configured)] : []),
    path.join(functionsDir, name, 'deno.json'),
    path.join(functionsDir, name, 'import_map.json'),
    path.join(functionsDir, 'deno.json'),
    path.join(functionsDir, 'import_map.json'),
  ];
  for (const file of candidates) {
    if (!existsSync(file)) continue;
    const imports = readImports(file);
    if (imports) return imports;
  }
  return {};
}
