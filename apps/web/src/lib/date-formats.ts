/** The flyout's and list's date styles, one place so every date on the screen reads alike. */
export const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
export const DATE_ONLY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/** A calendar day (YYYY-MM-DD) at noon, so no time zone moves it to a neighbouring day. */
export const dayValue = (day: string) => `${day}T12:00:00`;
