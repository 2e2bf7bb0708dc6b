import { Component, type ErrorInfo, type ReactNode } from 'react';
import { QueryError } from './query-error';

interface SectionBoundaryProps {
  children: ReactNode;
  /** Names the section in the console when it fails. */
  name: string;
}

/**
 * One section of a page that fails alone: the rest of the page stays, and the section shows
 * QueryError with "Try again", which renders it anew (a failed query inside refetches on mount).
 */
export class SectionBoundary extends Component<SectionBoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`The ${this.props.name} section failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <QueryError error={this.state.error} onRetry={() => this.setState({ error: null, failed: false })} />;
  }
}
