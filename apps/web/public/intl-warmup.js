// A worker (lib/intl-warmup.ts): builds one formatter of each kind the first screen uses, in the page's
// language (`name`, a BCP 47 tag), and ends. The browser's Intl data (ICU) is loaded once per renderer
// process, whichever thread asks first: asked here, the main thread's first formatter costs next to nothing
// instead of one task that cannot be split.
const tag = self.name || 'en';
try {
  new Intl.NumberFormat(tag).format(0);
  new Intl.DateTimeFormat(tag, { dateStyle: 'long' }).format(0);
  new Intl.PluralRules(tag).select(1);
  Intl.DateTimeFormat().resolvedOptions(); // the time zone: the navbar figures ask for it
} finally {
  close();
}
