import { Component, type ReactNode } from 'react';
import { ErrorView } from '../components/error-view';

/**
 * A page that fails to render (a chunk that cannot load, a bug) shows the application's error page, not
 * a blank one: the visitor entry has no router error element.
 */
export class VisitorErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <ErrorView notFound={false} /> : this.props.children;
  }
}
