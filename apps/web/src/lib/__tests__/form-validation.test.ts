import { ZCreateProfileRequest } from '@centinela/shared';
import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../form-validation.ts';

type Field = 'name' | 'documentId';
const labels = { name: 'Nombre', documentId: 'Número de documento' };
const candidate = (extra: Record<string, unknown>) => ({
  kind: 'candidate',
  country: 'co',
  documentId: '1020304050',
  name: 'Ana Gómez',
  reportTypes: ['criminal_records'],
  ...extra,
});

describe('schemaErrors words the shared text rules (#26)', () => {
  it('an invisible character in a name and a foreign digit in a document: a sentence naming the field', () => {
    expect(schemaErrors<Field>(ZCreateProfileRequest, candidate({ name: 'Ana\u202EZ' }), 'es', labels)).toEqual({
      name: 'El campo Nombre contiene caracteres invisibles o de control; escríbalo de nuevo sin ellos.',
    });
    expect(schemaErrors<Field>(ZCreateProfileRequest, candidate({ documentId: '१०२०३०४०५०' }), 'en', labels)).toEqual({
      documentId:
        'Número de documento can only contain the letters A–Z and Ñ, the digits 0–9, spaces, dots, dashes and &.',
    });
  });
});
