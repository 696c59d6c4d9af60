/**
 * Keeps one broken panel from taking the page down: it shows what failed where, and the rest keeps running.
 */
import { Component, type ReactNode } from 'react';
import { retryFailedLoads } from '../state/after-first-frame.ts';

export class PanelBoundary extends Component<{ name: string; children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="panel-error" role="alert">
        <h2>{this.props.name}</h2>
        <p>This panel failed: {this.state.error.message}</p>
        <button
          onClick={() => {
            retryFailedLoads(); // a panel whose code did not arrive fetches it again
            this.setState({ error: null });
          }}
        >
          Try again
        </button>
      </section>
    );
  }
}
