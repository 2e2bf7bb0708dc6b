export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export function createLogger(enabled = true): Logger {
  const stamp = () => new Date().toISOString();
  return {
    info: (message) => {
      if (enabled) process.stdout.write(`${stamp()} ${message}\n`);
    },
    warn: (message) => process.stderr.write(`${stamp()} warn ${message}\n`),
    error: (message, error) => {
      const detail = error instanceof Error ? `: ${error.stack ?? error.message}` : error === undefined ? '' : `: ${String(error)}`;
      process.stderr.write(`${stamp()} error ${message}${detail}\n`);
    },
  };
}

export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
