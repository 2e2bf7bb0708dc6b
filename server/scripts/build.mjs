// `npm pack` (prepack): compiles src/ to dist/ and copies the bootstrap SQL beside it. Node refuses
// to strip types from files under node_modules, so an installed package runs JavaScript; a
// checkout runs src/ directly (decision 370). Plain JavaScript: it runs on whichever Node npm uses.
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
rmSync(path.join(root, 'dist'), { recursive: true, force: true });
execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
cpSync(path.join(root, 'src/db/sql'), path.join(root, 'dist/db/sql'), { recursive: true });
