import { scrubEvent } from '@centinela/shared/errors/scrub';

/**
 * Error reporting in the browser (SPEC §7): Sentry, only when the server's /api/config names a DSN
 * (SENTRY_WEB_DSN), loaded lazily then — never in the sign-in bundle. Events are scrubbed of personal
 * data before they leave (emails, phones, document numbers, credentials, request bodies); no tracing,
 * no session replay, no breadcrumbs.
 */
type Capture = (error: unknown) => void;

let capture: Capture | null = null;
let flush: ((ms: number) => Promise<boolean>) | null = null;
let starting: Promise<void> | null = null;

export function initErrorReporting(dsn: string | null | undefined): Promise<void> {
  if (!dsn || capture) return Promise.resolve();
  starting ??= import('@sentry/browser').then((Sentry) => {
    Sentry.init({
      dsn,
      // Collect nothing about the user or the request on our own; scrubEvent is the last word anyway.
      dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
      defaultIntegrations: false,
      integrations: [Sentry.globalHandlersIntegration(), Sentry.linkedErrorsIntegration(), Sentry.dedupeIntegration()],
      beforeSend: (event) => scrubEvent(event),
      beforeBreadcrumb: () => null,
    });
    capture = (error) => void Sentry.captureException(error);
    flush = (ms) => Sentry.flush(ms);
  });
  return starting;
}

/** Reports an unexpected error (a no-op when reporting is off). */
export function reportError(error: unknown): void {
  capture?.(error);
}

/** Waits until queued reports are sent (tests; a page about to unload). */
export function flushErrorReports(ms = 2000): Promise<boolean> {
  return flush ? flush(ms) : Promise.resolve(true);
}
