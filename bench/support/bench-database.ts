import { readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { startCluster, type Cluster } from '../../tests/support/postgres-cluster.ts';

/**
 * Runs `run` with a fresh database `name` in a throwaway PostgreSQL cluster, and stops the
 * cluster afterwards — also when the run is interrupted (Ctrl-C, SIGTERM), so no cluster is
 * left behind. `url` is the database's connection string; `cluster.url` the server's.
 */
export async function withBenchDatabase<T>(name: string, run: (url: string, cluster: Cluster) => Promise<T>): Promise<T> {
  const cluster = await startCluster();
  const interrupted = () => {
    cluster.stop();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const admin = new pg.Client({ connectionString: `${cluster.url}/postgres` });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ pid: number }>('select pg_backend_pid() as pid');
      shareSchedulingGroupNice(rows[0]?.pid);
      await admin.query(`create database ${pg.escapeIdentifier(name)}`);
    } finally {
      await admin.end();
    }
    return await run(`${cluster.url}/${name}`, cluster);
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    cluster.stop();
  }
}

/**
 * With Linux's autogroup scheduling, a process's nice value only weighs against the processes
 * of its own session, and pg_ctl starts PostgreSQL in a session of its own. A bench run at a
 * raised priority (`setsid` + a negative nice in `/proc/self/autogroup`, see docs/figures.md)
 * gives its database server the same, so that it measures the code and not the queue for a core.
 */
function shareSchedulingGroupNice(pid: number | undefined): void {
  try {
    const nice = /nice (-?\d+)/.exec(readFileSync('/proc/self/autogroup', 'utf8'))?.[1];
    if (pid && nice && nice !== '0') writeFileSync(`/proc/${pid}/autogroup`, nice);
  } catch {
    // No autogroup scheduling, or not allowed: the database keeps its session's priority.
  }
}
