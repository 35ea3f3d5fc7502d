import { describe, expect, it } from 'vitest';
import { enumLabel, valueLabel } from '../enum-label.ts';
import i18n from '../i18n.ts';

describe('enum values in the reader’s words', () => {
  const cases = {
    en: ['Approved', 'Pending manual review', 'Active → Inactive', 'Dashboard', 'Colombia'],
    es: ['Aprobado', 'Pendiente de revisión manual', 'Activo → Inactivo', 'Panel', 'Colombia'],
    pt: ['Aprovado', 'Revisão manual pendente', 'Ativo → Inativo', 'Painel', 'Colômbia'],
  };
  for (const [language, [approved, review, change, dashboard, colombia]] of Object.entries(cases)) {
    it(language, () => {
      const t = i18n.getFixedT(language);
      expect(enumLabel(t, 'approved')).toBe(approved);
      expect(enumLabel(t, 'PENDING_MANUAL_REVIEW')).toBe(review);
      expect(valueLabel(t, { from: 'active', to: 'inactive' })).toBe(change);
      // How a person was created, and a country, as an audit event's changes hold them.
      expect(enumLabel(t, 'dashboard')).toBe(dashboard);
      expect(enumLabel(t, 'co')).toBe(colombia);
      expect(enumLabel(t, 'a free text outcome')).toBe('a free text outcome');
    });
  }
});
