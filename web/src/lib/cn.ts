import { clsx, type ClassValue } from 'clsx';
import { mergeClasses } from './merge-classes';

/** Joins class names; when two Tailwind utilities set the same thing, the later one wins. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
