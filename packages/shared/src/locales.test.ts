import { describe, expect, it } from 'vitest';
import { LOCALES } from './enums.ts';
import { ERROR_MESSAGES, errorMessage } from './errors/codes.ts';
import { CONSENT_TEXTS, consentText } from './forms/index.ts';
import { ISSUE_MESSAGES, issueMessage } from './issues/index.ts';
import { EXPORT_WORDS } from './profiles/export-labels.ts';
import { VALIDATION_MESSAGES } from './validation/messages/index.ts';

const leaves = (node: unknown, prefix = ''): [string, string][] =>
  typeof node === 'string'
    ? [[prefix, node]]
    : Object.entries(node as object).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
const braces = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

// Every per-language record the shared package holds has words in each interface language (LOCALES).
describe('per-language records', () => {
  it('knows the three interface languages', () => {
    expect(LOCALES).toEqual(['en', 'es', 'pt']);
  });

  it('words every API error in each language, with the same placeholders', () => {
    for (const [code, messages] of Object.entries(ERROR_MESSAGES))
      for (const locale of LOCALES) {
        const text = (messages as Record<string, string>)[locale];
        expect(text, `${code} ${locale}`).toBeTruthy();
        expect(braces(text!), `${code} ${locale}`).toEqual(braces(messages.en));
      }
  });

  it('has each consent text in each language, naming the company', () => {
    for (const [version, texts] of Object.entries(CONSENT_TEXTS))
      for (const locale of LOCALES) expect((texts as Record<string, string>)[locale], version).toContain('{company}');
  });

  it('has the export words, the issue and the validation messages in each language, key for key', () => {
    const keysOf = (node: unknown) => leaves(node).map(([key]) => key);
    for (const locale of LOCALES) {
      expect(keysOf(EXPORT_WORDS[locale]), locale).toEqual(keysOf(EXPORT_WORDS.en));
      expect(keysOf(ISSUE_MESSAGES[locale]), locale).toEqual(keysOf(ISSUE_MESSAGES.en));
      expect(Object.keys(VALIDATION_MESSAGES[locale]).sort(), locale).toEqual(
        Object.keys(VALIDATION_MESSAGES.en).sort(),
      );
      for (const [key, text] of leaves(EXPORT_WORDS[locale])) expect(text.trim(), `${locale} ${key}`).not.toBe('');
    }
  });

  it('speaks Brazilian Portuguese', () => {
    expect(errorMessage('insufficient_credits', 'pt', { needed: '1', available: '1' })).toBe(
      'Créditos insuficientes (necessários: 1; disponíveis: 1). Faça upgrade do seu plano ou aguarde a recarga mensal.',
    );
    expect(errorMessage('forbidden', 'pt')).toBe('Você não tem permissão para fazer isso.');
    expect(issueMessage('profiles.validation.pipelineOrReports', 'pt')).toBe(
      'Escolha um fluxo ou pelo menos um relatório.',
    );
    expect(consentText('2026-11', 'pt', 'Acme')).toMatch(/^Autorizo Acme e seu fornecedor Centinela/);
    expect(EXPORT_WORDS.pt.outcome).toEqual({ approved: 'Aprovado', rejected: 'Reprovado' });
  });
});
