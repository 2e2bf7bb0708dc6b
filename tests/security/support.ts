import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OtherOrigin {
  /** `http://127.0.0.1:<port>`: another origin than the app's `http://localhost:<port>`. */
  url: string;
  /** Requests it received, as `METHOD path`. */
  hits: string[];
  close(): Promise<void>;
}

/**
 * A second tiny web server on another port, standing in for an attacker's site: it serves the
 * given page at `/` and records every request (a collector for stolen data).
 */
export async function startOtherOrigin(page: string): Promise<OtherOrigin> {
  const hits: string[] = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    hits.push(`${request.method} ${request.url}`);
    request.resume();
    if (request.url === '/') {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(page);
      return;
    }
    response.writeHead(204, { 'Access-Control-Allow-Origin': '*' });
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
