import { Hono, type Context } from 'hono';
import { bufferedBody } from '../../lib/request-context.ts';
import { jsonBody } from '../../lib/route-marks.ts';
import type { AppEnv } from '../../lib/service.ts';
import { authenticateConnect, type VerifiedToken } from './auth.ts';
import { checkPolicies } from './authorization.ts';
import { broadcastErrors } from './errors.ts';
import { topicKey, type Hub } from './hub.ts';
import { EncodedBroadcast } from './protocol.ts';

type Obj = Record<string, unknown>;

/** `plugs/auth_tenant.ex`: bearer token first, else apikey; anything wrong is 401 `{"message":"Unauthorized"}`. */
async function authenticate(hub: Hub, authorization: string | undefined, apikey: string | undefined): Promise<VerifiedToken | null> {
  const bearer = /^bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1];
  try {
    return await authenticateConnect(hub.keys, bearer ?? apikey ?? null);
  } catch {
    return null;
  }
}

async function canWrite(hub: Hub, who: VerifiedToken, topic: string): Promise<boolean> {
  const policies = await checkPolicies(hub.db, { role: who.role, claims: who.claims, topic });
  return policies.broadcastWrite;
}

function send(hub: Hub, topic: string, isPrivate: boolean, event: string, payload: unknown, binary: Buffer | null, id: unknown): void {
  const meta = typeof id === 'string' ? { id } : null;
  hub.broadcast(topicKey(topic, isPrivate), new EncodedBroadcast({ topic: `realtime:${topic}`, event, payload, binary, meta }));
}

/**
 * The body, read by the envelope within the limit before authentication, as Phoenix's
 * Plug.Parsers does in the endpoint (its default length is 8,000,000 bytes; decision 300).
 */
function readBody(c: Context<AppEnv>): Buffer {
  return bufferedBody(c.env.incoming);
}

function parseJson(bytes: Buffer): unknown {
  return JSON.parse(bytes.toString('utf8')) as unknown;
}

/** REST broadcast (`broadcast_controller.ex`, `broadcast_single_controller.ex`): 202 on success. */
export function broadcastRoutes(hub: Hub): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/api/broadcast', jsonBody, async (c) => {
    const bytes = readBody(c);
    const who = await authenticate(hub, c.req.header('authorization'), c.req.header('apikey'));
    if (!who) return broadcastErrors.unauthorized();
    let body: unknown;
    try {
      body = parseJson(bytes);
    } catch {
      return broadcastErrors.noMessages();
    }
    const list = (body as Obj | null)?.messages;
    if (!Array.isArray(list) || list.length === 0) return broadcastErrors.noMessages();
    const problems = list.map((m: unknown) => {
      const message = (m && typeof m === 'object' ? m : {}) as Obj;
      const errors: Record<string, string[]> = {};
      for (const key of ['topic', 'event'] as const)
        if (typeof message[key] !== 'string' || message[key] === '') errors[key] = [broadcastErrors.fieldMessages.blank];
      if (message.payload === undefined || message.payload === null) errors.payload = [broadcastErrors.fieldMessages.blank];
      else if (Buffer.byteLength(JSON.stringify(message.payload)) > hub.settings.maxPayloadBytes)
        errors.payload = [broadcastErrors.fieldMessages.overPayloadLimit];
      return errors;
    });
    if (problems.some((p) => Object.keys(p).length)) return broadcastErrors.invalidMessages(problems);
    const messages = list as Obj[];
    const allowed = new Map<string, boolean>();
    for (const m of messages) {
      const topic = m.topic as string;
      if (m.private === true && !allowed.has(topic)) allowed.set(topic, await canWrite(hub, who, topic));
    }
    for (const m of messages) {
      const topic = m.topic as string;
      if (m.private === true && !allowed.get(topic)) continue; // upstream drops them silently
      send(hub, topic, m.private === true, m.event as string, m.payload, null, m.id);
    }
    return c.body(null, 202);
  });

  routes.post('/api/broadcast/:topic/events/:event', jsonBody, async (c) => {
    const bytes = readBody(c);
    const who = await authenticate(hub, c.req.header('authorization'), c.req.header('apikey'));
    if (!who) return broadcastErrors.unauthorized();
    const topic = c.req.param('topic');
    const event = c.req.param('event');
    const isPrivate = c.req.query('private') === 'true';
    const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    let payload: unknown = null;
    let binary: Buffer | null = null;
    if (type === 'application/octet-stream') binary = bytes;
    else if (type === 'application/json') {
      try {
        payload = parseJson(bytes);
      } catch {
        return broadcastErrors.blankPayload();
      }
    } else return broadcastErrors.unsupportedMediaType();
    const size = binary ? binary.length : Buffer.byteLength(JSON.stringify(payload));
    if ((!binary && (payload === null || typeof payload !== 'object')) || (binary && binary.length === 0))
      return broadcastErrors.blankPayload();
    if (size > hub.settings.maxPayloadBytes) return broadcastErrors.payloadTooLarge();
    if (isPrivate && !(await canWrite(hub, who, topic))) return broadcastErrors.unauthorized(403);
    send(hub, topic, isPrivate, event, payload, binary, null);
    return c.body(null, 202);
  });
  return routes;
}
