import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { installDeno, served } from './deno-shim.ts';
import { installHooks } from './hooks.ts';
import type { FromWorker, SerializedRequest, ToWorker, WorkerSetup } from './protocol.ts';

/** One function per worker thread: hooks and the Deno shim first, then the function module. */
const setup = workerData as WorkerSetup;
const port = parentPort;
if (!port) throw new Error('functions worker started outside a worker thread');

function send(message: FromWorker, transfer: ArrayBuffer[] = []): void {
  port?.postMessage(message, transfer);
}

function toRequest(request: SerializedRequest): Request {
  const init: RequestInit = { method: request.method, headers: request.headers };
  if (request.body && request.method !== 'GET' && request.method !== 'HEAD') init.body = request.body;
  return new Request(request.url, init);
}

/** Sends the head, then the body chunk by chunk, so streamed responses reach the client as they are produced. */
async function sendResponse(id: number, response: Response): Promise<void> {
  send({ type: 'head', id, head: { status: response.status, statusText: response.statusText, headers: [...response.headers] } });
  try {
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const data = value.slice().buffer;
        send({ type: 'chunk', id, data }, [data]);
      }
    }
    send({ type: 'end', id, error: null });
  } catch (error: unknown) {
    send({ type: 'end', id, error: describe(error).message });
  }
}

function describe(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) return { message: error.message, stack: error.stack ?? error.message };
  return { message: String(error), stack: String(error) };
}

async function dispatch({ id, request }: ToWorker): Promise<void> {
  const registration = served.current;
  if (!registration) return;
  try {
    const response = await registration.handler(toRequest(request), { remoteAddr: { transport: 'tcp', hostname: '127.0.0.1', port: 0 } });
    if (!(response instanceof Response)) throw new TypeError('the handler did not return a Response');
    await sendResponse(id, response);
  } catch (error: unknown) {
    const { message, stack } = describe(error);
    if (registration.onError) {
      try {
        await sendResponse(id, await registration.onError(error));
        return;
      } catch {
        // falls through to the default answer
      }
    }
    send({ type: 'handler-error', id, message, stack });
  }
}

// Node flags its TypeScript compiler as experimental on every worker start: noise for a function's
// author, so that one warning is dropped; any other warning is still printed.
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (warning.name === 'ExperimentalWarning' && warning.message.includes('stripTypeScriptTypes')) return;
  console.error(`${warning.name}: ${warning.message}`);
});
installDeno();
installHooks(setup.functionsDir, setup.imports);
try {
  const module = (await import(pathToFileURL(setup.entrypoint).href)) as { default?: { fetch?: unknown } };
  // `export default { fetch }` (Deno's `deno serve` form, the CLI 3.x template) serves as Deno.serve does.
  const fetchHandler = module.default?.fetch;
  if (!served.current && typeof fetchHandler === 'function')
    served.current = {
      handler: (request, info) => fetchHandler.call(module.default, request, info) as Response | Promise<Response>,
      onError: null,
    };
  if (!served.current) throw new Error('the function neither called Deno.serve() nor exported a default { fetch } handler');
  port.on('message', (message: ToWorker) => void dispatch(message));
  send({ type: 'ready' });
} catch (error: unknown) {
  const { message, stack } = describe(error);
  // Deno fetches npm: packages itself; here they come from node_modules, so say so.
  const missing = typeof error === 'object' && error !== null && 'code' in error && error.code === 'ERR_MODULE_NOT_FOUND';
  const hint = missing ? '\n(npm:, jsr: and import-map packages are loaded from node_modules: install the package in the project)' : '';
  send({ type: 'boot-error', message, stack: `${stack}${hint}` });
}
