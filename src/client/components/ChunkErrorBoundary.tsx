import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** Shown instead of the children after a failure; `retry` renders them again. */
  fallback: (retry: () => void) => ReactNode;
  /** Called before each retry: a fresh start for what failed. */
  onRetry?: () => void;
}

/**
 * Keeps a part that failed to load (its chunk could not be fetched: offline, server down) to its own corner, so
 * the rest of the page, and whatever was typed in it, stays. Coming back online retries by itself.
 */
export class ChunkErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  private readonly retry = () => {
    if (!this.state.failed) return;
    this.props.onRetry?.();
    this.setState({ failed: false });
  };

  componentDidMount() {
    window.addEventListener('online', this.retry);
  }

  componentWillUnmount() {
    window.removeEventListener('online', this.retry);
  }

  render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
