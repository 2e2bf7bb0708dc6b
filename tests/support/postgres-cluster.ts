import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

/** A throwaway PostgreSQL cluster for the test run: initdb into a temp dir, a free loopback port. */
export interface Cluster {
  url: string;
  stop(): void;
}

const binDir = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

/** initdb and postgres refuse to run as root; as root, run them as the `postgres` user. */
function run(command: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', path.join(binDir, command), ...args]]
    : [path.join(binDir, command), args];
  const result = spawnSync(file, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout || result.error?.message}`);
}

export async function startCluster(): Promise<Cluster> {
  if (!existsSync(path.join(binDir, 'initdb'))) {
    throw new Error(`PostgreSQL server binaries not found in ${binDir} (apt-get install postgresql, or set PG_BIN_DIR)`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'pinstar-pg-'));
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 -c wal_level=logical`;
  run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
