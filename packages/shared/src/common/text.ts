import { z } from 'zod';

/**
 * Characters no text from a user may carry: C0 and C1 controls other than tab and line breaks (NUL
 * among them: PostgreSQL text cannot hold it), bidirectional controls — U+202E shows "gpj.exe" as
 * "exe.jpg" — and invisible characters that make two equal-looking texts differ: zero-width space, word
 * joiner, invisible operators, byte-order mark, soft hyphen (U+00AD), Mongolian vowel separator (U+180E),
 * interlinear annotation marks (U+FFF9–FFFB, which hide the text between them), tag characters
 * (U+E0000–E007F, which smuggle ASCII no one sees) and variation selectors (U+FE00–FE0F, U+E0100–E01EF,
 * Mongolian U+180B–180F).
 * Zero-width joiners stay: emoji and some scripts need them.
 */
const HIDDEN =
  /(?![\t\n\r])\p{Cc}|[\p{Bidi_Control}\u00AD\u180E\u200B\u2060-\u2064\uFEFF\uFFF9-\uFFFB\u{E0000}-\u{E007F}]|\p{Variation_Selector}/u;

/**
 * The emoji that need some of those, taken out before the check: a text or emoji presentation selector
 * on a pictograph (❤️ ⚠️ ✔️), a keycap (1️⃣) and a subdivision flag (🏴 + tag letters + cancel tag). A
 * selector or a tag anywhere else is refused.
 */
const EMOJI_SEQUENCES =
  /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}|\p{Extended_Pictographic}[\uFE0E\uFE0F]|[0-9#*]\uFE0F\u20E3/gu;

/** A person's name also refuses every format character (joiners, soft hyphens, tags): names need none. */
const HIDDEN_IN_NAME = /[\p{Cc}\p{Cf}]/u;

/**
 * Characters no real name holds, though none is a control or format character: the Hangul fillers
 * (U+3164, U+115F, U+1160, U+FFA0) and the Braille blank (U+2800) show as a space but are letters or
 * symbols, so they glue two words into one that no list holds; every other default-ignorable code point
 * (drawn as nothing); private-use characters, which mean nothing outside one font.
 */
export const hasFillerCharacters = (text: string) => /[\p{Default_Ignorable_Code_Point}\p{Co}\u2800]/u.test(text);

/**
 * After NFC has composed every accented letter it can, a combining mark left over may sit on a plain letter,
 * one mark per letter (g̃ in Guaraní has no composed form). A mark on nothing, on a letter that already
 * carries one (é + ́), or stacked on another mark is decoration or a look-alike, never part of a name.
 */
function hasStrayMark(text: string): boolean {
  const chars = [...text];
  return chars.some((char, i) => {
    if (!/\p{M}/u.test(char)) return false;
    const base = chars[i - 1];
    return base === undefined || !/\p{L}/u.test(base) || base.normalize('NFD').length > 1;
  });
}

/**
 * What a document number may be written with: ASCII letters and digits, Ñ and & (Mexican RFC), and the
 * spaces, dots and dashes people write between groups. Every pattern of the report catalogue's document
 * rules fits inside it (catalogue.test.ts); Devanagari or full-width digits, Cyrillic look-alikes and
 * invisible characters do not. Plain ASCII ranges, so the OpenAPI `pattern` means the same everywhere.
 */
export const DOCUMENT_ID_CHARACTERS = /^[0-9A-Za-zÑñ&. -]*$/;

export const hasHiddenCharacters = (text: string) => HIDDEN.test(text.replace(EMOJI_SEQUENCES, ''));

/** Free text from a user: NFC-normalised (one spelling per look), refused with hidden characters. */
export const zText = () =>
  z
    .string()
    .normalize('NFC')
    // abort: one clear message, not the same complaint again from the checks that follow.
    .refine((s) => !hasHiddenCharacters(s), { message: 'validation.hidden_characters', abort: true });

/** A person's name: `text` (a stored-text schema) without format characters or stray combining marks. */
export const withNameRules = <T extends z.ZodString>(text: T) =>
  text
    .refine((s) => !HIDDEN_IN_NAME.test(s), { message: 'validation.hidden_characters', abort: true })
    .refine((s) => !hasFillerCharacters(s), { message: 'validation.hidden_characters', abort: true })
    .refine((s) => !hasStrayMark(s), { message: 'validation.stray_marks' });

/**
 * Text that is stored: `zText()` (NFC, no controls or hidden characters) and no lone UTF-16 surrogate, which
 * PostgreSQL's json cannot hold (the audit trail stores the changes as jsonb) and which no keyboard produces.
 */
export const zStoredText = () =>
  zText().refine((s) => !/\p{Cs}/u.test(s), { message: 'validation.invalid', abort: true });

/** A person's name as stored: no format characters or stray combining marks either. */
export const zPersonName = () => withNameRules(zStoredText());

/** A document number as stored: ASCII letters and digits (Ñ, &) and the separators people type. */
export const zDocumentId = () =>
  zStoredText().regex(DOCUMENT_ID_CHARACTERS, { message: 'validation.document_characters' });
