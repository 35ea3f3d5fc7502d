import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { sha256Hex } from '../utils/sha256.ts';

const PAGE_LOAD = { timeout: 5_000 } as const;
const issuedPdf = new File(['%PDF-1.7 the issued report'], 'report.pdf', { type: 'application/pdf' });
const changedPdf = new File(['%PDF-1.7 the issued report, edited'], 'report.pdf', { type: 'application/pdf' });

const drop = (file: File) =>
  fireEvent.change(screen.getByTestId('verify-drop').querySelector('input[type=file]')!, {
    target: { files: [file] },
  });

async function stubIssued() {
  const issued = {
    code: '7K2M-9QXD-4HTR-B8NW',
    ownerName: 'Transportes Andinos S.A.S.',
    issuedAt: '2026-11-26T15:30:00.000Z',
    sha256: await sha256Hex(issuedPdf),
  };
  stubApi({ 'GET /api/v1/verify/7K2M-9QXD-4HTR-B8NW': () => json(200, issued) });
  return issued;
}

describe('the public verification page /verify/{code}', { timeout: 15_000 }, () => {
  it('shows the issuer, the date and the hash, and accepts the very file issued', async () => {
    const issued = await stubIssued();
    renderApp('/verify/7K2M-9QXD-4HTR-B8NW');
    expect(await screen.findByRole('heading', { name: 'Check a PDF report' }, PAGE_LOAD)).toBeTruthy();
    expect((await screen.findByTestId('verify-issuer')).textContent).toBe('Transportes Andinos S.A.S.');
    expect(screen.getByText(issued.sha256)).toBeTruthy();
    expect(screen.getByText('November 26, 2026', { exact: false })).toBeTruthy();

    drop(issuedPdf);
    const result = await screen.findByTestId('verify-result');
    expect(within(result).getByText('The file matches')).toBeTruthy();
    expect(result.textContent).toContain('This file is the PDF Transportes Andinos S.A.S. issued with this code');
  });

  it('refuses a changed file, in Spanish under /es, showing the file’s own hash', async () => {
    await stubIssued();
    renderApp('/es/verify/7K2M-9QXD-4HTR-B8NW');
    expect(await screen.findByRole('heading', { name: 'Verificar un informe en PDF' }, PAGE_LOAD)).toBeTruthy();
    await screen.findByTestId('verify-issuer');
    drop(changedPdf);
    const result = await screen.findByTestId('verify-result');
    expect(within(result).getByText('El archivo no coincide')).toBeTruthy();
    expect(within(result).getByText(await sha256Hex(changedPdf))).toBeTruthy();
  });

  it('an unknown code says so, in Portuguese under /pt, with nothing to drop', async () => {
    stubApi({ 'GET /api/v1/verify/NOPE': () => json(404, { code: 'not_found', message: 'Não encontrado' }) });
    renderApp('/pt/verify/NOPE');
    expect(await screen.findByText('Código desconhecido', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.queryByTestId('verify-drop')).toBeNull();
  });
});
