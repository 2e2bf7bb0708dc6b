/** A database error with the fields PostgreSQL reports, the same on PGlite and PostgreSQL. */
export class DbError extends Error {
  readonly code: string;
  readonly detail: string | null;
  readonly hint: string | null;
  readonly table: string | null;
  readonly column: string | null;
  readonly constraint: string | null;
  readonly schema: string | null;

  constructor(fields: {
    code: string;
    message: string;
    detail?: string | null;
    hint?: string | null;
    table?: string | null;
    column?: string | null;
    constraint?: string | null;
    schema?: string | null;
  }) {
    super(fields.message);
    this.name = 'DbError';
    this.code = fields.code;
    this.detail = fields.detail ?? null;
    this.hint = fields.hint ?? null;
    this.table = fields.table ?? null;
    this.column = fields.column ?? null;
    this.constraint = fields.constraint ?? null;
    this.schema = fields.schema ?? null;
  }
}

export function isDbError(error: unknown): error is DbError {
  return error instanceof DbError;
}

function field(source: Record<string, unknown>, key: string): string | null {
  const value = source[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Normalises a driver error (pg's DatabaseError or PGlite's) into a DbError; other errors pass through. */
export function toDbError(error: unknown): unknown {
  if (error instanceof DbError) return error;
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    const source = error as unknown as Record<string, unknown>;
    if (/^[0-9A-Z]{5}$/.test(error.code)) {
      return new DbError({
        code: error.code,
        message: error instanceof Error ? error.message : String(source.message ?? ''),
        detail: field(source, 'detail'),
        hint: field(source, 'hint'),
        table: field(source, 'table'),
        column: field(source, 'column'),
        constraint: field(source, 'constraint'),
        schema: field(source, 'schema'),
      });
    }
  }
  return error;
}

export function statementTimeoutError(): DbError {
  return new DbError({ code: '57014', message: 'canceling statement due to statement timeout' });
}
