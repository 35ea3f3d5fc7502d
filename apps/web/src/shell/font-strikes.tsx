import type { CSSProperties } from 'react';

/**
 * The font weights and sizes the list's first view adds to those its frame shows, as [weight, px]: the
 * table's header, the status badges, the names, the emails, the account menu's initials and the navbar's
 * figures, the navbar's counts (e2e/first-paint.spec.ts keeps the list whole).
 */
const LATE_FONT_STRIKES = [
  [700, 14],
  [700, 11],
  [500, 14],
  [400, 12],
  [700, 15.2],
  [700, 13],
  [700, 10],
] as const;

/** Never seen or read (hidden, aria-hidden): any glyph makes the browser load the font. */
const PROBE_TEXT = 'Aa';

const HIDDEN: CSSProperties = { position: 'absolute', top: 0, left: 0, visibility: 'hidden', pointerEvents: 'none' };

/**
 * Text in each of LATE_FONT_STRIKES, hidden, in the drawn frame: laid out with it before the first paint. On
 * Linux a page's first text of a new weight or size asks the browser for the font in a synchronous call,
 * which the busy browser of a page load answers slowly, inside the app's first renders, each multiplied
 * by Lighthouse's simulated phone. The app's first commit replaces the frame, and these with it.
 */
export function FontStrikes() {
  return (
    <div aria-hidden="true" style={HIDDEN}>
      {LATE_FONT_STRIKES.map(([weight, px]) => (
        <span key={`${weight}-${px}`} style={{ fontWeight: weight, fontSize: px }}>
          {PROBE_TEXT}
        </span>
      ))}
    </div>
  );
}
