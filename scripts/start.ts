import { buildWebIfNeeded } from './build-web.ts';

/** `npm start`: build the web app when its sources changed, then run the server in this process. */
if (!process.argv.includes('--no-web') && !process.argv.includes('--help') && !process.argv.includes('-h')) {
  await buildWebIfNeeded((line) => process.stdout.write(`${line}\n`));
}
await import('../server/src/main.ts');
