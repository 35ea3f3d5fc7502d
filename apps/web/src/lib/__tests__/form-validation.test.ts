import { ZCreateProfileRequest } from '@centinela/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
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

describe('schemaErrors words the shared text rules', () => {
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

describe('schemaErrors words a size bound by what it counts', () => {
  const Z = z.object({ tags: z.array(z.string()).min(2).max(3), code: z.string().max(4), age: z.number().max(120) });
  const words = { tags: 'Tags', code: 'Code', age: 'Age' };
  const errors = (values: Record<string, unknown>, locale = 'en') =>
    schemaErrors<'tags' | 'code' | 'age'>(Z, { tags: ['a', 'b'], code: 'x', age: 1, ...values }, locale, words);

  it('a list counts items, a text characters, a number its value', () => {
    expect(errors({ tags: ['a', 'b', 'c', 'd'] })).toEqual({ tags: 'Tags can have at most 3 selected items.' });
    expect(errors({ tags: ['a'] })).toEqual({ tags: 'Tags needs at least 2 selected items.' });
    expect(errors({ tags: ['a', 'b', 'c', 'd'] }, 'es')).toEqual({
      tags: 'El campo Tags admite como máximo 3 elementos seleccionados.',
    });
    expect(errors({ code: 'abcde' })).toEqual({ code: 'Code must be at most 4 characters long.' });
    expect(errors({ age: 121 })).toEqual({ age: 'Age must be less than or equal to 120.' });
  });
});
