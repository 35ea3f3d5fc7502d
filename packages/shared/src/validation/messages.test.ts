import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES, formatList, toValidationLocale, translate } from './messages/index.ts';
import { RULES, type RuleName } from './rules/index.ts';
import { VALIDATION_LOCALES, type ValidationLocale } from './types.ts';
import { validate } from './validate.ts';

type Case = {
  rule: string;
  value: unknown;
  label?: string;
  values?: Record<string, unknown>;
  name?: string;
} & Record<ValidationLocale, string>;

/** One failing value per rule, with the message in each language. */
const CASES: Case[] = [
  {
    rule: 'accepted',
    value: false,
    label: 'terms',
    en: 'Terms must be accepted.',
    es: 'El campo terms debe ser aceptado.',
    pt: 'O campo terms deve ser aceito.',
  },
  {
    rule: 'after:2024-01-01',
    value: '2023-12-31',
    label: 'Fecha',
    en: 'Fecha must be after 2024-01-01.',
    es: 'El campo Fecha debe ser posterior a 2024-01-01.',
    pt: 'O campo Fecha deve ser posterior a 2024-01-01.',
  },
  {
    rule: 'after',
    value: '2000-01-01',
    en: 'This field must be in the future.',
    es: 'Este campo debe ser una fecha futura.',
    pt: 'Este campo deve ser uma data futura.',
  },
  {
    rule: 'before:2024-01-01',
    value: '2024-01-02',
    label: 'date',
    en: 'Date must be before 2024-01-01.',
    es: 'El campo date debe ser anterior a 2024-01-01.',
    pt: 'O campo date deve ser anterior a 2024-01-01.',
  },
  {
    rule: 'before',
    value: '2999-01-01',
    en: 'This field must be in the past.',
    es: 'Este campo debe ser una fecha pasada.',
    pt: 'Este campo deve ser uma data passada.',
  },
  {
    rule: 'alpha',
    value: 'R2D2',
    label: 'nombre',
    en: 'Nombre can only contain alphabetical characters.',
    es: 'El campo nombre solo puede contener letras.',
    pt: 'O campo nombre só pode conter letras.',
  },
  {
    rule: 'alphanumeric',
    value: 'a b',
    en: 'This field can only contain letters and numbers.',
    es: 'Este campo solo puede contener letras y números.',
    pt: 'Este campo só pode conter letras e números.',
  },
  {
    rule: 'between:1,5',
    value: 9,
    en: 'This field must be between 1 and 5.',
    es: 'Este campo debe estar entre 1 y 5.',
    pt: 'Este campo deve estar entre 1 e 5.',
  },
  {
    rule: 'between:2,4',
    value: 'a',
    en: 'This field must be between 2 and 4 characters long.',
    es: 'Este campo debe tener entre 2 y 4 caracteres.',
    pt: 'Este campo deve ter entre 2 e 4 caracteres.',
  },
  {
    rule: 'between:2,4',
    value: ['a'],
    en: 'This field must have between 2 and 4 selected items.',
    es: 'Este campo debe tener entre 2 y 4 elementos seleccionados.',
    pt: 'Este campo deve ter entre 2 e 4 itens selecionados.',
  },
  {
    rule: 'confirm',
    value: 'x',
    label: 'password confirmation',
    name: 'password_confirm',
    values: { password: 'y' },
    en: 'Password confirmation does not match.',
    es: 'El campo password confirmation no coincide.',
    pt: 'O campo password confirmation não confere.',
  },
  {
    rule: 'date',
    value: 'mañana',
    en: 'This field is not a valid date.',
    es: 'Este campo no es una fecha válida.',
    pt: 'Este campo não é uma data válida.',
  },
  {
    rule: 'date:YYYY-MM-DD',
    value: '31/12/2024',
    en: 'This field is not a valid date, please use the format YYYY-MM-DD.',
    es: 'Este campo no es una fecha válida; use el formato YYYY-MM-DD.',
    pt: 'Este campo não é uma data válida; use o formato YYYY-MM-DD.',
  },
  {
    rule: 'email',
    value: 'ana@',
    label: 'email',
    en: 'Please enter a valid email address.',
    es: 'Por favor, ingrese un correo electrónico válido.',
    pt: 'Por favor, informe um endereço de e-mail válido.',
  },
  {
    rule: 'endsWith:.com,.org',
    value: 'site.net',
    en: 'This field doesn’t end with .com or .org.',
    es: 'Este campo no termina con .com o .org.',
    pt: 'Este campo não termina com .com ou .org.',
  },
  {
    rule: 'startsWith:+52,+55,+57',
    value: '123',
    label: 'teléfono',
    en: 'Teléfono doesn’t start with +52, +55, or +57.',
    es: 'El campo teléfono no comienza con +52, +55 o +57.',
    pt: 'O campo teléfono não começa com +52, +55 ou +57.',
  },
  {
    rule: 'in:mx,co',
    value: 'br',
    label: 'country',
    en: 'Country has a value that isn’t allowed.',
    es: 'El campo country tiene un valor no permitido.',
    pt: 'O campo country tem um valor não permitido.',
  },
  {
    rule: 'not:admin',
    value: 'admin',
    en: 'This field does not accept “admin”.',
    es: 'Este campo no admite «admin».',
    pt: 'Este campo não aceita o valor “admin”.',
  },
  {
    rule: 'matches:/^\\d+$/',
    value: 'abc',
    en: 'This field is not in the expected format.',
    es: 'Este campo no tiene el formato esperado.',
    pt: 'Este campo não está no formato esperado.',
  },
  {
    rule: 'max:10',
    value: 11,
    en: 'This field must be less than or equal to 10.',
    es: 'Este campo debe ser menor o igual que 10.',
    pt: 'Este campo deve ser menor ou igual a 10.',
  },
  {
    rule: 'max:21',
    value: 'x'.repeat(22),
    label: 'pipeline name',
    en: 'Pipeline name must be at most 21 characters long.',
    es: 'El campo pipeline name debe tener como máximo 21 caracteres.',
    pt: 'O campo pipeline name deve ter no máximo 21 caracteres.',
  },
  {
    rule: 'max:1',
    value: ['a', 'b'],
    en: 'This field can have at most 1 selected item.',
    es: 'Este campo admite como máximo 1 elemento seleccionado.',
    pt: 'Este campo permite no máximo 1 item selecionado.',
  },
  {
    rule: 'min:18',
    value: 17,
    en: 'This field must be at least 18.',
    es: 'Este campo debe ser mayor o igual que 18.',
    pt: 'Este campo deve ser maior ou igual a 18.',
  },
  {
    rule: 'min:3',
    value: 'ab',
    en: 'This field must be at least 3 characters long.',
    es: 'Este campo debe tener al menos 3 caracteres.',
    pt: 'Este campo deve ter pelo menos 3 caracteres.',
  },
  {
    rule: 'min:2',
    value: ['a'],
    en: 'This field needs at least 2 selected items.',
    es: 'Este campo requiere al menos 2 elementos seleccionados.',
    pt: 'Este campo exige pelo menos 2 itens selecionados.',
  },
  {
    rule: 'mime:csv,pdf',
    value: { name: 'a.png', type: 'image/png' },
    label: 'document',
    en: 'Document must be a csv or pdf file.',
    es: 'El campo document debe ser un archivo csv o pdf.',
    pt: 'O campo document deve ser um arquivo csv ou pdf.',
  },
  {
    rule: 'number',
    value: 'diez',
    en: 'This field must be a number.',
    es: 'Este campo debe ser un número.',
    pt: 'Este campo deve ser um número.',
  },
  {
    rule: 'required',
    value: '',
    label: 'name',
    en: 'Name is required.',
    es: 'El campo name es obligatorio.',
    pt: 'O campo name é obrigatório.',
  },
  {
    rule: 'url',
    value: 'example',
    en: 'Please include a valid url.',
    es: 'Por favor, incluya una URL válida.',
    pt: 'Por favor, inclua uma URL válida.',
  },
  {
    rule: 'between:x,y',
    value: 1,
    en: 'This field isn’t valid.',
    es: 'Este campo no es válido.',
    pt: 'Este campo não é válido.',
  },
];

