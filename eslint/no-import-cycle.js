import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * `local/no-import-cycle`: no module reaches itself through imports, type-only imports and
 * re-exports included (import-x's no-cycle skips type-only ones). The import graph of every
 * TypeScript file below `roots` is read once per ESLint process (TypeScript's import scanner,
 * no type checking); an import is reported when its target leads back to the importing file.
 */
const extensions = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
const skip = new Set(['node_modules', 'dist', '.data', '.git', 'test-results']);

function listFiles(dir, out) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listFiles(full, out);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function resolver(aliases) {
  return (from, specifier) => {
    let base = null;
    if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
    else {
      for (const [prefix, target] of aliases) if (specifier.startsWith(prefix)) base = path.join(target, specifier.slice(prefix.length));
    }
    if (base === null) return null;
    for (const ext of extensions) {
      const candidate = base + ext;
      if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
    return null;
  };
}

let graph = null;

function importGraph(options) {
  if (graph) return graph;
  const root = options.root;
  const resolve = resolver(Object.entries(options.aliases).map(([prefix, target]) => [prefix, path.join(root, target)]));
  const edges = new Map();
  for (const file of options.roots.flatMap((r) => listFiles(path.join(root, r), []))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, false);
    edges.set(file, new Set(importedFiles.map((i) => resolve(file, i.fileName)).filter((t) => t !== null)));
  }
  graph = edges;
  return graph;
}

/** The shortest import path from `start` back to `goal`, or null. */
function pathBack(edges, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const current = queue.shift();
    for (const next of edges.get(current) ?? []) {
      if (next === goal) {
        const route = [goal, current];
        for (let at = previous.get(current); at; at = previous.get(at)) route.push(at);
        return route.reverse();
      }
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, roots: { type: 'array' }, aliases: { type: 'object' } },
        additionalProperties: false,
      },
    ],
    messages: { cycle: 'Import cycle: {{route}}' },
  },
  create(context) {
    const options = context.options[0];
    const edges = importGraph(options);
    const filename = path.resolve(context.filename);
    const resolve = resolver(Object.entries(options.aliases).map(([prefix, target]) => [prefix, path.join(options.root, target)]));
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const target = resolve(filename, node.source.value);
      if (!target) return;
      // The file on disk may differ from the text being linted (an editor buffer): use the import as written.
      const route = target === filename ? [filename] : pathBack(edges, target, filename);
      if (route)
        context.report({
          node,
          messageId: 'cycle',
          data: { route: [filename, ...route].map((f) => path.relative(options.root, f)).join(' → ') },
        });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
