import { silentLogger } from '../../server/src/lib/log.ts';
import { startServer, type RunningServer } from '../../server/src/server.ts';

export interface BenchServerOptions {
  /** The Supabase project folder the server serves (the app's `supabase/` or a fixture). */
  projectDir: string;
  /** The server's data directory (PGlite's files, storage). */
  dataDir: string;
  /** PostgreSQL to serve; '' for PGlite in `dataDir`. */
  databaseUrl: string;
  /** Whether the project's seed runs on a new database (the benches that load their own data say no). */
  seed?: boolean;
}

/**
 * The server as every bench starts it: on a free port, without the web app, silent and
 * without a line per request, so neither logging nor static files are in what is measured.
 */
export function startBenchServer(options: BenchServerOptions): Promise<RunningServer> {
  return startServer({
    projectDir: options.projectDir,
    port: 0,
    dataDir: options.dataDir,
    webDist: null,
    env: { ...process.env, DATABASE_URL: options.databaseUrl },
    log: silentLogger,
    override: options.seed === false ? { logRequests: false, seed: false } : { logRequests: false },
  });
}
