import { Component, useEffect, useRef, type ErrorInfo, type ReactNode } from 'react';
import { ErrorCard } from '@kcf/ui';
import { useOnlineStatus } from '@kcf/web-kit';

export const REMOTE_ERROR_TITLE = 'This section could not be loaded';
export const REMOTE_OFFLINE_MESSAGE = 'You are offline. This section will open by itself when the connection returns.';

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

/**
 * The card of a section that failed. While the browser is offline it says so; whenever the connection
 * comes back (the failure was offline, or the connection dropped since), the section is loaded again by
 * itself — the Retry button stays for every other cause.
 */
export function RemoteLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const online = useOnlineStatus();
  const sawOffline = useRef(!online);
  useEffect(() => {
    if (!online) sawOffline.current = true;
    else if (sawOffline.current) {
      sawOffline.current = false;
      onRetry();
    }
  }, [online, onRetry]);
  return (
    <ErrorCard
      title={REMOTE_ERROR_TITLE}
      message={online ? reasonOf(error) : REMOTE_OFFLINE_MESSAGE}
      onRetry={onRetry}
    />
  );
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
      return <RemoteLoadFailed error={this.state.error} onRetry={this.retry} />;
    }
    return this.props.children;
  }
}
