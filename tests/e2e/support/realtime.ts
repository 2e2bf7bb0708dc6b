import type { Page } from 'playwright-core';

/**
 * Which realtime topics the page has joined (the server's ok to its join), from the page's
 * WebSocket frames: what is broadcast on a topic after `joined(topic)` resolves reaches the page.
 * Create it before the page opens the socket.
 */
export function realtimeJoins(page: Page): { joined(topic: string): Promise<void> } {
  const topics = new Set<string>();
  const waiting: { topic: string; resolve: () => void }[] = [];
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      const frame = String(payload);
      if (!frame.includes('"phx_reply"') || !frame.includes('"status":"ok"')) return;
      const topic = /"realtime:([^"]+)"/.exec(frame)?.[1];
      if (!topic) return;
      topics.add(topic);
      for (const waiter of waiting.filter((w) => w.topic === topic)) waiter.resolve();
    });
  });
  return {
    joined: (topic) => (topics.has(topic) ? Promise.resolve() : new Promise((resolve) => waiting.push({ topic, resolve }))),
  };
}

/**
 * Holds back what the page sends on one realtime topic (its join and whatever follows) while
 * the rest of its socket goes through: `joining` resolves once the join was sent and held,
 * `release()` sends what was held and lets the topic through from then on. Call it before the
 * page opens its socket.
 */
export async function holdRealtimeTopic(page: Page, topic: string): Promise<{ joining: Promise<void>; release(): void }> {
  const quoted = JSON.stringify(`realtime:${topic}`);
  let held: string[] | null = [];
  let joinHeld: () => void = () => undefined;
  const joining = new Promise<void>((resolve) => (joinHeld = resolve));
  let sendToServer: (message: string) => void = () => {
    throw new Error('the page never opened its realtime socket');
  };
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      const text = typeof message === 'string' ? message : '';
      if (held && text.includes(quoted)) {
        held.push(text);
        if (text.includes('"phx_join"')) joinHeld();
      } else server.send(message);
    });
    ws.onClose((code, reason) => server.close({ code, reason }));
    server.onClose((code, reason) => ws.close({ code, reason }));
    sendToServer = (message) => server.send(message);
  });
  return {
    joining,
    release() {
      const waiting = held ?? [];
      held = null;
      waiting.forEach((message) => sendToServer(message));
    },
  };
}
