import type { Opening } from './pglite-session.ts';

/** Messages between the main thread and the PGlite worker thread. */
export interface SerializedError {
  code?: string;
  message: string;
  detail?: string | null;
  hint?: string | null;
  table?: string | null;
  column?: string | null;
  constraint?: string | null;
  schema?: string | null;
}

export type WorkerRequest =
  | { id: number; op: 'open'; dataDir: string; templatePath: string | null; extensions: string[]; settings: Record<string, string> }
  | { id: number; op: 'query'; sql: string; params: readonly unknown[] }
  /** `quiet`: no answer at all (a read-only COMMIT nobody waits for). */
  | { id: number; op: 'exec'; sql: string; quiet?: boolean }
  | { id: number; op: 'begin'; opening: Opening }
  | {
      id: number;
      op: 'begin-query';
      opening: Opening;
      sql: string;
      params: readonly unknown[];
      /** COMMIT right after the statement (a single-statement transaction). */
      commit?: boolean;
    }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; channel: string }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

export type WorkerResponse =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: SerializedError }
  | { id: -1; notify: { channel: string; payload: string } };
