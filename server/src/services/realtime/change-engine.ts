import { ChangeCapture } from './change-capture.ts';
import { judgeTable, type CheckEnv } from './change-checks.ts';
import { deliverChanges, type CapturedChange, type Verdict } from './change-payload.ts';
import { SubscriptionRegistry } from './change-registry.ts';
import type { ChangeEngine } from './change-subscription.ts';
import type { Hub } from './hub.ts';
import { TableCatalog } from './table-catalog.ts';

/**
 * postgres_changes without logical replication (upstream `postgres_cdc_rls` + SQL
 * `realtime.apply_rls`), in four parts: the capture (`change-capture.ts`) turns NOTIFYs into
 * changes; the registry (`change-registry.ts`) holds the subscriptions; the checks
 * (`change-checks.ts`) decide per subscriber, by filters, privileges and RLS, batched per
 * table and identity; delivery (`change-payload.ts`) sends each change once per channel.
 */
export function createChangeEngine(hub: Hub): ChangeEngine {
  const catalog = new TableCatalog(hub.db);
  const registry = new SubscriptionRegistry(hub.db, catalog);
  const env: CheckEnv = { db: hub.db, log: hub.log, catalog, registry };
  const capture = new ChangeCapture(hub.db, hub.log, processBatch, () => registry.size > 0);
  const stops: Array<() => Promise<void>> = [];

  async function processBatch(changes: CapturedChange[]): Promise<void> {
    // A join answered before its registration finished must still get changes committed since.
    await registry.settled();
    if (!registry.size) return;
    const verdicts: Verdict[][] = changes.map(() => []);
    for (const indexes of byTable(changes).values()) {
      const first = changes[indexes[0] ?? 0];
      if (!first) continue;
      let info = await catalog.table(first.schema, first.table);
      // A column the cached shape does not know means the table was altered: read it again.
      const known = new Set(info?.columns.map((c) => c.name));
      if (info && indexes.some((i) => Object.keys(changes[i]?.record ?? changes[i]?.old_record ?? {}).some((k) => !known.has(k)))) {
        catalog.forget(first.schema, first.table);
        info = await catalog.table(first.schema, first.table);
      }
      if (!info) continue;
      await judgeTable(env, info, changes, indexes, verdicts);
    }
    deliverChanges(changes, verdicts);
  }

  return {
    subscribe: (subs) => registry.add(subs),
    unsubscribe: (subs) => registry.remove(subs),
    start: async () => {
      await catalog.refresh();
      stops.push(await hub.db.listen('realtime:changes', capture.enqueue));
      // PostgREST's schema reload signal follows migrations: the publication may have changed.
      stops.push(
        await hub.db.listen('pgrst', () => void catalog.refresh().catch((e: unknown) => hub.log.error('realtime: refreshing tables', e))),
      );
    },
    close: async () => {
      for (const stop of stops.splice(0)) await stop();
      await capture.idle();
    },
  };
}

/** Indexes of the changes of each table, in commit order. */
function byTable(changes: CapturedChange[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  changes.forEach((c, i) => {
    const key = `${c.schema}.${c.table}`;
    out.set(key, [...(out.get(key) ?? []), i]);
  });
  return out;
}
