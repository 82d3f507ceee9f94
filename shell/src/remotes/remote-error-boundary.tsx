import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorCard } from '@kcf/ui';

export const REMOTE_ERROR_TITLE = 'This section could not be loaded';

const SCRIPT_LOAD_FAILED = 'RUNTIME-008';

/** A short reason a person can read (federation errors carry long diagnostic tails). */
export function reasonOf(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  if (raw.includes(SCRIPT_LOAD_FAILED)) {
    return `Its files could not be downloaded: the connection dropped or the section is being updated (${SCRIPT_LOAD_FAILED}).`;
  }
  const firstLine = raw.split('\n').find((line) => line.trim() !== '') ?? 'Unknown error';
  return firstLine.length > 240 ? `${firstLine.slice(0, 237)}...` : firstLine;
}

interface Props {
  /** Called before the section is rendered again; must make the next load fetch anew. */
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  error: unknown;
}

/** Contains a remote's failure to its own area: the sidebar and other sections keep working. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A section failed to load', error, info.componentStack);
  }

  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error !== null) {
      return <ErrorCard title={REMOTE_ERROR_TITLE} message={reasonOf(this.state.error)} onRetry={this.retry} />;
    }
    return this.props.children;
  }
}
