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
