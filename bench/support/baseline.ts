import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import type { Database } from '../../server/src/db/types.ts';

interface Statement {
  direct: (i: number) => { sql: string; params: unknown[]; role: string };
}

/**
 * The floor of this stack for a REST request: Hono on Node, the server's own database handle
 * (the same driver and pool), the same statement in the same one-round-trip request
 * transaction, its rows returned as JSON — no parsing, no schema cache, no SQL building.
 * `/baseline/<scenario>/<i>` runs scenario's statement for iteration i.
 */
export async function startBaseline(db: Database, statements: Statement[]): Promise<{ url: string; close: () => Promise<void> }> {
  const app = new Hono();
  app.all('/baseline/:scenario/:i', async (c) => {
    const q = statements[Number(c.req.param('scenario'))]?.direct(Number(c.req.param('i')));
    if (!q) return c.notFound();
    const { rows } = await db.transaction({ kind: 'request', role: q.role, claims: { role: q.role } }, (tx) => tx.query(q.sql, q.params), {
      readOnly: q.sql.startsWith('select'),
      single: true,
    });
    return c.json(rows);
  });
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
