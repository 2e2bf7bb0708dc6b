import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Label } from './label';

interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

export interface FormFieldProps {
  label: ReactNode;
  /** Shown under the control and announced; sets `aria-invalid`. */
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  /** One input, textarea or select; gets its id and ARIA wiring from here. */
  children: ReactElement<ControlProps>;
}

/** A label, a control, an optional hint and the field's error right under it. */
export function FormField({ label, error, hint, className, children }: FormFieldProps) {
  const id = useId();
  const controlId = children.props.id ?? `${id}-control`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId, children.props['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={controlId}>{label}</Label>
      {cloneElement(children, { id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** An error about the whole form (e.g. wrong credentials), announced when it appears. */
export function FormError({ children, className }: { children: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <div role="alert" className={cn('rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800', className)}>
      {children}
    </div>
  );
}
