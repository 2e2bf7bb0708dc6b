import { parseArgs } from 'node:util';
import { describeBootError } from './db/migrate.ts';
import { createLogger, logFormatOf, type LogFormat, type Logger } from './lib/log.ts';
import { DataDirLockedError, startServer, type RunningServer } from './server.ts';

const usage = `Usage: npm start -- [options]

Runs the local Supabase-compatible server and the web app on one origin.

Options:
  --project <dir>   Supabase project folder (config.toml, migrations/, seed.sql, functions/)  [./supabase]
  --port <n>        port to listen on                                            [PORT or 54321]
  --data-dir <dir>  where the embedded database and stored files live            [DATA_DIR or .data]
  --no-web          serve only the APIs
  --allow-demo-keys start with the Supabase CLI's public demo keys although the server
                    is reachable from other machines (ALLOW_DEMO_KEYS=1; a warning is printed)
  -h, --help        show this help

Environment: see README.md ("Configuration").`;

function main(): void {
  let args;
  try {
    args = parseArgs({
      options: {
        project: { type: 'string' },
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        'no-web': { type: 'boolean' },
        'allow-demo-keys': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error: unknown) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${usage}\n`);
    process.exit(2);
  }
  if (args.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  let format: LogFormat;
  try {
    format = logFormatOf(process.env);
  } catch (error: unknown) {
    process.stderr.write(`The server could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  const log = createLogger(process.env.LOG_REQUESTS !== '0', format);
  const port = args.port === undefined ? undefined : Number(args.port);
  // Signals are handled from the first moment: during boot they stop it once the database is open.
  let running: RunningServer | null = null;
  let stopRequested: string | null = null;
  let stopping = false;
  const stop = (signal: string) => {
    stopRequested = signal;
    if (!running || stopping) return;
    stopping = true;
    const message = `${signal}: closing the database…`;
    if (format === 'json') log.warn(message, { signal });
    else process.stdout.write(`\n${message}\n`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error('error while closing', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  startServer({
    projectDir: args.project,
    port,
    dataDir: args['data-dir'],
    log,
    ...(args['no-web'] ? { webDist: null } : {}),
    ...(args['allow-demo-keys'] ? { override: { allowDemoKeys: true } } : {}),
  }).then(
    (server) => {
      running = server;
      if (stopRequested) {
        stop(stopRequested);
        return;
      }
      if (format === 'json') logListening(server, log);
      else printBanner(server);
    },
    (error: unknown) => {
      const message = error instanceof DataDirLockedError ? error.message : `The server could not start: ${describeBootError(error)}`;
      if (format === 'json') log.error(message);
      else process.stderr.write(`${message}\n`);
      process.exit(1);
    },
  );
}

/** The banner as one JSON log line: where it listens and on what, never the keys. */
function logListening(server: RunningServer, log: Logger): void {
  const { config } = server;
  log.info(`Pinstar is running at ${server.url}`, {
    url: server.url,
    public_url: config.publicUrl,
    database: config.databaseUrl ? 'postgres' : 'pglite',
    project: config.projectDir,
  });
}

function printBanner(server: RunningServer): void {
  const { config, keys } = server;
  process.stdout.write(
    [
      '',
      `Pinstar is running at ${server.url}`,
      '',
      `  API URL          ${server.url}`,
      `  Database         ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}`,
      `  Project          ${config.projectDir}`,
      `  Mailbox          ${config.smtpUrl ? 'SMTP (SMTP_URL)' : `${server.url}/_dev/mail`}`,
      `  anon key         ${keys.anonKey}`,
      `  service_role key ${keys.serviceRoleKey}`,
      `  publishable key  ${keys.publishableKey}`,
      `  secret key       ${keys.secretKey}`,
      '',
      '',
    ].join('\n'),
  );
}

main();
