import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './ErrorFallback';

type Props = {
  children: ReactNode;
  /** A part of a screen (a settings tab), not a whole screen: see ErrorFallback. */
  section?: boolean;
};
type State = { error: Error | null };

/** Catches render errors of one screen so the navbar stays usable; shows the error fallback. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ErrorFallback section={this.props.section} /> : this.props.children;
  }
}
