import { Component, type ErrorInfo, type ReactNode } from "react";

interface State {
  error: Error | null;
}

/** SPEC: an unexpected error shows 'Unexpected Application Error!' with the error's message. */
export default class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("dashboard error", error.message, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="dash-error" role="alert">
        <h1>Unexpected Application Error!</h1>
        <p className="dash-error__message">{error.message || "Something went wrong."}</p>
        <p>
          <a className="btn" href="/dashboard">
            Reload the dashboard
          </a>
        </p>
      </div>
    );
  }
}
