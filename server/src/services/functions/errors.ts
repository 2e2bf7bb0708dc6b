/**
 * The functions error catalogue: every answer the platform (not the function) gives, in the
 * local stack's wire shape — the edge runtime's main worker (supabase/cli
 * `internal/functions/serve/templates/main.ts`) and Deno.serve's default error handler.
 */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** `{code, message}` from the main worker when a user worker fails. */
function runtimeError(status: number, code: string, message: string): Response {
  return json(status, { code, message });
}

/** verify_jwt refusals: `{msg}` with 401. */
function unauthorized(msg: string): Response {
  return json(401, { msg });
}

export const functionErrors = {
  notFound: () => new Response('Function not found', { status: 404, headers: { 'Content-Type': 'text/plain' } }),
  missingAuthorization: () => unauthorized('Error: Missing authorization header'),
  notBearer: () => unauthorized("Error: Auth header is not 'Bearer {token}'"),
  invalidJwt: () => unauthorized('Invalid JWT'),
  /** Deno.serve's default onError: the stack goes to the log, the client gets no internals. */
  handlerThrew: () => new Response('Internal Server Error', { status: 500, headers: { 'Content-Type': 'text/plain;charset=UTF-8' } }),
  bootFailed: () => runtimeError(503, 'BOOT_ERROR', 'Worker failed to boot (please check logs)'),
  resourceLimit: () => runtimeError(546, 'WORKER_LIMIT', 'Worker failed to respond due to a resource limit (please check logs)'),
  crashed: () => runtimeError(500, 'WORKER_ERROR', 'Function exited due to an error (please check logs)'),
};
