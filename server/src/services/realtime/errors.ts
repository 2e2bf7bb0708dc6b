import { STATUS_CODES } from 'node:http';

/**
 * Realtime's error catalogue, worded as the real service words them:
 * connect errors (`lib/realtime_web/channels/user_socket.ex` handle_error → HTTP status + `{"error"}`),
 * join/channel reasons (`realtime_channel.ex` via `Logging.log_error` → `"Code: message"`),
 * REST errors (`plugs/auth_tenant.ex`, `fallback_controller.ex`).
 */
export class ConnectError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ConnectError';
    this.status = status;
  }
}

export const connectErrors = {
  missingApiKey: () => new ConnectError(401, 'API key is missing'),
  expiredToken: () => new ConnectError(401, 'Token has expired'),
  missingClaims: () => new ConnectError(401, 'Fields `role` and `exp` are required in JWT'),
  malformed: () => new ConnectError(401, 'The token provided is not a valid JWT'),
  signature: () => new ConnectError(401, 'Failed to validate JWT signature'),
  tooManyConnections: () => new ConnectError(429, 'Too many connected users'),
  /** An opaque `sb_` key the gateway does not know. */
  invalidApiKey: () => new ConnectError(401, 'Invalid API key'),
  /** Anything unexpected while accepting the socket (the cause goes to the log). */
  internal: () => new ConnectError(500, 'Error connecting to Realtime'),
};

/** Renders a refused WebSocket upgrade as the real service answers it: status + JSON body. */
export function renderConnectError(error: ConnectError): string {
  const body = JSON.stringify({ error: error.message });
  const reason = STATUS_CODES[error.status] ?? 'Error';
  return (
    `HTTP/1.1 ${error.status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/** A token problem found on a channel (join or access_token), with the code the join reply prefixes. */
export class ChannelTokenError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'ChannelTokenError';
    this.code = code;
  }
}

export const tokenErrors = {
  expired: (secondsAgo: number) => new ChannelTokenError('InvalidJWTToken', `Token has expired ${secondsAgo} seconds ago`),
  missingClaims: () => new ChannelTokenError('InvalidJWTToken', 'Fields `role` and `exp` are required in JWT'),
  malformed: () => new ChannelTokenError('MalformedJWT', 'The token provided is not a valid JWT'),
  signature: () => new ChannelTokenError('JwtSignatureError', 'Failed to validate JWT signature'),
};

/** Join error reasons: `{status:"error", response:{reason}}`. */
export const joinReasons = {
  topicRequired: () => 'TopicNameRequired: You must provide a topic name',
  unauthorized: (topic: string) => `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
  tooManyChannels: () => 'ChannelRateLimitReached: Too many channels',
  token: (error: ChannelTokenError) => `${error.code}: ${error.message}`,
  database: () => 'Realtime was unable to connect to the project database',
};

export const systemMessages = {
  readRevoked: (topic: string) => `You no longer have permission to read from this Channel topic: ${topic}`,
  database: () => 'Realtime was unable to connect to the project database',
  subscribed: () => 'Subscribed to PostgreSQL',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Ecto's changeset message for a missing field, as the broadcast controllers render it. */
const blank = "can't be blank";
const overPayloadLimit = 'Payload size exceeds tenant limit';

/**
 * REST broadcast answers (`plugs/auth_tenant.ex`, `broadcast_controller.ex`,
 * `broadcast_single_controller.ex` through `fallback_controller.ex`, and Phoenix's own 413/415).
 */
export const broadcastErrors = {
  /** auth_tenant: a missing or bad token is 401; a private topic the token may not write is 403. */
  unauthorized: (status: 401 | 403 = 401) => json(status, { message: 'Unauthorized' }),
  /** Neither JSON nor octet-stream on the single-message route. */
  unsupportedMediaType: () => new Response(null, { status: 415 }),
  /** The batch route's changeset errors: one object per message, keyed by field. */
  invalidMessages: (problems: Record<string, string[]>[]) => json(422, { errors: { messages: problems } }),
  noMessages: () => json(422, { errors: { messages: [blank] } }),
  blankPayload: () => json(422, { errors: { payload: [blank] } }),
  payloadTooLarge: () => json(422, { errors: { payload: [overPayloadLimit] } }),
  /** Field messages for `invalidMessages`. */
  fieldMessages: { blank, overPayloadLimit },
};
