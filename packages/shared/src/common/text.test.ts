import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvRowToCandidate } from '../csv/rows.ts';
import { ZCreateProfileRequest, ZUpdatePersonRequest } from '../profiles/create.ts';
import { DOCUMENT_ID_CHARACTERS, zDocumentId, zPersonName, zStoredText } from './text.ts';

/** The first issue's message key, or null when the value is accepted. */
const refusal = (
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) => {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
};

/** What the outside tester slipped in, and their neighbours. */
const CONTROLS = ['\u0000', '\u0007', '\u001B', '\u007F', '\u0085', '\u009B'];
const BIDI = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
];
const INVISIBLE = ['\u200B', '\u2060', '\u2061', '\u2064', '\uFEFF'];
/** What the second attack run stored, class by class: each character a text can hide behind. */
const INVISIBLE_CLASSES: Record<string, string[]> = {
  'soft hyphen': ['\u00AD'],
  'Mongolian vowel separator': ['\u180E'],
  'tag characters': ['\u{E0000}', '\u{E0001}', '\u{E0020}', '\u{E0041}', '\u{E007E}', '\u{E007F}'],
  'interlinear annotation': ['\uFFF9', '\uFFFA', '\uFFFB'],
  'variation selectors': ['\uFE00', '\uFE0E', '\uFE0F', '\u{E0100}', '\u{E01EF}'],
};
// Not the emoji presentation selectors: after a pictograph they are part of the emoji (tested below).
const hidden = fc.constantFrom(
  ...CONTROLS,
  ...BIDI,
  ...INVISIBLE,
  ...Object.values(INVISIBLE_CLASSES)
    .flat()
    .filter((c) => c !== '\uFE0E' && c !== '\uFE0F'),
);
/** Any text with one hidden character put somewhere in it. */
const withHidden = fc.tuple(fc.string({ unit: 'grapheme', maxLength: 30 }), hidden, fc.nat()).map(([text, h, at]) => {
  const i = at % (text.length + 1);
  return text.slice(0, i) + h + text.slice(i);
});

describe('stored text', () => {
  it('refuses every control, bidirectional and invisible character, wherever it sits', () => {
    fc.assert(fc.property(withHidden, (text) => refusal(zStoredText(), text) === 'validation.hidden_characters'));
  });

  it('stores what it accepts in NFC, one spelling per look: a decomposed accent is composed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        const result = zStoredText().safeParse(text.normalize('NFD'));
        return !result.success || result.data === result.data.normalize('NFC');
      }),
    );
    expect(zStoredText().parse('Jose\u0301 Nun\u0303ez')).toBe('José Nuñez');
  });

  for (const [name, chars] of Object.entries(INVISIBLE_CLASSES))
    it(`refuses ${name} in a text, a hold reason or a correction, wherever it sits`, () => {
      for (const char of chars)
        for (const text of [`Demanda${char} laboral`, `${char}Demanda`, `Demanda${char}`, `1${char}`, `a${char}\u20E3`])
          expect(refusal(zStoredText(), text), `${name} U+${char.codePointAt(0)!.toString(16)} in ${text}`).toBe(
            'validation.hidden_characters',
          );
    });

  it('keeps the emoji that need a selector or tags: ❤️ ⚠️ ✔️, keycaps, subdivision flags', () => {
    const scotland = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
    for (const text of ['Revisado ❤️', '⚠️ demanda', '✔️ listo', '☺︎ texto', 'paso 1️⃣', `equipo ${scotland}`])
      expect(refusal(zStoredText(), text), text).toBeNull();
    // …but a tag run that is no flag, or a flag's tags on another letter, is refused.
    expect(refusal(zStoredText(), `x\u{E0067}\u{E0062}\u{E007F}`)).toBe('validation.hidden_characters');
    expect(refusal(zStoredText(), `\u{1F3F4}\u{E0067}\u{E0062}`)).toBe('validation.hidden_characters');
  });

  it('keeps what text legitimately holds: line breaks and tabs, joiners in emoji, any script', () => {
    for (const text of ['Primera línea\nsegunda\r\n\tcon sangría', '👩‍💻 revisado', 'محمد', '张伟', 'Ñandutí'])
      expect(refusal(zStoredText(), text)).toBeNull();
  });
});

