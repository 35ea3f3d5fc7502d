import { CATALOGUE_COUNTRIES, checkDocumentId } from '@centinela/shared';
import { describe, expect, it } from 'vitest';
import { createRng } from '../src/lib/rng.ts';
import { documentId } from '../src/seed/documents.ts';
import { makePerson } from '../src/seed/person.ts';

describe('demo documents', () => {
  // A demo person whose document fails its own check digit would carry a `document_invalid` note on every report.
  it.each(CATALOGUE_COUNTRIES)('every national id seeded for %s passes its own format and check digit', (country) => {
    const rng = createRng(`seed-documents-${country}`);
    const now = new Date('2026-11-29T00:00:00Z');
    for (let i = 0; i < 300; i++) {
      const person = makePerson(country, rng, now);
      const { id } = documentId(country, 'national_id', person, rng, null);
      expect(checkDocumentId(country, 'national_id', id), `${country} ${id}`).toBeNull();
    }
  });
});
