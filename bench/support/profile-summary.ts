import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

/** Prints the functions with the most self time in a `.cpuprofile` (node --cpu-prof), grouped by file too. */
const file = process.argv[2];
if (!file) throw new Error('usage: node bench/support/profile-summary.ts <file.cpuprofile>');
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[] };
const hits = new Map<number, number>();
for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
const total = profile.samples.length;
const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
for (const node of profile.nodes) {
  const n = hits.get(node.id) ?? 0;
  if (!n) continue;
  const where = node.callFrame.url.replace(/^file:\/\/.*?\/(node_modules|server)\//, '$1/') || '(native)';
  const name = `${node.callFrame.functionName || '(anonymous)'} ${where}:${node.callFrame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + n);
  const group = where.startsWith('node_modules/')
    ? where
        .split('/')
        .slice(0, where.includes('/@') ? 3 : 2)
        .join('/')
    : where;
  byFile.set(group, (byFile.get(group) ?? 0) + n);
}
const top = (m: Map<string, number>, count: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([k, v]) => `${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
console.log(`samples: ${total}`);
console.log('-- by file or package');
for (const line of top(byFile, 25)) console.log(line);
console.log('-- by function');
for (const line of top(byFunction, 40)) console.log(line);
