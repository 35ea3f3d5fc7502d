import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UnknownRuleError } from './parse.ts';
import { zodRule, zodRules } from './zod.ts';

describe('zodRule', () => {
  const ZEmail = z.string().superRefine(zodRule('required|email', { locale: 'es', label: 'correo' }));

  it('passes valid values through', () => {
    expect(ZEmail.parse('ana@example.com')).toBe('ana@example.com');
  });

  it('adds one custom issue per failed rule, translated, with key and params', () => {
    const result = ZEmail.safeParse('');
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        code: 'custom',
        message: 'El campo correo es obligatorio.',
        params: { rule: 'required', key: 'required' },
        path: [],
      }),
      expect.objectContaining({
        code: 'custom',
        message: 'Por favor, ingrese un correo electrónico válido.',
        params: { rule: 'email', key: 'email' },
      }),
    ]);
  });

  it('places issues at the field inside an object schema', () => {
    const ZPipeline = z.object({ name: z.string().superRefine(zodRule('required|max:21', { label: 'name' })) });
    const result = ZPipeline.safeParse({ name: 'x'.repeat(22) });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['name'],
        message: 'Name must be at most 21 characters long.',
        params: { rule: 'max', key: 'max_length', max: 21, count: 21 },
      }),
    ]);
  });

  it('fails fast on an unknown rule', () => {
    expect(() => zodRule('required|nope')).toThrow(UnknownRuleError);
  });
});

describe('zodRules', () => {
  const ZSignUp = z.object({ password: z.string(), password_confirm: z.string() }).superRefine(
    zodRules(
      { password: 'required|min:8', password_confirm: 'confirm' },
      {
        locale: 'pt',
        labels: { password: 'senha', password_confirm: 'confirmação' },
      },
    ),
  );

  it('passes a consistent object', () => {
    expect(ZSignUp.safeParse({ password: 'longenough', password_confirm: 'longenough' }).success).toBe(true);
  });

  it('checks each field with all values, so confirm sees its counterpart', () => {
    const result = ZSignUp.safeParse({ password: 'short', password_confirm: 'shorter' });
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['password'], 'O campo senha deve ter pelo menos 8 caracteres.'],
      [['password_confirm'], 'O campo confirmação não confere.'],
    ]);
  });
});
