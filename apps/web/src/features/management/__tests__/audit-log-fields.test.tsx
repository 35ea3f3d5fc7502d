import { scopesForRoles, type TAuditEvent } from '@centinela/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeTokens } from '../../../lib/auth-storage.ts';
import { buildTokens, buildUser } from '../../../testing/data.ts';
import { json, stubApi } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const event: TAuditEvent = {
  id: 1,
  at: '2026-11-20T15:04:00.000Z',
  ownerId: null,
  actor: null,
  action: 'report.complete',
  entityType: 'report',
  entityId: crypto.randomUUID(),
  ip: null,
  changes: { status: 'COMPLETED', attempt: 1, profileStatus: 'PASSED' },
};

describe('the audit log’s changes', { timeout: 15_000 }, () => {
  it('names the recorded fields in the reader’s words, not the server’s keys', async () => {
    storeTokens(buildTokens());
    const user = buildUser({ roles: ['manager'], scope: scopesForRoles(['manager']) });
    stubApi({
      'GET /api/auth/user': () => json(200, { user }),
      'GET /api/v1/audit-events': () => json(200, { items: [event], total: 1, page: 1, pageSize: 50 }),
    });
    renderApp('/es/management/audit');
    const cell = await screen.findByText(/Intento: 1/, {}, { timeout: 5000 });
    expect(cell.textContent).toMatch(/^Estado: .+ · Intento: 1 · Estado de la persona: Aprobado$/);
    expect(cell.textContent).not.toMatch(/attempt|profileStatus|status:/);
  });
});
