export type LogFields = Record<string, unknown>;

export interface Logger {
  /** `fields` add structure to JSON logs; the text format shows only the message. */
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, error?: unknown): void;
}

export type LogFormat = 'text' | 'json';

/** LOG_FORMAT: `json` writes one JSON object a line (time, level, msg, fields), else text. */
export function logFormatOf(env: NodeJS.ProcessEnv): LogFormat {
  const value = (env.LOG_FORMAT ?? '').trim().toLowerCase();
  if (value === '' || value === 'text') return 'text';
  if (value === 'json') return 'json';
  throw new Error(`LOG_FORMAT must be "text" or "json", got "${env.LOG_FORMAT}"`);
}

function errorDetail(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

export function createLogger(enabled = true, format: LogFormat = 'text'): Logger {
  const stamp = () => new Date().toISOString();
  if (format === 'json') {
    const write = (stream: NodeJS.WriteStream, level: string, msg: string, fields: LogFields = {}) =>
      stream.write(`${JSON.stringify({ time: stamp(), level, msg, ...fields })}\n`);
    return {
      info: (message, fields) => {
        if (enabled) write(process.stdout, 'info', message, fields);
      },
      warn: (message, fields) => write(process.stderr, 'warn', message, fields),
      error: (message, error) => write(process.stderr, 'error', message, error === undefined ? {} : { error: errorDetail(error) }),
    };
  }
  return {
    info: (message) => {
      if (enabled) process.stdout.write(`${stamp()} ${message}\n`);
    },
    warn: (message) => process.stderr.write(`${stamp()} warn ${message}\n`),
    error: (message, error) => {
      const detail = error === undefined ? '' : `: ${errorDetail(error)}`;
      process.stderr.write(`${stamp()} error ${message}${detail}\n`);
    },
  };
}

export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
