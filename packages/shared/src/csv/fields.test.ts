import { describe, expect, it } from 'vitest';
import { autoMatchColumns, mappingProblems, parseCsvDate, parseDocumentType, requiredCsvFields } from './fields.ts';
import { csvRowToCandidate } from './rows.ts';

describe('CSV columns and rows', () => {
  it('matches Spanish, Portuguese and English headers, accents and case aside, one column per field', () => {
    expect(
      autoMatchColumns([
        'CÉDULA',
        'Nombres',
        'Teléfono Móvil',
        'E-mail',
        'Fecha de nacimiento',
        'Ciudad',
        'Departamento',
      ]),
    ).toEqual({
      documentId: 'CÉDULA',
      name: 'Nombres',
      phone: 'Teléfono Móvil',
      email: 'E-mail',
      birthDate: 'Fecha de nacimiento',
      city: 'Ciudad',
      state: 'Departamento',
    });
    expect(
      autoMatchColumns(['Nome completo', 'CPF', 'Telefone celular', 'E-mail', 'Data de nascimento', 'Cidade', 'UF']),
    ).toEqual({
      name: 'Nome completo',
      documentId: 'CPF',
      phone: 'Telefone celular',
      email: 'E-mail',
      birthDate: 'Data de nascimento',
      city: 'Cidade',
      state: 'UF',
    });
    expect(autoMatchColumns(['Full name', 'Document number', 'Phone', 'Notes'])).toEqual({
      name: 'Full name',
      documentId: 'Document number',
      phone: 'Phone',
    });
  });

  it('requires name and document always, plus what the reports need', () => {
    expect(requiredCsvFields('co', ['news_search'])).toEqual(['name', 'documentId']);
    expect(requiredCsvFields('co', ['police_record', 'employment_references'])).toEqual([
      'name',
      'documentId',
      'phone',
      'issueDate',
    ]);
  });

  it('lists missing fields, a column used twice and a column the file lacks', () => {
    const problems = mappingProblems(
      { name: 'a', documentId: 'a', email: 'z' },
      ['name', 'documentId', 'phone'],
      ['a', 'b'],
    );
    expect(problems).toEqual([
      { kind: 'missing', field: 'phone' },
      { kind: 'duplicate', field: 'documentId', column: 'a' },
      { kind: 'unknown_column', field: 'email', column: 'z' },
    ]);
  });

  it('reads day-first dates and local document abbreviations', () => {
    expect(parseCsvDate('7/3/1990')).toBe('1990-03-07');
    expect(parseCsvDate('1990-03-07')).toBe('1990-03-07');
    expect(parseDocumentType('co', 'C.C.')).toBe('national_id');
    expect(parseDocumentType('cl', 'rut')).toBe('national_id');
    expect(parseDocumentType('co', 'passport')).toBe('passport');
    expect(parseDocumentType('co', 'XYZ')).toBeNull();
  });

  it('checks a row with the single-person form schema: the same request, the same refusals', () => {
    const mapping = { documentId: 'doc', name: 'nombre', phone: 'tel', email: 'correo', documentType: 'tipo' };
    const plan = { country: 'co' as const, reportTypes: ['criminal_records' as const] };
    const ok = csvRowToCandidate(
      { doc: ' 1020304050 ', nombre: 'Ana', tel: '+57 300 123 4567', correo: '', tipo: 'CC' },
      mapping,
      plan,
    );
    expect(ok).toEqual({
      ok: true,
      input: expect.objectContaining({
        kind: 'candidate',
        country: 'co',
        documentId: '1020304050',
        documentType: 'national_id',
        name: 'Ana',
        phone: '+57 300 123 4567',
      }),
    });
    const bad = csvRowToCandidate(
      { doc: '', nombre: 'Ana', tel: '3001234567', correo: 'ana@', tipo: 'ZZ' },
      mapping,
      plan,
    );
    expect(bad).toEqual({
      ok: false,
      issues: expect.arrayContaining([
        { field: 'documentType', code: 'invalid_document_type' },
        { field: 'documentId', code: 'required' },
        { field: 'phone', code: 'invalid_phone' },
        { field: 'email', code: 'invalid_email' },
      ]),
    });
  });
});
