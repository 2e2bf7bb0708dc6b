// Plain JavaScript on purpose: it must run on any Node to explain that this one is too old,
// before `node scripts/*.ts` fails with an unhelpful "Unknown file extension .ts".
// npm scripts run on the project's own Node 24 (the `node` package, in node_modules/.bin), so
// this only speaks when that Node is missing or a script is run with an older `node` directly.
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(
    [
      `Pinstar runs on Node 24, which \`npm install\` brings into node_modules/.bin; this is Node ${process.versions.node}.`,
      'Run it through npm (`npm start`, `npm test`, `npm run <script>`), or `npx node <file>`;',
      'if that still finds this Node, run `npm install` again (without --ignore-scripts).',
    ].join('\n'),
  );
  process.exit(1);
}