describe('a person’s name', () => {
  it('refuses any format character, zero-width joiners and soft hyphens included', () => {
    for (const h of ['\u200C', '\u200D', '\u00AD', '\u{E0041}', '\u2063'])
      expect(refusal(zPersonName(), `Ana${h}María`)).toBe('validation.hidden_characters');
  });

  it('refuses fillers that show as a space, the Braille blank and private-use characters', () => {
    for (const h of ['\u3164', '\u115F', '\u1160', '\uFFA0', '\u2800', '\uE000', '\u{F0000}', '\u034F'])
      expect(refusal(zPersonName(), `Ana${h}María`), h.codePointAt(0)!.toString(16)).toBe(
        'validation.hidden_characters',
      );
    // Korean names are written with Hangul syllables and real spaces: kept.
    expect(refusal(zPersonName(), '김 민준')).toBeNull();
  });

  it('refuses a combining mark on nothing or stacked on another, after NFC', () => {
    for (const name of ['\u0301Ana', 'Ana \u0301Gómez', 'Jose\u0301\u0301', 'Ana Go\u0336\u0336mez'])
      expect(refusal(zPersonName(), name)).toBe('validation.stray_marks');
  });

  it('accepts the names people have, typed composed or decomposed', () => {
    const names = ['José Núñez', 'Conceição', "O'Neill-Pérez", 'Nguyễn Thị Minh', 'Ñandutí Ag̃uero', 'Łukasz Żółć'];
    for (const name of names) {
      expect(refusal(zPersonName(), name)).toBeNull();
      expect(zPersonName().parse(name.normalize('NFD'))).toBe(name.normalize('NFC'));
    }
  });

  it('property: any name of letters, spaces, apostrophes and hyphens, in any Unicode form, is accepted as its NFC', () => {
    const letter = fc.constantFrom(...'aábcçdeéèfghiíjklmnñoóöpqrstuúüvwxyzAÁBCÇDEÉFGHIÍJKLMNÑOÓPQRSTUÚÜVWXYZ');
    const name = fc
      .array(fc.oneof({ weight: 8, arbitrary: letter }, fc.constantFrom(' ', "'", '-')), {
        minLength: 1,
        maxLength: 60,
      })
      .map((chars) => 'A' + chars.join(''));
    const form = fc.constantFrom('NFC', 'NFD') as fc.Arbitrary<'NFC' | 'NFD'>;
    fc.assert(fc.property(name, form, (n, f) => zPersonName().safeParse(n.normalize(f)).data === n.normalize('NFC')));
  });
});

describe('a document number', () => {
  const cedula = (documentId: string) =>
    ZCreateProfileRequest.safeParse({
      kind: 'candidate',
      country: 'co',
      documentId,
      name: 'Ana Gómez',
      reportTypes: ['criminal_records'],
    });

  it('refuses Devanagari or full-width digits and Cyrillic look-alikes in a Colombian cédula', () => {
    for (const documentId of [
      '१०२०३०४०५०',
      '１０２０３０４０５０',
      '1020З04050' /* Cyrillic Ze */,
      '10203О4050' /* Cyrillic O */,
    ]) {
      const result = cedula(documentId);
      expect(result.success).toBe(false);
      expect(result.error?.issues).toContainEqual(
        expect.objectContaining({ path: ['documentId'], message: 'validation.document_characters' }),
      );
    }
    expect(cedula('1.020.304.050').success).toBe(true);
  });

  it('property: only ASCII letters and digits, Ñ, &, spaces, dots and dashes are accepted', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (text) => {
        const accepted = zDocumentId().safeParse(text).success;
        return accepted === (DOCUMENT_ID_CHARACTERS.test(text.normalize('NFC')) && !/\p{Cs}/u.test(text));
      }),
    );
    const written = fc.stringMatching(/^[0-9A-Za-zÑñ&. -]{1,30}$/);
    fc.assert(fc.property(written, (text) => zDocumentId().safeParse(text).success));
  });

  it('the person edit refuses the same characters in both fields', () => {
    expect(refusal(ZUpdatePersonRequest, { name: 'Ana\u202EZ' })).toBe('validation.hidden_characters');
    expect(refusal(ZUpdatePersonRequest, { documentId: '१२३४५६७' })).toBe('validation.document_characters');
  });
});

describe('a CSV row', () => {
  it('names what is wrong with a hidden character or a foreign digit, per field', () => {
    const row = (name: string, documentId: string) =>
      csvRowToCandidate(
        { Nombre: name, Cédula: documentId },
        { name: 'Nombre', documentId: 'Cédula' },
        {
          country: 'co',
          reportTypes: ['criminal_records'],
        },
      );
    expect(row('Ana\u202EZ', '1020304050')).toEqual({
      ok: false,
      issues: [{ field: 'name', code: 'hidden_characters' }],
    });
    expect(row('Ana Go\u0301\u0301mez', '1020304050')).toEqual({
      ok: false,
      issues: [{ field: 'name', code: 'stray_marks' }],
    });
    expect(row('Ana Gómez', '१०२०३०४०५०')).toEqual({
      ok: false,
      issues: [{ field: 'documentId', code: 'document_characters' }],
    });
  });
});
