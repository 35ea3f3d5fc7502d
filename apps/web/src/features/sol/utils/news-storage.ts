/**
 * The Sol news popup shows once per user: the dismissal is kept in this browser's localStorage, keyed by
 * the user's id (another user on the same browser still sees it; a new browser shows it once more).
 */
export const SOL_NEWS_KEY_PREFIX = 'centinela.solNews.dismissed.';

/** Set to '1' in localStorage to show the popup to automated browsers too (the Sol e2e test). */
export const SOL_NEWS_FORCE_KEY = 'centinela.solNews.force';

export function solNewsDismissed(userId: string): boolean {
  try {
    // Automated browsers (Playwright sets navigator.webdriver; jsdom names itself) would get it on every
    // fresh context and have it cover the page under test: they see it only when asked to.
    const automated = navigator.webdriver || /jsdom/i.test(navigator.userAgent);
    if (automated && window.localStorage.getItem(SOL_NEWS_FORCE_KEY) !== '1') return true;
    return window.localStorage.getItem(SOL_NEWS_KEY_PREFIX + userId) === '1';
  } catch {
    return true; // storage blocked: never nag on every page
  }
}

export function dismissSolNews(userId: string): void {
  try {
    window.localStorage.setItem(SOL_NEWS_KEY_PREFIX + userId, '1');
  } catch {
    // storage blocked: the popup closes for this visit
  }
}
