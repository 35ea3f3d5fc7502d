import { describe, expect, it } from 'vitest';
import { VALIDATE_ON, fieldValidator, formValidator } from './form.ts';
import { UnknownRuleError } from './parse.ts';

type SignUp = { email: string; password: string; password_confirm: string; reports: string[] };
const values: SignUp = { email: '', password: 'secret123', password_confirm: 'secret124', reports: [] };

describe('formValidator', () => {
  const validate = formValidator<SignUp>(
    { email: 'bail|required|email', password: 'required|min:8', password_confirm: 'confirm', reports: 'min:1' },
    { locale: 'es', labels: { email: 'correo electrónico', password: 'contraseña' } },
  );

  it('gives one validator per field with rules', () => {
    expect(Object.keys(validate).sort()).toEqual(['email', 'password', 'password_confirm', 'reports']);
  });

  it('returns the first message for an invalid value, in the language, with the label', () => {
    expect(validate.email?.('', values)).toBe('El campo correo electrónico es obligatorio.');
    expect(validate.email?.('ana@', values)).toBe('Por favor, ingrese un correo electrónico válido.');
    expect(validate.reports?.([], values)).toBe('Este campo requiere al menos 1 elemento seleccionado.');
  });

  it('returns null for a valid value', () => {
    expect(validate.email?.('ana@example.com', values)).toBeNull();
    expect(validate.password?.('secret123', values)).toBeNull();
    expect(validate.reports?.(['criminal_records'], values)).toBeNull();
  });

  it('compares a confirmation with the other values', () => {
    expect(validate.password_confirm?.('secret124', values)).toBe('Este campo no coincide.');
    expect(validate.password_confirm?.('secret123', values)).toBeNull();
  });

  it('defaults to English and throws at once for an unknown rule', () => {
    expect(formValidator<SignUp>({ email: 'required' }).email?.('', values)).toBe('This field is required.');
    expect(() => formValidator<SignUp>({ email: 'required|mail' })).toThrow(UnknownRuleError);
  });
});

describe('fieldValidator', () => {
  it('checks one field', () => {
    const check = fieldValidator('required|max:21', { label: 'pipeline name', locale: 'pt' });
    expect(check('x'.repeat(22), {})).toBe('O campo pipeline name deve ter no máximo 21 caracteres.');
    expect(check('Ventas', {})).toBeNull();
  });
});

describe('VALIDATE_ON', () => {
  it('shows errors on blur by default (SPEC §5)', () => {
    expect(VALIDATE_ON).toBe('blur');
  });
});
