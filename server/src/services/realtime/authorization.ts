import type { Database, Tx } from '../../db/types.ts';
import type { Claims } from '../../lib/keys.ts';
import type { Hub } from './hub.ts';

export interface Policies {
  broadcastRead: boolean;
  broadcastWrite: boolean;
  presenceRead: boolean;
  presenceWrite: boolean;
}

export interface PolicySubject {
  role: string;
  claims: Claims;
  topic: string;
}

class Rollback extends Error {
  readonly value: Policies;
  constructor(value: Policies) {
    super('rollback');
    this.value = value;
  }
}

/**
 * Switches the transaction to the subscriber's role and claims with `realtime.topic` set, as
 * `Authorization.set_conn_config` does — only to a role `authenticator` may become, the same
 * guard as the request transactions (the session underneath is privileged).
 */
export async function becomeSubscriber(tx: Tx, context: { role: string; claims: Claims; topic?: string }): Promise<boolean> {
  const { rowCount } = await tx.query(
    `select set_config('role', r.rolname, true), set_config('realtime.topic', $2, true), set_config('request.jwt.claims', $3, true),
       set_config('request.jwt.claim.sub', $4, true), set_config('request.jwt.claim.role', r.rolname, true), set_config('statement_timeout', '8000', true)
     from pg_catalog.pg_roles r where r.rolname = $1 and pg_catalog.pg_has_role('authenticator', r.oid, 'member')`,
    [
      context.role,
      context.topic ?? '',
      JSON.stringify({ ...context.claims, role: context.role }),
      typeof context.claims.sub === 'string' ? context.claims.sub : '',
    ],
  );
  return rowCount > 0;
}

/**
 * Private-channel policies by RLS on `realtime.messages` (`lib/realtime/tenants/authorization.ex`):
 * read = probe rows inserted by the owner are visible to the subscriber's SELECT; write = the
 * subscriber's own INSERT passes. Everything is rolled back.
 */
export async function checkPolicies(db: Database, context: PolicySubject): Promise<Policies> {
  try {
    await db.transaction({ kind: 'system' }, async (tx) => {
      const probes = await tx.query<{ id: string; extension: string }>(
        `insert into realtime.messages (topic, extension) values ($1, 'broadcast'), ($1, 'presence') returning id::text, extension`,
        [context.topic],
      );
      const denied: Policies = { broadcastRead: false, broadcastWrite: false, presenceRead: false, presenceWrite: false };
      if (!(await becomeSubscriber(tx, context))) throw new Rollback(denied);
      const visible = await tx.query<{ extension: string }>(`select extension from realtime.messages where id = any($1::uuid[])`, [
        probes.rows.map((r) => r.id),
      ]);
      const readable = new Set(visible.rows.map((r) => r.extension));
      const canInsert = async (extension: string) => {
        await tx.query('savepoint realtime_probe');
        try {
          await tx.query(`insert into realtime.messages (topic, extension) values ($1, $2)`, [context.topic, extension]);
          return true;
        } catch (error: unknown) {
          if (typeof error === 'object' && error !== null && 'code' in error && error.code === '42501') return false;
          throw error;
        } finally {
          await tx.query('rollback to savepoint realtime_probe');
        }
      };
      throw new Rollback({
        broadcastRead: readable.has('broadcast'),
        presenceRead: readable.has('presence'),
        broadcastWrite: await canInsert('broadcast'),
        presenceWrite: await canInsert('presence'),
      });
    });
  } catch (error: unknown) {
    if (error instanceof Rollback) return error.value;
    throw error;
  }
  throw new Error('unreachable');
}

/**
 * Broadcast replay on join (`Realtime.Messages.replay`): private topics only, the newest
 * `limit` (1..25, default 25) broadcasts since `since` (ms), oldest first. Returns the join
 * error reason instead when replay is not allowed.
 */
export async function replayMessages(
  hub: Hub,
  topic: string,
  isPrivate: boolean,
  policies: Policies | null,
  params: unknown,
): Promise<string | Array<{ id: string; event: string; payload: unknown }>> {
  if (!isPrivate) return 'UnableToReplayMessages: Replay is not allowed for public channels';
  if (!policies?.broadcastRead) return `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`;
  const p = params && typeof params === 'object' ? (params as Record<string, unknown>) : {};
  const limit = p.limit === undefined || p.limit === null ? 25 : p.limit;
  if (!Number.isInteger(p.since) || !Number.isInteger(limit)) return 'UnableToReplayMessages: Replay params are not valid';
  // Messages sent in one instant share `inserted_at` (PGlite's clock counts milliseconds; one
  // transaction's sends share now()): the inserting transaction, then the row's place in the
  // heap, keep them in the order they were sent.
  try {
    return await hub.db.transaction(
      { kind: 'system' },
      async (tx) => {
        const { rows } = await tx.query<{ id: string; event: string; payload: unknown }>(
          `select id::text as id, event, payload from realtime.messages
           where topic = $1 and private is true and extension = 'broadcast'
             and inserted_at >= to_timestamp($2::float8 / 1000)::timestamp and inserted_at < now()::timestamp + interval '1 minute'
           order by inserted_at desc, xmin::text::bigint desc, ctid desc limit $3`,
          [topic, p.since, Math.max(1, Math.min(25, limit as number))],
        );
        return rows.reverse();
      },
      { readOnly: true },
    );
  } catch {
    return 'UnableToReplayMessages: Realtime was unable to replay messages';
  }
}
