import { Component, type ErrorInfo, type ReactNode } from 'react';

import { paths } from '@/config/paths';
import { RELOAD_DOCUMENT_ATTRIBUTE } from '@/lib/link-action';

type Props = { children: ReactNode };
type State = { error: Error | null };

/** The router's generic fallback: a thrown error shows this instead of a blank page. */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unexpected application error', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <section className="container-page py-24" aria-labelledby="app-error-title">
        <h1 id="app-error-title" className="text-display-sm text-ink">
          Unexpected Application Error!
        </h1>
        <p className="mt-4 text-ink-muted">{error.message}</p>
        {/* A full load: after an application error, start the app afresh. */}
        <a
          href={paths.home}
          className="mt-8 inline-block font-semibold text-brand-700 underline"
          {...{ [RELOAD_DOCUMENT_ATTRIBUTE]: '' }}
        >
          Return to Home
        </a>
      </section>
    );
  }
}
