import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { describeError, type AppError } from './errors';

/**
 * Puts a server error where the user looks for it: under its field when the catalogue names a
 * field of this form, else at the top of the form (`errors.root.server`).
 */
export function applyServerError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly Path<T>[],
  options: { table?: string } = {},
): AppError {
  const described = describeError(error, options);
  const field = fields.find((f) => f === described.field);
  if (field) setError(field, { type: 'server', message: described.message }, { shouldFocus: true });
  else setError('root.server', { type: described.code, message: described.message });
  return described;
}
