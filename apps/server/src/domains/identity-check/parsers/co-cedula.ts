/**
 * The Colombian cédula de ciudadanía (the yellow one, issued 2000–2023): its PDF417 is a fixed-width
 * record of ~530 bytes in latin-1, fields padded with NULs. Offsets (0-based) as two independent public
 * decoders read them; the Registraduría publishes no specification (docs/identity-verification.md):
 *   48–58 document number · 58–81 first surname · 81–104 second surname · 104–127 first name ·
 *   127–150 other names · 151 sex · 152–160 birth date YYYYMMDD · 160–162 municipality ·
 *   162–165 department · 166–168 blood type.
 * A tarjeta de identidad (minors) starts with "I" and shifts the names by one byte.
 */
import { type DocumentFields, realDate, sexOf } from '../document.ts';

const MIN_LENGTH = 168;

export function parseColombianCedula(bytes: Uint8Array): DocumentFields | null {
  if (bytes.length < MIN_LENGTH) return null;
  const text = Buffer.from(bytes).toString('latin1');
  const shift = text[0] === 'I' ? 1 : 0;
  const field = (start: number, length: number) =>
    text
      .slice(start + shift, start + shift + length)
      .replace(/\0/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const number = text.slice(48, 58).replace(/\0/g, '').trim().replace(/^0+/, '');
  if (!/^[0-9]{5,10}$/.test(number)) return null;
  const birth = field(152, 8);
  const birthDate = /^\d{8}$/.test(birth)
    ? realDate(Number(birth.slice(0, 4)), Number(birth.slice(4, 6)), Number(birth.slice(6, 8)))
    : null;
  const surnames = [field(58, 23), field(81, 23)].filter(Boolean).join(' ');
  const givenNames = [field(104, 23), field(127, 23)].filter(Boolean).join(' ');
  if (!surnames || !givenNames) return null;
  return {
    source: 'pdf417',
    document: 'co_cedula',
    country: 'COL',
    documentNumber: number,
    surnames,
    givenNames,
    sex: sexOf(field(151, 1)),
    birthDate,
    expiryDate: null,
    extra: {
      bloodType: field(166, 2),
      municipality: field(160, 2),
      department: field(162, 3),
      kind: shift ? 'tarjeta_de_identidad' : 'cedula_de_ciudadania',
    },
  };
}
