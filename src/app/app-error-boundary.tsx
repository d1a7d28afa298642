import { Component, type ErrorInfo, type ReactNode } from 'react';

import { paths } from '@/config/paths';
import { RELOAD_DOCUMENT_ATTRIBUTE } from '@/page-loading/link-action';

type Props = { children: ReactNode };
type State = { failed: boolean };

export const APP_ERROR_COPY = {
  title: 'Something went wrong',
  text: 'Sorry, this page could not be shown. Please try again, or go back to the home page.',
  reload: 'Try again',
  home: 'Return to Home',
} as const;

/**
 * The router's generic fallback: a thrown error shows this instead of a blank page. Visitors get
 * a plain apology and two ways on; the error itself (which may name internals) goes only to the
 * console, for developers.
 */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unexpected application error', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="container-page py-24" aria-labelledby="app-error-title">
        <h1 id="app-error-title" className="text-display-sm text-ink">
          {APP_ERROR_COPY.title}
        </h1>
        <p className="mt-4 text-ink-muted">{APP_ERROR_COPY.text}</p>
        <div className="mt-8 flex flex-wrap items-center gap-6">
          <button
            type="button"
            className="font-semibold text-brand-700 underline"
            onClick={() => window.location.reload()}
          >
            {APP_ERROR_COPY.reload}
          </button>
          {/* A full load: after an application error, start the app afresh. */}
          <a
            href={paths.home}
            className="font-semibold text-brand-700 underline"
            {...{ [RELOAD_DOCUMENT_ATTRIBUTE]: '' }}
          >
            {APP_ERROR_COPY.home}
          </a>
        </div>
      </section>
    );
  }
}