describe('messages for every rule in en, es and pt', () => {
  it.each(CASES)('$rule', ({ rule, value, label, values, name, ...expected }) => {
    for (const locale of VALIDATION_LOCALES) {
      const issues = validate(value, rule, { locale, label, values, name });
      expect(issues.map((i) => i.message)).toEqual([expected[locale]]);
    }
  });

  it('cover every rule', () => {
    const covered = new Set(CASES.map((c) => c.rule.split(':')[0]));
    expect([...covered].sort()).toEqual(expect.arrayContaining(Object.keys(RULES).sort() as RuleName[]));
  });
});

describe('catalogues', () => {
  const en = VALIDATION_MESSAGES.en;
  const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

  it('have the same keys and placeholders in every language', () => {
    for (const locale of VALIDATION_LOCALES) {
      const messages = VALIDATION_MESSAGES[locale];
      expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
      for (const key of Object.keys(en) as Array<keyof typeof en>) {
        expect(placeholders(messages[key]), `${locale}.${key}`).toEqual(placeholders(en[key]));
      }
    }
  });

  it('use typographic apostrophes and differ from English', () => {
    for (const locale of VALIDATION_LOCALES) {
      for (const text of Object.values(VALIDATION_MESSAGES[locale])) expect(text).not.toMatch(/'/);
    }
    expect(VALIDATION_MESSAGES.es.required).not.toBe(en.required);
    expect(VALIDATION_MESSAGES.pt.required).not.toBe(VALIDATION_MESSAGES.es.required);
  });

  it('keep the two defaults of SPEC §5', () => {
    expect(en.default).toBe('This field isn’t valid.');
    expect(en.invalid).toBe('Invalid field value');
  });
});

describe('translate', () => {
  it('fills placeholders and capitalises the field at the start', () => {
    expect(translate('min_length', 'en', { min: 4 }, 'código')).toBe('Código must be at least 4 characters long.');
    expect(translate('required', 'pt')).toBe('Este campo é obrigatório.');
  });
  it('answers Invalid field value for a key it does not know', () => {
    expect(translate('no_such_key', 'en')).toBe('Invalid field value');
    expect(translate('no_such_key', 'es')).toBe('Valor de campo no válido');
    expect(translate('no_such_key', 'pt')).toBe('Valor de campo inválido');
  });
  it('picks the singular form only for a count of one', () => {
    expect(translate('max_length', 'es', { max: 1, count: 1 })).toBe('Este campo debe tener como máximo 1 carácter.');
    expect(translate('max_length', 'es', { max: 2, count: 2 })).toBe('Este campo debe tener como máximo 2 caracteres.');
  });
  it('joins lists in the language', () => {
    expect(formatList(['a', 'b', 'c'], 'en')).toBe('a, b, or c');
    expect(formatList(['a', 'b', 'c'], 'es')).toBe('a, b o c');
    expect(formatList(['a', 'b'], 'pt')).toBe('a ou b');
  });
  it('maps regional and unknown locales', () => {
    expect(toValidationLocale('es-MX')).toBe('es');
    expect(toValidationLocale('pt_BR')).toBe('pt');
    expect(toValidationLocale('fr')).toBe('en');
    expect(toValidationLocale(undefined)).toBe('en');
  });
});
