import { Component, type ReactNode } from "react";
import { ErrorScreen } from "./error-screen";

type Props = {
  children: ReactNode;
  /** A change (the path) clears a shown error. */ resetKey?: string;
};

/** Shows the error screen for a render error below it; Try Again renders the children again. */
export class ErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error("Unknown error") };
  }

  override componentDidUpdate(prev: Props) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <ErrorScreen error={this.state.error} onRetry={() => this.setState({ error: null })} />;
  }
}
