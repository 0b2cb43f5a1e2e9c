import { Component, type ComponentChildren } from 'preact';
import { errorText } from './notices.js';

/** A page that throws while rendering shows what went wrong, never a blank screen. */
export class ErrorBoundary extends Component<{ children: ComponentChildren; resetKey: string }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  override componentDidCatch(error: unknown): void {
    this.setState({ error });
  }

  override componentDidUpdate(previous: { resetKey: string }): void {
    if (previous.resetKey !== this.props.resetKey && this.state.error !== undefined) this.setState({ error: undefined });
  }

  override render() {
    if (this.state.error !== undefined) {
      return (
        <div class="notice notice-error" role="alert">
          <strong>This page failed to render: </strong>
          {errorText(this.state.error)}. Other pages still work; reload to try again.
        </div>
      );
    }
    return this.props.children;
  }
}
