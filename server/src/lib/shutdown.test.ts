import assert from 'node:assert/strict';
import { Agent, createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { describe, test } from 'node:test';
import { drainHttp, trackInFlight, type InFlight } from './shutdown.ts';

interface Served {
  server: Server;
  inFlight: InFlight;
  url: string;
}

/** A listening server tracked as `startServer` tracks its own, answering with `handler`. */
async function serve(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<Served> {
  const server = createServer();
  const inFlight = trackInFlight(server);
  server.on('request', handler);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, inFlight, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Resolves with true when `socket` closes within `ms`, false otherwise. */
function closesWithin(socket: Socket, ms: number): Promise<boolean> {
  if (socket.destroyed) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
  socket: Socket;
}

function answerOf(req: ReturnType<typeof request>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let socket: Socket | null = null;
    req.once('socket', (s) => (socket = s));
    req.once('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body, socket: socket as Socket }),
      );
    });
    req.once('error', reject);
  });
}

describe('a graceful shutdown of HTTP connections', () => {
  test('an answer written after the drain began ends its connection, though the rest of the shutdown is still under way', async () => {
    // The handler answers once the request's body has arrived, as the REST path does.
    const { server, inFlight, url } = await serve((incoming, outgoing) => {
      let body = '';
      incoming.on('data', (chunk: Buffer) => (body += chunk.toString()));
      incoming.on('end', () => outgoing.writeHead(200, { 'Content-Type': 'text/plain' }).end(body));
    });
    const agent = new Agent({ keepAlive: true });
    try {
      const req = request(`${url}/`, { method: 'POST', agent });
      const answered = answerOf(req);
      req.write('written while ');
      await until(() => inFlight.count() === 1);
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      inFlight.beginDrain();
      // The WebSocket services would be closing now: drainHttp has not been called yet.
      req.end('the server stops');
      const answer = await answered;
      assert.equal(answer.body, 'written while the server stops');
      assert.equal(answer.connection, 'close');
      await drainHttp(server, inFlight, 5_000);
      await stopped;
    } finally {
      agent.destroy();
      server.closeAllConnections();
    }
  });

  test('an answer whose headers said keep-alive before the drain began has its connection closed once it ends', async () => {
    let finish!: () => void;
    const { server, inFlight, url } = await serve((incoming, outgoing) => {
      if (incoming.url === '/slow') return; // answered when the test ends
      outgoing.writeHead(200, { 'Content-Type': 'text/plain' });
      outgoing.write('started before ');
      finish = () => outgoing.end('the shutdown');
    });
    const agent = new Agent({ keepAlive: true });
    let closed: Promise<void> | undefined;
    const other = request(`${url}/slow`, { agent });
    other.once('error', () => undefined);
    other.end();
    try {
      const req = request(`${url}/`, { agent });
      const headers = new Promise<IncomingMessage>((resolve) => req.once('response', resolve));
      const answered = answerOf(req);
      req.end();
      assert.equal((await headers).headers.connection, 'keep-alive');
      await until(() => inFlight.count() === 2);
      closed = new Promise<void>((resolve) => server.close(() => resolve()));
      inFlight.beginDrain();
      finish();
      const answer = await answered;
      assert.equal(answer.body, 'started before the shutdown');
      // Another request is still in flight, so it is not drainHttp's final cut that closes it.
      assert.equal(await closesWithin(answer.socket, 2_000), true, 'the server closed the connection after the answer');
      assert.equal(inFlight.count(), 1);
    } finally {
      agent.destroy();
      closed ??= new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    }
  });

  test('a kept-alive connection with no request in flight closes when the drain begins', async () => {
    const { server, inFlight, url } = await serve((_incoming, outgoing) => outgoing.end('ok'));
    const agent = new Agent({ keepAlive: true });
    try {
      const req = request(`${url}/`, { agent });
      const answered = answerOf(req);
      req.end();
      const answer = await answered;
      assert.equal(answer.connection, 'keep-alive');
      assert.equal(answer.socket.destroyed, false);
      inFlight.beginDrain();
      assert.equal(await closesWithin(answer.socket, 2_000), true);
    } finally {
      agent.destroy();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    }
  });
});
