#!/usr/bin/env node
// The `pinstar-server` command. Plain JavaScript that any Node runs: the server itself needs
// Node 24 (module hooks and TypeScript stripping for edge functions), which this package brings
// as its pinned `node` dependency, so on an older Node it runs there (decision 370).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const compiled = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const sources = fileURLToPath(new URL('../src/main.ts', import.meta.url));
// An installed package has only dist/; a checkout runs its sources (dist/ exists there only while packing).
const entry = existsSync(sources) ? sources : compiled;
const major = Number(process.versions.node.split('.')[0]);

function pinnedNode() {
  try {
    const manifest = createRequire(import.meta.url).resolve('node/package.json');
    const binary = fileURLToPath(new URL('bin/node', pathToFileURL(manifest)));
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

if (major >= 24) {
  await import(pathToFileURL(entry).href);
} else {
  const node = pinnedNode();
  if (!node) {
    process.stderr.write(
      `pinstar-server needs Node 24, which it installs as its \`node\` dependency; this is Node ${process.versions.node} and that dependency is missing.\n` +
        'Reinstall without --ignore-scripts (the `node` package downloads its binary in an install script), or run it on Node 24.\n',
    );
    process.exit(1);
  }
  const child = spawn(node, [entry, ...process.argv.slice(2)], { stdio: 'inherit' });
  // The server closes gracefully on SIGINT and SIGTERM: pass them on and wait for it.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
}
