import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeBootError } from './db/migrate.ts';
import { usage } from './help.ts';
import { tomlValue } from './lib/config.ts';
import { createLogger, logFormatOf, type LogFormat, type Logger } from './lib/log.ts';
import { DataDirLockedError, startServer, type RunningServer } from './server.ts';

function main(): void {
  let args;
  try {
    args = parseArgs({
      options: {
        project: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        web: { type: 'string' },
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
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
    process.stderr.write(`--port must be a port number, got "${args.port}"\n`);
    process.exit(2);
  }
  if (args.host !== undefined) process.env.HOST = args.host;
  const webDist = args['no-web'] || args.web === undefined ? null : path.resolve(args.web);
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
    webDist,
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
      // As `supabase status` prints the S3 protocol's credentials.
      ...(tomlValue(config.toml, 'storage.s3_protocol.enabled', true)
        ? [
            `  S3 Storage URL   ${server.url}/storage/v1/s3`,
            `  S3 Access Key    ${config.s3.accessKeyId}`,
            `  S3 Secret Key    ${config.s3.secretAccessKey}`,
            `  S3 Region        ${config.s3.region}`,
          ]
        : []),
      '',
      '',
    ].join('\n'),
  );
}

main();
