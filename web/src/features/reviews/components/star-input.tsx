import { Star } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';

const words = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

export interface StarInputProps {
  value: number;
  onChange: (value: number) => void;
  error?: string | undefined;
  name: string;
}

/**
 * 1–5 stars as a radio group: Tab reaches it, arrow keys move between the stars (native
 * radio behaviour), each star has a name ("4 stars, Very good").
 */
export function StarInput({ value, onChange, error, name }: StarInputProps) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-900">Your rating</legend>
      <div className="mt-1 flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="group relative inline-flex size-10 cursor-pointer items-center justify-center rounded-md has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
              aria-label={`${n} ${n === 1 ? 'star' : 'stars'}, ${words[n]}`}
            />
            <Star
              aria-hidden="true"
              className={cn('size-7', n <= value ? 'fill-amber-400 text-amber-500' : 'text-slate-400 group-hover:text-amber-400')}
            />
          </label>
        ))}
        <span className="ml-2 text-sm text-slate-700" aria-hidden="true">
          {value ? words[value] : ''}
        </span>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
