import WebSocket from 'ws';

/**
 * A child process holding a share of a realtime bench's subscribers (forked by bench:scale),
 * so that reading thousands of sockets is not itself the bottleneck. Latency is taken on the
 * one monotonic clock every process shares (CLOCK_MONOTONIC), from the `t` the sender wrote.
 * Broadcast: every message counts. postgres_changes: each subscriber is a member of one room;
 * a row of its room counts as delivered, a row of another room as forbidden (RLS let through
 * what it must not). Delivered and expected are both reported: lost counts as failed.
 */
export type ToSubscribers =
  | {
      kind: 'setup';
      urls: string[];
      apikey: string;
      topic: string;
      /** Index of this share's first subscriber in the whole bench (subscriber n goes to urls[n % urls.length]). */
      first: number;
      count: number;
      /** postgres_changes on `table` instead of broadcast: each subscriber's token and room. */
      changes?: { table: string; tokens: string[]; rooms: number[] };
    }
  | { kind: 'collect'; expected: number; quietMs: number };

export type FromSubscribers =
  { kind: 'ready' } | { kind: 'result'; latencies: number[][]; delivered: number; forbidden: number; cpuMs: number; failedJoins: number };

/** CLOCK_MONOTONIC in ms: one clock for the sender and every subscriber process. */
export const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;

function open(url: string, apikey: string): Promise<WebSocket> {
  return new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=2.0.0`, {
      perMessageDeflate: false,
    });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Joins `topic`; for postgres_changes, resolves once the server confirms the subscription (its `system` message). */
function join(ws: WebSocket, topic: string, payload: unknown, waitSystem: boolean): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => (ws.off('message', onMessage), resolve(false)), 120_000);
    const onMessage = (data: WebSocket.RawData) => {
      const m = JSON.parse(String(data)) as [unknown, unknown, unknown, string, { status?: string }];
      const done = waitSystem ? m[3] === 'system' : m[3] === 'phx_reply' && m[1] === 'j';
      if (!done) return;
      clearTimeout(timer);
      ws.off('message', onMessage);
      resolve(waitSystem ? m[4]?.status === 'ok' : m[4]?.status === 'ok');
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify(['j', 'j', topic, 'phx_join', payload]));
  });
}

async function main(): Promise<void> {
  const groups: WebSocket[][] = [];
  const latencies: number[][] = [];
  let delivered = 0;
  let forbidden = 0;
  let failedJoins = 0;
  let lastAt = monotonicMs();
  let cpuAtArm = process.cpuUsage();
  process.on('message', async (message: ToSubscribers) => {
    if (message.kind === 'setup') {
      const topic = `realtime:${message.topic}`;
      message.urls.forEach(() => (groups.push([]), latencies.push([])));
      const sockets: { ws: WebSocket; group: number; k: number }[] = [];
      for (let i = 0; i < message.count; i += 25) {
        const batch = Array.from({ length: Math.min(25, message.count - i) }, (_, j) => i + j);
        const opened = await Promise.all(
          batch.map((k) => open(message.urls[(message.first + k) % message.urls.length] ?? '', message.apikey)),
        );
        opened.forEach((ws, j) => {
          const k = batch[j] ?? 0;
          const group = (message.first + k) % message.urls.length;
          groups[group]?.push(ws);
          sockets.push({ ws, group, k });
        });
      }
      const changes = message.changes;
      const joined = await Promise.all(
        sockets.map(({ ws, k }) =>
          changes
            ? join(
                ws,
                topic,
                {
                  config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: changes.table }] },
                  access_token: changes.tokens[k],
                },
                true,
              )
            : join(ws, topic, { config: {} }, false),
        ),
      );
      failedJoins = joined.filter((ok) => !ok).length;
      for (const { ws, group, k } of sockets) {
        const room = changes?.rooms[k];
        ws.on('message', (data) => {
          const at = monotonicMs();
          const text = String(data);
          if (changes) {
            if (!text.includes('"postgres_changes"')) return;
            const m = JSON.parse(text) as [unknown, unknown, unknown, string, { data?: { record?: { room?: number; t?: number } } }];
            const record = m[4]?.data?.record;
            if (!record) return;
            lastAt = at;
            if (record.room !== room) forbidden++;
            else {
              delivered++;
              latencies[group]?.push(at - Number(record.t));
            }
            return;
          }
          const marker = text.indexOf('"t":');
          if (marker < 0) return;
          lastAt = at;
          delivered++;
          latencies[group]?.push(at - Number.parseFloat(text.slice(marker + 4)));
        });
      }
      // The server drops a socket silent for a minute (REALTIME_HEARTBEAT_TIMEOUT_MS).
      const beat = setInterval(() => {
        for (const { ws } of sockets)
          if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify([null, 'hb', 'phoenix', 'heartbeat', {}]));
      }, 20_000);
      beat.unref();
      cpuAtArm = process.cpuUsage();
      process.send?.({ kind: 'ready' } satisfies FromSubscribers);
    } else {
      // Until everything expected arrived, or nothing more came for `quietMs`: what never came is lost.
      lastAt = Math.max(lastAt, monotonicMs());
      while (delivered < message.expected && monotonicMs() - lastAt < message.quietMs) await new Promise((r) => setTimeout(r, 20));
      const cpu = process.cpuUsage(cpuAtArm);
      process.send?.({
        kind: 'result',
        latencies,
        delivered,
        forbidden,
        failedJoins,
        cpuMs: (cpu.user + cpu.system) / 1000,
      } satisfies FromSubscribers);
      for (const ws of groups.flat()) ws.close();
    }
  });
}

await main();
