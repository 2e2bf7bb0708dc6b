// Plain JavaScript on purpose: it must run on any Node to explain that this one is too old,
// before `node scripts/*.ts` fails with an unhelpful "Unknown file extension .ts".
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  const cached = path.join(homedir(), '.cache/pinstar-tools/node/bin');
  const lines = [
    `Pinstar needs Node.js 22 or newer (Node 24 LTS recommended); this is Node ${process.versions.node}.`,
    existsSync(path.join(cached, 'node'))
      ? `Node 24 is already installed here by .ci/run: export PATH="${cached}:$PATH"`
      : 'Install it from https://nodejs.org, or run `bash .ci/run`, which installs Node 24 on Linux.',
  ];
  console.error(lines.join('\n'));
  process.exit(1);
}
