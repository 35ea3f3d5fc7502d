import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import {
  EXPORT_WORDS,
  formatVerificationCode,
  LOCALES,
  REPORT_PDF_WORDS,
  ZReportEventData,
  type Finding,
  type Locale,
  type ReportStatus,
  type ReportType,
  type TCreateProfileResponse,
  type TReportPdfVerification,
} from '@centinela/shared';
import type { App } from '../src/app.ts';
import { auditEvents, referenceChecks, references, reportPdfs, webhookEndpoints } from '../src/db/schema/index.ts';
import { newWebhookSecret } from '../src/domains/webhooks/signature.ts';
import { createApiKey, createProfile, signedIn } from './factories.ts';
import { describe, expect, test } from './helper.ts';
import { createReport } from './support/profiles-fixtures.ts';
import { startReceiver } from './support/webhook-receiver.ts';

const run = promisify(execFile);
/** The picture of each language's first page, kept by CI as an artifact (scripts/ensure-poppler.sh installs poppler). */
const PICTURES = path.resolve(import.meta.dirname, '../../../test-results/pdf');

/** The PDF as pdftotext reads it, whitespace collapsed (a wrapped line reads as the sentence it was). */
async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'report-pdf-'));
  try {
    await writeFile(path.join(dir, 'report.pdf'), pdf);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', path.join(dir, 'report.pdf'), '-']);
    return stdout.replace(/\s+/g, ' ');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The first page as a PNG at 50 dpi in test-results/pdf/<lang>.png; answers its bytes. */
async function pdfPicture(pdf: Buffer, lang: Locale): Promise<Buffer> {
  await mkdir(PICTURES, { recursive: true });
  const source = path.join(PICTURES, `${lang}.pdf`);
  await writeFile(source, pdf);
  await run('pdftoppm', ['-png', '-r', '50', '-singlefile', source, path.join(PICTURES, lang)]);
  return readFile(path.join(PICTURES, `${lang}.png`));
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const adverse: Finding = {
  kind: 'criminal_record',
  matchedBy: 'id',
  severity: 'adverse',
  summary: 'Hurto calificado y agravado',
  source: 'Juzgado Tercero Penal de Bogotá',
  date: '2019-05-02',
  crimeCategory: 'Contra el patrimonio',
  sentencingStatus: 'Condena ejecutoriada',
  record: {},
};
const homonym: Finding = {
  kind: 'news_mention',
  matchedBy: 'name',
  severity: 'info',
  summary: 'Mención en El Tiempo por un homónimo',
  source: 'El Tiempo',
  // A list's own English form: the PDF writes it in the reader's language.
  date: '01 Dec 1996',
  record: {},
};
/** A watch list's note that its data was stale: about the source, no match with the person. */
const staleList: Finding = {
  kind: 'list_data_stale',
  matchedBy: 'id',
  severity: 'info',
  summary: 'OFAC SDN: list data older than 7 days',
  source: 'OFAC SDN',
  date: '2026-11-01',
  record: { source: 'ofac-sdn', maxAgeDays: 7, dataAsOf: '2026-11-01T00:00:00.000Z', clean: true },
};
/** A watch-list match by name that a reviewer ruled a homonym: the PDF is the evidence of both. */
const listedMatch: Finding = {
  kind: 'watchlist_entry',
  matchedBy: 'name',
  severity: 'adverse',
  summary: 'LOPEZ NUNEZ, Damaso — SDNTK',
  source: 'OFAC SDN',
  date: null,
  record: {
    source: 'ofac-sdn',
    entryId: '15500',
    reference: null,
    url: 'https://sanctionssearch.ofac.treas.gov/Details.aspx?id=15500',
    kind: 'individual',
    name: 'LOPEZ NUNEZ, Damaso',
    matchedName: 'LOPEZ NUNEZ, Damaso',
    matchedBy: 'name',
    score: 0.93,
    nameScore: 1,
    birthDate: 'contradicts',
    birthDates: ['26 Jan 1986'],
    document: { type: 'curp', number: 'LONA860126HSLPXM01', country: 'MX' },
    nationalities: ['MX'],
    programs: ['SDNTK'],
    listedOn: null,
    versionSeq: 3,
  },
  ruling: {
    verdict: 'homonym',
    reason: 'Nacido en 1990 según su INE',
    by: 'ana@transportes.test',
    at: '2026-11-21T15:00:00.000Z',
    history: [
      {
        verdict: 'confirmed',
        reason: 'Misma fecha de nacimiento en la lista',
        by: 'luis@transportes.test',
        at: '2026-11-20T15:00:00.000Z',
      },
    ],
  },
};
const SUMMARY = {
  evaluation: 'Muy positiva, la recomienda sin reservas',
  companyAndPosition: 'Logística del Caribe, coordinadora de bodega',
  employmentDates: 'De 2019-02 a 2023-06',
  strengths: 'Puntual y organizada',
  interpersonalSkills: 'Trabaja bien en equipo',
  improvementAreas: 'Delegar más',
  reasonForLeaving: 'Una oferta mejor',
  rehire: 'Sí, sin dudarlo',
  overallTone: 'Cordial',
};

/**
 * A person with everything the PDF shows: two reports with findings (by document and by name), one with
 * none, a Sol check whose reference answered (its summary pointing at passages of the call), and a review
 * that rejected them with a comment (a record matched by document cannot be approved).
 */
async function screenedPerson(app: App) {
  const a = await signedIn(app, ['analyst'], { name: 'Transportes Andinos S.A.S.' });
  const person = await createProfile(app.db, a.owner.id, {
    name: 'María José Núñez',
    documentId: '1020304050',
    phone: '+573001234567',
    status: 'PENDING_MANUAL_REVIEW',
  });
  await createReport(app.db, a.owner.id, {
    profileId: person.id,
    type: 'criminal_records',
    status: 'PENDING_MANUAL_REVIEW',
    findings: [adverse, homonym],
  });
  await createReport(app.db, a.owner.id, { profileId: person.id, type: 'news_search', status: 'COMPLETED' });
  await createReport(app.db, a.owner.id, {
    profileId: person.id,
    type: 'watchlists',
    status: 'INFO',
    findings: [staleList, listedMatch],
  });
  const sol = await createReport(app.db, a.owner.id, {
    profileId: person.id,
    type: 'employment_references',
    status: 'COMPLETED',
  });
  const [check] = await app.db
    .insert(referenceChecks)
    .values({
      ownerId: a.owner.id,
      profileId: person.id,
      reportId: sol.id,
      candidatePhone: '+573001234567',
      deadlineAt: new Date(Date.now() + 48 * 3600_000),
      status: 'completed',
      candidateContactedAt: new Date(),
      completedAt: new Date(),
    })
    .returning();
  await app.db.insert(references).values({
    ownerId: a.owner.id,
    referenceCheckId: check!.id,
    name: 'Carolina Méndez',
    phone: '+573005550101',
    relationship: 'Jefa directa',
    status: 'completed',
    calledAt: new Date(),
    summary: SUMMARY,
    segments: [
      { speaker: 'sol', start: 0, end: 4, text: '¿Cómo evaluaría su desempeño?' },
      { speaker: 'reference', start: 83, end: 95, text: 'Muy positiva, la recomiendo sin reservas.' },
    ],
    evidence: { evaluation: 1 },
  });
  const reviewed = await app.inject({
    method: 'POST',
    url: `/api/v1/profiles/${person.id}/review`,
    headers: a.headers,
    payload: { decision: 'rejected', comment: 'Homónimo descartado tras la llamada' },
  });
  expect(reviewed.statusCode, reviewed.body).toBe(200);
  return { ...a, person };
}

async function issue(app: App, headers: Record<string, string>, id: string, query = '') {
  return app.inject({ method: 'GET', url: `/api/v1/profiles/${id}/report.pdf${query}`, headers });
}

describe('the verifiable PDF report', () => {
  test('renders every section in English, Spanish and Portuguese, records each copy, and pictures page one', async ({
    app,
  }) => {
    const { headers, person, owner } = await screenedPerson(app);
    const titles: Record<Locale, string> = {
      en: 'Background check report',
      es: 'Informe de verificación de antecedentes',
      pt: 'Relatório de verificação de antecedentes',
    };
    for (const lang of LOCALES) {
      const response = await issue(app, headers, person.id, `?lang=${lang}&tz=America/Bogota`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="report-1020304050-\d{4}-\d{2}-\d{2}\.pdf"$/,
      );
      const pdf = response.rawPayload;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const words = REPORT_PDF_WORDS[lang];
      const text = await pdfText(pdf);

      // The header: title, the issuing owner, the code and the address of its page.
      const [row] = await app.db
        .select()
        .from(reportPdfs)
        .where(and(eq(reportPdfs.profileId, person.id), eq(reportPdfs.language, lang)));
      expect(row).toMatchObject({ ownerId: owner.id, ownerName: 'Transportes Andinos S.A.S.', sha256: sha256(pdf) });
      const code = formatVerificationCode(row!.code);
      expect(text).toContain(titles[lang]);
      expect(text).toContain(`${words.issuedBy}: Transportes Andinos S.A.S.`);
      expect(text).toContain(`${words.verification.code}: ${code}`);
      expect(text).toContain(`${lang === 'en' ? '' : `/${lang}`}/verify/${code}`);

      // The person.
      expect(text).toContain(words.sections.person);
      expect(text).toContain('María José Núñez');
      expect(text).toContain('1020304050');
      expect(text).toContain(`${EXPORT_WORDS[lang].columns.status}: ${EXPORT_WORDS[lang].status.FAILED}`);

      // Each report with its findings: by document and by name, their source, dates and facts.
      expect(text).toContain(words.sections.reports);
      expect(text).toContain(`${words.reportTypes.criminal_records} — ${words.reportStatuses.PENDING_MANUAL_REVIEW}`);
      expect(text).toContain(`${words.findings.severity.adverse} · ${words.findings.matchedById}`);
      expect(text).toContain('Hurto calificado y agravado');
      expect(text).toContain(`${words.findings.source}: Juzgado Tercero Penal de Bogotá`);
      // Calendar days with the month named in the reader's language.
      expect(text).toContain(
        `${words.findings.date}: ${{ en: 'May 2, 2019', es: '2 may 2019', pt: '2 de mai. de 2019' }[lang]}`,
      );
      expect(text).toContain(`${words.findings.crimeCategory}: Contra el patrimonio`);
      expect(text).toContain(`${words.findings.sentencingStatus}: Condena ejecutoriada`);
      expect(text).toContain(`${words.findings.severity.info} · ${words.findings.matchedByName}`);
      expect(text).toContain('Mención en El Tiempo por un homónimo');
      expect(text).toContain(`${words.reportTypes.news_search} — ${words.reportStatuses.COMPLETED}`);
      expect(text).toContain(words.report.noFindings);
      expect(text).toContain(`${words.findings.severity.info} · ${words.findings.sourceNote}`);
      // The note is the product's words, so it is in the reader's language, as is the list's own date.
      expect(text).toContain(
        {
          en: 'OFAC SDN: clean against data from Nov 1, 2026, older than 7 days',
          es: 'OFAC SDN: sin coincidencias en datos del 1 nov 2026, con más de 7 días',
          pt: 'OFAC SDN: sem correspondências nos dados de 1 de nov. de 2026, com mais de 7 dias',
        }[lang],
      );
      expect(text).toContain(
        `${words.findings.date}: ${{ en: 'Dec 1, 1996', es: '1 dic 1996', pt: '1 de dez. de 1996' }[lang]}`,
      );
      // A watch-list match as evidence: list, version, entry and link, what matched, the birth date, the
      // score, and the ruling with its reviewer and reason.
      const ww = words.findings.watchlist;
      expect(text).toContain(`${ww.list}: ${ww.lists['ofac-sdn']} · ${ww.version}: 3 · ${ww.entry}: 15500`);
      expect(text).toContain(`${ww.link}: https://sanctionssearch.ofac.treas.gov/Details.aspx?id=15500`);
      expect(text).toContain(`${ww.matchedName}: LOPEZ NUNEZ, Damaso`);
      expect(text).toContain(`${ww.document}: CURP LONA860126HSLPXM01 (MX)`);
      expect(text).toContain(
        `${ww.birthDate}: ${ww.birthAgreement.contradicts} (${{ en: 'Jan 26, 1986', es: '26 ene 1986', pt: '26 de jan. de 1986' }[lang]})`,
      );
      expect(text).toMatch(new RegExp(`${ww.score}: 93\\s?%`));
      expect(text).toContain(`${ww.ruling}: ${ww.verdicts.homonym} · ${ww.by} ana@transportes.test · `);
      expect(text).toContain(`${ww.reason}: Nacido en 1990 según su INE`);
      // The ruling it replaced stays on the record.
      expect(text).toContain(`${ww.replaced}: ${ww.verdicts.confirmed} · ${ww.by} luis@transportes.test · `);
      expect(text).toContain(`${ww.reason}: Misma fecha de nacimiento en la lista`);
      expect(text).not.toContain('26 Jan 1986');
      expect(text).not.toContain('Dec 1996');
      expect(text).toContain(`${words.reportTypes.employment_references} — ${words.reportStatuses.COMPLETED}`);
      expect(text).toContain(`${words.report.requested}:`);

      // The review decision.
      expect(text).toContain(words.sections.review);
      expect(text).toContain(`${words.review.decision}: ${EXPORT_WORDS[lang].outcome.rejected}`);
      expect(text).toContain(`${words.review.decidedAt}:`);
      expect(text).toContain(`${words.review.comment}: Homónimo descartado tras la llamada`);

      // Sol's summary, each field where it was said in the call.
      expect(text).toContain(words.sections.sol);
      expect(text).toContain(`${words.sol.status}: ${words.sol.statuses.completed}`);
      expect(text).toContain(`${words.sol.reference}: Carolina Méndez — ${words.sol.referenceStatuses.completed}`);
      expect(text).toContain(`${words.sol.fields.evaluation} (${words.sol.at} 1:23): ${SUMMARY.evaluation}`);
      for (const [field, value] of Object.entries(SUMMARY)) {
        expect(text).toContain(words.sol.fields[field as keyof typeof SUMMARY]);
        expect(text).toContain(value);
      }

      // The code at the foot of the page; and a picture of page one for CI's artifacts.
      expect(text).toContain(words.verification.page.replace('{{page}}', '1').replace('{{count}}', ''));
      const png = await pdfPicture(pdf, lang);
      expect(png.subarray(1, 4).toString()).toBe('PNG');
    }
    // Each copy issued is audited with its code.
    const audited = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, person.id), eq(auditEvents.action, 'profile.report_pdf')));
    expect(audited.map((e) => e.changes?.language).sort()).toEqual(['en', 'es', 'pt']);
  });

  test('"No records found" only under a report whose source answered; the others say where they stand', async ({
    app,
  }) => {
    const a = await signedIn(app, ['analyst']);
    const person = await createProfile(app.db, a.owner.id, { name: 'Lucía Pérez', documentId: '1020304050' });
    const add = (type: ReportType, status: ReportStatus, more: Parameters<typeof createReport>[2] = {}) =>
      createReport(app.db, a.owner.id, { profileId: person.id, type, status, ...more });
    await add('criminal_records', 'ERROR');
    await add('judicial_records', 'ERROR', { lastError: 'consent_withdrawn' });
    await add('arrest_warrants', 'PENDING');
    await add('police_record', 'INCOMPLETE', { missingInputs: ['birthDate'] });
    await add('news_search', 'COMPLETED');
    for (const lang of LOCALES) {
      const text = await pdfText((await issue(app, a.headers, person.id, `?lang=${lang}`)).rawPayload);
      const words = REPORT_PDF_WORDS[lang];
      /** The report's heading, the line under its dates, up to the next report's heading. */
      const section = (type: ReportType, status: ReportStatus) => {
        const start = text.indexOf(`${words.reportTypes[type]} — ${words.reportStatuses[status]}`);
        expect(start, `${lang} ${type}`).toBeGreaterThanOrEqual(0);
        const ends = Object.values(words.reportTypes)
          .map((t) => text.indexOf(`${t} — `, start + 1))
          .filter((n) => n > start);
        return text.slice(start, ends.length > 0 ? Math.min(...ends) : undefined);
      };
      expect(section('criminal_records', 'ERROR')).toContain(words.report.couldNotComplete);
      expect(section('judicial_records', 'ERROR')).toContain(words.report.consentWithdrawn);
      expect(section('arrest_warrants', 'PENDING')).toContain(words.report.notRunYet);
      expect(section('police_record', 'INCOMPLETE')).toContain(words.report.incomplete);
      for (const [type, status] of [
        ['criminal_records', 'ERROR'],
        ['judicial_records', 'ERROR'],
        ['arrest_warrants', 'PENDING'],
        ['police_record', 'INCOMPLETE'],
      ] as const)
        expect(section(type, status), `${lang} ${type}`).not.toContain(words.report.noFindings);
      expect(section('news_search', 'COMPLETED')).toContain(words.report.noFindings);
    }
  });

  test('speaks the caller’s language without ?lang=', async ({ app }) => {
    const { headers, person } = await screenedPerson(app);
    const response = await issue(app, { ...headers, 'accept-language': 'pt-BR,pt;q=0.9' }, person.id);
    expect(response.statusCode).toBe(200);
    expect(await pdfText(response.rawPayload)).toContain('Relatório de verificação de antecedentes');
  });

  test('the public page accepts the real PDF’s hash, refuses a modified one, and tells nothing of the person', async ({
    app,
  }) => {
    const { headers, person } = await screenedPerson(app);
    const pdf = (await issue(app, headers, person.id, '?lang=es')).rawPayload;
    const [row] = await app.db.select().from(reportPdfs).where(eq(reportPdfs.profileId, person.id));
    const code = formatVerificationCode(row!.code);

    const page = await app.inject({ method: 'GET', url: `/api/v1/verify/${code}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<TReportPdfVerification>()).toEqual({
      code,
      ownerName: 'Transportes Andinos S.A.S.',
      issuedAt: row!.issuedAt.toISOString(),
      sha256: sha256(pdf),
    });
    for (const personal of ['María', 'Núñez', '1020304050', person.id, 'Carolina', '+57'])
      expect(page.body).not.toContain(personal);
    // Typed from paper: lower case, no dashes.
    const typed = await app.inject({ method: 'GET', url: `/api/v1/verify/${row!.code.toLowerCase()}` });
    expect(typed.json<TReportPdfVerification>().sha256).toBe(sha256(pdf));

    const check = (hash: string) =>
      app.inject({ method: 'POST', url: `/api/v1/verify/${code}`, payload: { sha256: hash } });
    expect((await check(sha256(pdf))).json()).toEqual({ matches: true });
    const modified = Buffer.from(pdf);
    const middle = Math.floor(modified.length / 2);
    modified[middle] = modified[middle]! ^ 0x01;
    expect((await check(sha256(modified))).json()).toEqual({ matches: false });

    for (const unknown of ['0000-0000-0000-0000', 'not-a-code']) {
      const answer = await app.inject({ method: 'GET', url: `/api/v1/verify/${unknown}` });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'not_found' });
      const posted = await app.inject({
        method: 'POST',
        url: `/api/v1/verify/${unknown}`,
        payload: { sha256: sha256(pdf) },
      });
      expect(posted.statusCode).toBe(404);
    }
  });

  test('another owner’s person is a 404, and no copy is recorded', async ({ app }) => {
    const { person } = await screenedPerson(app);
    const other = await signedIn(app, ['analyst']);
    const response = await issue(app, other.headers, person.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
    expect(await app.db.select().from(reportPdfs)).toEqual([]);
  });

  test('report.completed links the PDF, which an API client fetches with its key', async ({ app }) => {
    const receiver = await startReceiver();
    try {
      const m = await signedIn(app, ['manager']);
      await app.db.insert(webhookEndpoints).values({
        ownerId: m.owner.id,
        url: receiver.url,
        events: ['report.completed'],
        secret: newWebhookSecret(),
      });
      const api = { 'x-api-key': (await createApiKey(app.db, m.owner.id)).key };
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/profiles',
        headers: api,
        payload: {
          kind: 'candidate',
          country: 'co',
          documentType: 'national_id',
          documentId: '1020304050',
          name: 'Ana Gómez',
          reportTypes: ['news_search'],
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const { profile } = created.json<TCreateProfileResponse>();
      await app.reports.drain();
      await app.webhooks.runner.drain();
      const event = JSON.parse(receiver.received[0]!.body) as { type: string; data: unknown };
      expect(event.type).toBe('report.completed');
      const data = ZReportEventData.parse(event.data);
      expect(data.links.reportPdf).toBe(`/api/v1/profiles/${profile.id}/report.pdf`);
      const pdf = await app.inject({ method: 'GET', url: data.links.reportPdf, headers: api });
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(await pdfText(pdf.rawPayload)).toContain('Ana Gómez');
    } finally {
      await receiver.close();
    }
  });
});

describe('the PDF’s verification link in production', () => {
  test.override({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://centinela.example/' } });

  test('points to PUBLIC_URL whatever Host or X-Forwarded-Host the request carries', async ({ app }) => {
    const a = await signedIn(app);
    const person = await createProfile(app.db, a.owner.id);
    const response = await issue(
      app,
      { ...a.headers, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      person.id,
    );
    expect(response.statusCode, response.body).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toMatch(/https:\/\/centinela\.example\/verify\/[A-Z0-9-]+/);
    expect(text).not.toContain('evil.example');
  });
});
