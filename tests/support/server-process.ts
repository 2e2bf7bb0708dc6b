import { spawn, type ChildProcess } from 'node:child_process';
import { testProcessFlags } from './process-flags.ts';
import { childEnv, repoRoot } from './server.ts';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM (graceful) and wait for the exit. */
  stop(): Promise<void>;
}

/**
 * Starts `server/src/main.ts` as its own process (no web app) and resolves with its URL once it
 * serves. It runs with the test processes' V8 flags (`testProcessFlags`).
 */
export async function startServerProcess(project: string, env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...testProcessFlags, 'server/src/main.ts', '--no-web', '--port', '0', '--project', project], {
    cwd: repoRoot,
    env: childEnv({ LOG_REQUESTS: '0', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${output}`)), 90_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Pinstar is running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${output}`)));
  });
  return {
    child,
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
