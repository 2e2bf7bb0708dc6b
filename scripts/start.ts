import { buildWebIfNeeded } from './build-web.ts';

/**
 * `npm start`: build the web app when its sources changed, then run the server package
 * (`server/`, the `pinstar-server` command, decision 370) in this process, serving the app at `/`.
 */
const args = process.argv.slice(2);
const helpOnly = args.includes('--help') || args.includes('-h');
if (!args.includes('--no-web') && !helpOnly) {
  await buildWebIfNeeded((line) => process.stdout.write(`${line}\n`));
  if (!args.includes('--web')) process.argv.push('--web', 'web/dist');
}
await import('pinstar-server');
