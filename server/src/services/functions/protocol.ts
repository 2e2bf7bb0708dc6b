/** Messages between the functions service and a function's worker thread. */

export interface WorkerSetup {
  /** Absolute path of the function's entrypoint (index.ts). */
  entrypoint: string;
  /** The functions folder (`supabase/functions`), for import maps and `_shared/`. */
  functionsDir: string;
  /** Import map entries (`deno.json` / `import_map.json` "imports"), already absolute where relative. */
  imports: Record<string, string>;
  env: Record<string, string>;
}

export interface SerializedRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
}

export interface ResponseHead {
  status: number;
  statusText: string;
  headers: [string, string][];
}

export type ToWorker = { id: number; request: SerializedRequest };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'boot-error'; message: string; stack: string }
  /** The response's status and headers; its body follows as chunks (streams such as SSE flow). */
  | { type: 'head'; id: number; head: ResponseHead }
  | { type: 'chunk'; id: number; data: ArrayBuffer }
  | { type: 'end'; id: number; error: string | null }
  | { type: 'handler-error'; id: number; message: string; stack: string }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; message: string };
