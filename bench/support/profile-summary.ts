import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

/**
 * Prints the functions with the most self time in a `.cpuprofile` (node --cpu-prof), grouped by
 * file too, and the functions with the most inclusive time (themselves and what they called) as
 * a share of the busy samples (all but `(idle)`).
 */
const file = process.argv[2];
if (!file) throw new Error('usage: node bench/support/profile-summary.ts <file.cpuprofile>');
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[] };
const hits = new Map<number, number>();
for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
const total = profile.samples.length;
const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
const whereOf = (node: ProfileNode) => node.callFrame.url.replace(/^file:\/\/.*?\/(node_modules|server|bench)\//, '$1/') || '(native)';
const nameOf = (node: ProfileNode) => `${node.callFrame.functionName || '(anonymous)'} ${whereOf(node)}:${node.callFrame.lineNumber + 1}`;
for (const node of profile.nodes) {
  const n = hits.get(node.id) ?? 0;
  if (!n) continue;
  const where = whereOf(node);
  const name = nameOf(node);
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

// Inclusive: each sample counts once for every distinct function on its stack.
const parent = new Map<number, ProfileNode>();
const byId = new Map<number, ProfileNode>();
for (const node of profile.nodes) {
  byId.set(node.id, node);
  for (const child of node.children ?? []) parent.set(child, node);
}
const inclusive = new Map<string, number>();
let busy = 0;
for (const [id, n] of hits) {
  const leaf = byId.get(id);
  if (!leaf || leaf.callFrame.functionName === '(idle)') continue;
  busy += n;
  const seen = new Set<string>();
  for (let node: ProfileNode | undefined = leaf; node; node = parent.get(node.id)) {
    const name = nameOf(node);
    if (seen.has(name) || name.startsWith('(root)')) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + n);
  }
}
console.log(`-- inclusive, by function, in % of the ${busy} busy samples (${((busy / total) * 100).toFixed(1)}% of all)`);
for (const [name, n] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 70)) {
  console.log(`${((n / busy) * 100).toFixed(1).padStart(5)}%  ${name}`);
}
