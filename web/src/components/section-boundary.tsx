import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LoadAttempt } from '@/lib/lazy-component';
import { QueryError } from './query-error';

interface SectionBoundaryProps {
  children: ReactNode;
  /** Names the section in the console when it fails. */
  name: string;
  /** What shows instead when it fails, for a part the page does without; by default the error and "Try again". */
  fallback?: ReactNode;
}

interface SectionBoundaryState {
  error: unknown;
  failed: boolean;
  /** How many times "Try again" was pressed: code that failed to load loads anew (lib/lazy-component). */
  attempt: number;
}

/**
 * One section of a page that fails alone: the rest of the page stays, and the section shows
 * QueryError with "Try again", which renders it anew (a failed query inside refetches on mount,
 * code that failed to load is fetched again).
 */
export class SectionBoundary extends Component<SectionBoundaryProps, SectionBoundaryState> {
  override state: SectionBoundaryState = { error: null, failed: false, attempt: 0 };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`The ${this.props.name} section failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return <LoadAttempt value={this.state.attempt}>{this.props.children}</LoadAttempt>;
    if (this.props.fallback !== undefined) return this.props.fallback;
    return (
      <QueryError
        error={this.state.error}
        onRetry={() => this.setState(({ attempt }) => ({ error: null, failed: false, attempt: attempt + 1 }))}
      />
    );
  }
}
