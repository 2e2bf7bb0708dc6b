import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** The backend URL each WebSocket upgrade went to, in order. */
  readonly upgrades: string[];
  close(): Promise<void>;
}

/**
 * A minimal load balancer for tests and benches: each HTTP request and each WebSocket upgrade
 * goes to the next backend in turn; a backend that refuses the connection is skipped (as
 * nginx's `proxy_next_upstream error`). Plain node:http with keep-alive towards the backends;
 * upgrades are piped as raw TCP.
 */
export async function startRoundRobinProxy(backends: string[], port = 0): Promise<RoundRobinProxy> {
  const targets = backends.map((b) => new URL(b));
  const agents = targets.map(() => new http.Agent({ keepAlive: true, maxSockets: 256 }));
  const upgrades: string[] = [];
  const tunnels = new Set<net.Socket>();
  let next = 0;
  const order = (): number[] => {
    const start = next++ % targets.length;
    return targets.map((_, i) => (start + i) % targets.length);
  };

  function forward(request: http.IncomingMessage, response: http.ServerResponse, tries: number[], body: Buffer): void {
    const index = tries[0];
    if (index === undefined) {
      response.writeHead(502).end('no backend');
      return;
    }
    const target = targets[index] as URL;
    const outgoing = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
        agent: agents[index],
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        answer.on('error', () => response.destroy());
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' && !response.headersSent) forward(request, response, tries.slice(1), body);
      else if (!response.headersSent) response.writeHead(502).end('bad gateway');
      else response.destroy();
    });
    outgoing.end(body);
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => forward(request, response, order(), Buffer.concat(chunks)));
  });

  function upgrade(request: http.IncomingMessage, client: net.Socket, head: Buffer, tries: number[]): void {
    const index = tries[0];
    if (index === undefined) {
      client.destroy();
      return;
    }
    const target = targets[index] as URL;
    const backend = net.connect(Number(target.port), target.hostname);
    let connected = false;
    backend.on('connect', () => {
      connected = true;
      upgrades.push(target.origin);
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      backend.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length) backend.write(head);
      backend.pipe(client);
      client.pipe(backend);
    });
    backend.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && error.code === 'ECONNREFUSED') upgrade(request, client, head, tries.slice(1));
      else client.destroy();
    });
    backend.on('close', () => {
      if (connected) client.destroy();
    });
    tunnels.add(client);
    client.on('error', () => backend.destroy());
    client.on('close', () => {
      tunnels.delete(client);
      backend.destroy();
    });
  }
  server.on('upgrade', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => upgrade(request, client, head, order()));

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    upgrades,
    close: async () => {
      for (const socket of tunnels) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const agent of agents) agent.destroy();
    },
  };
}
