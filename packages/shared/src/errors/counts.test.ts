import { describe, expect, it } from 'vitest';
import { errorMessage } from './codes.ts';

// A count in an API message reads right at 1 ("1 are left", "se necesitan 1" did not).
describe('API messages with a count', () => {
  it('insufficient_credits at one credit, in each language', () => {
    expect(errorMessage('insufficient_credits', 'en', { needed: '1', available: '1' })).toBe(
      'Not enough credits (needed: 1, available: 1). Upgrade your plan, or wait for the monthly refill.',
    );
    expect(errorMessage('insufficient_credits', 'es', { needed: '1', available: '1' })).toBe(
      'No hay créditos suficientes (necesarios: 1; disponibles: 1). Mejore su plan o espere la recarga mensual.',
    );
  });
});
