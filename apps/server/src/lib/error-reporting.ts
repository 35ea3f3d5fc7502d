import { scrubEvent } from '@centinela/shared/errors/scrub';

/**
 * Error reporting (SPEC §7 "Error reports go to a third-party error-reporting service"): Sentry, off
 * unless SENTRY_DSN is set, loaded only then. Personal data is scrubbed before an event leaves
 * (`scrubEvent`: emails, phones, document numbers, credentials, headers and bodies); no tracing, no
 * automatic instrumentation — only the unexpected errors the API answers with a 500 and the process's
 * uncaught ones.
 */
type Reporter = {
  capture(error: unknown, context?: Record<string, string>): void;
  flush(ms?: number): Promise<boolean>;
  close(ms?: number): Promise<boolean>;
};

let reporter: Reporter | null = null;

export async function initErrorReporting(opts: {
  dsn: string | undefined;
  environment: string;
  release?: string;
}): Promise<boolean> {
  if (!opts.dsn) return false;
  const Sentry = await import('@sentry/node');
  Sentry.init({
    dsn: opts.dsn,
    environment: opts.environment,
    release: opts.release,
    // Collect nothing about the user or the request on our own; scrubEvent is the last word anyway.
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    defaultIntegrations: false,
    integrations: [
      Sentry.onUncaughtExceptionIntegration(),
      Sentry.onUnhandledRejectionIntegration(),
      Sentry.linkedErrorsIntegration(),
    ],
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: () => null,
  });
  reporter = {
    capture: (error, context) => void Sentry.captureException(error, context && { tags: context }),
    flush: (ms) => Sentry.flush(ms),
    close: (ms) => Sentry.close(ms),
  };
  return true;
}

/** Sends one unexpected error (a no-op when reporting is off). */
export function reportError(error: unknown, context?: Record<string, string>): void {
  reporter?.capture(error, context);
}

export function flushErrorReports(ms = 2000): Promise<boolean> {
  return reporter ? reporter.flush(ms) : Promise.resolve(true);
}

/** Sends what is pending, then stops reporting (a process that goes on, like a test worker, reports no more). */
export async function stopErrorReporting(ms = 2000): Promise<void> {
  const stopping = reporter;
  reporter = null;
  await stopping?.close(ms);
}
