import {
  CONSENT_WITHDRAWN,
  EXPORT_WORDS,
  findingSummary,
  formatPublishedDay,
  localDocumentName,
  formatVerificationCode,
  LOCALE_TAGS,
  REPORT_PDF_WORDS,
  reportDefinition,
  SOL_SUMMARY_FIELDS,
  isSourceNote,
  type Finding,
  type Locale,
  type Reference,
  type ReferenceCheck,
  type ReportPdfWords,
  type TProfileReport,
  type TWatchlistMatch,
} from '@centinela/shared';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { countryLabel } from '../profiles/export-format.ts';
import type { ReportPdfData } from './gather.ts';
import { CONTENT_WIDTH, GREY, MARGIN, PAGE, PageWriter } from './layout.ts';
import { drawQrCode } from './qr.ts';

export type RenderOptions = {
  locale: Locale;
  timeZone: string;
  issuedAt: Date;
  code: string;
  /** The public verification page the QR code and the printed address lead to. */
  verificationUrl: string;
};

type Context = RenderOptions & { w: PageWriter; words: (typeof REPORT_PDF_WORDS)[Locale] };

const QR_SIZE = 96;

/** A calendar day with its month named in the reader's language ("26 ene 1986", "Jan 26, 1986"). */
const DAY_STYLE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

function formatters(locale: Locale, timeZone: string) {
  const tag = LOCALE_TAGS[locale];
  const dateTime = new Intl.DateTimeFormat(tag, { ...DAY_STYLE, hour: '2-digit', minute: '2-digit', timeZone });
  return {
    at: (value: Date | string) => dateTime.format(new Date(value)),
    // A source's YYYY-MM-DD is a calendar day, not an instant (read in UTC, so no zone shifts it), and a
    // list's own forms ("01 Dec 1996") are read the same way: both written in the reader's language.
    day: (value: string) => formatPublishedDay(value, locale, DAY_STYLE),
  };
}

/** Seconds into a call as "m:ss". */
const callTime = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

function header(c: Context, ownerName: string, at: (d: Date) => string) {
  const { w, words } = c;
  const textWidth = CONTENT_WIDTH - QR_SIZE - 16;
  const top = w.y;
  drawQrCode(w.page, c.verificationUrl, { x: PAGE.width - MARGIN - QR_SIZE, top, size: QR_SIZE });
  w.text('CENTINELA', { size: 9, bold: true, color: GREY, width: textWidth });
  w.text(words.title, { size: 17, bold: true, width: textWidth });
  w.space(4);
  w.text(`${words.issuedBy}: ${ownerName}`, { width: textWidth });
  w.text(`${words.issuedAt}: ${at(c.issuedAt)} (${words.timeZone}: ${c.timeZone})`, { width: textWidth });
  w.text(`${words.verification.code}: ${formatVerificationCode(c.code)}`, { bold: true, width: textWidth });
  w.text(words.verification.howTo, { size: 8, color: GREY, width: textWidth });
  w.text(c.verificationUrl, { size: 8, width: textWidth });
  w.y = Math.min(w.y, top - QR_SIZE) - 4;
}

function person(c: Context, data: ReportPdfData, at: (d: string) => string) {
  const { w, words } = c;
  const p = data.profile;
  const e = EXPORT_WORDS[c.locale];
  w.heading(words.sections.person);
  w.field(e.columns.name, p.name || '—');
  w.field(e.columns.country, countryLabel(p.country, c.locale));
  w.field(
    e.columns.documentType,
    localDocumentName(p.country, p.documentType) ?? e.documentType[p.documentType] ?? p.documentType,
  );
  w.field(e.columns.documentId, p.documentId);
  w.field(e.columns.status, e.status[p.status]);
  w.field(e.columns.createdAt, at(p.createdAt));
}

const percent = (locale: Locale, n: number) =>
  new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'percent', maximumFractionDigits: 0 }).format(n);

/**
 * A watch-list match as evidence: the list and its entry (number and link), the name and the document
 * that matched, whether the birth date agrees, the score, the list's version, and the reviewer's ruling
 * with its reason, reviewer and date (or that none was made yet).
 */
function watchlistEvidence(c: Context, f: Finding, fmt: ReturnType<typeof formatters>) {
  const { w } = c;
  const ww = c.words.findings.watchlist;
  const r = f.record as Partial<TWatchlistMatch>;
  const line = (text: string, bold = false) => w.text(text, { indent: 22, size: 9, bold });
  const list = r.source && Object.hasOwn(ww.lists, r.source) ? ww.lists[r.source] : f.source;
  const entry = [r.reference, r.entryId].filter(Boolean).join(' · ');
  line(`${ww.list}: ${list}${r.versionSeq ? ` · ${ww.version}: ${r.versionSeq}` : ''} · ${ww.entry}: ${entry || '—'}`);
  if (r.url) line(`${ww.link}: ${r.url}`);
  if (r.matchedName) line(`${ww.matchedName}: ${r.matchedName}${r.weak ? ` (${ww.weakAlias})` : ''}`);
  if (r.document) {
    const d = r.document;
    line(`${ww.document}: ${d.type.toUpperCase()} ${d.number}${d.country ? ` (${d.country})` : ''}`);
  }
  if (r.birthDate) {
    const dates = (r.birthDates ?? []).map(fmt.day).join(', ');
    line(`${ww.birthDate}: ${ww.birthAgreement[r.birthDate]}${dates ? ` (${dates})` : ''}`);
  }
  if (typeof r.score === 'number') {
    const name = typeof r.nameScore === 'number' ? ` (${ww.nameScore} ${percent(c.locale, r.nameScore)})` : '';
    line(`${ww.score}: ${percent(c.locale, r.score)}${name}`);
  }
  const ruling = f.ruling;
  if (!ruling) {
    line(`${ww.ruling}: ${ww.notRuled}`, true);
    return;
  }
  line(`${ww.ruling}: ${ww.verdicts[ruling.verdict]} · ${ww.by} ${ruling.by ?? '—'} · ${fmt.at(ruling.at)}`, true);
  if (ruling.reason) line(`${ww.reason}: ${ruling.reason}`);
  // The rulings it replaced, newest first: a changed ruling keeps its record.
  for (const past of ruling.history ?? []) {
    line(`${ww.replaced}: ${ww.verdicts[past.verdict]} · ${ww.by} ${past.by ?? '—'} · ${fmt.at(past.at)}`);
    if (past.reason) line(`${ww.reason}: ${past.reason}`);
  }
}

function finding(c: Context, f: Finding, fmt: ReturnType<typeof formatters>) {
  const day = fmt.day;
  const { w, words } = c;
  const fw = words.findings;
  w.space(3);
  const match = isSourceNote(f) ? fw.sourceNote : f.matchedBy === 'id' ? fw.matchedById : fw.matchedByName;
  w.text(`• ${fw.severity[f.severity]} · ${match}`, {
    bold: true,
    indent: 12,
  });
  const summary = findingSummary(f, c.locale);
  if (summary) w.text(summary, { indent: 22 });
  const meta = [`${fw.source}: ${f.source}`, ...(f.date ? [`${fw.date}: ${day(f.date)}`] : [])].join(' · ');
  w.text(meta, { indent: 22, size: 9, color: GREY });
  if (f.crimeCategory) w.text(`${fw.crimeCategory}: ${f.crimeCategory}`, { indent: 22, size: 9 });
  if (f.sentencingStatus) w.text(`${fw.sentencingStatus}: ${f.sentencingStatus}`, { indent: 22, size: 9 });
  if (f.kind === 'watchlist_entry') watchlistEvidence(c, f, fmt);
}

/**
 * What a report says where its findings would be: only a report whose source answered (COMPLETED, INFO,
 * PENDING_MANUAL_REVIEW) can say "No records found"; the others say where they stand. Null: list findings.
 */
function stateOf(words: ReportPdfWords, r: TProfileReport): string | null {
  if (r.status === 'ERROR')
    return r.lastError === CONSENT_WITHDRAWN ? words.report.consentWithdrawn : words.report.couldNotComplete;
  if (r.status === 'PENDING') return r.startedAt ? words.report.inProgress : words.report.notRunYet;
  if (r.status === 'INCOMPLETE') return words.report.incomplete;
  return r.findings.length === 0 ? words.report.noFindings : null;
}

function report(c: Context, data: ReportPdfData, r: TProfileReport, f: ReturnType<typeof formatters>) {
  const { w, words } = c;
  w.ensure(70);
  w.space(6);
  w.text(`${words.reportTypes[r.type]} — ${words.reportStatuses[r.status]}`, { size: 11, bold: true });
  const authority = reportDefinition(data.profile.country, r.type)?.authority;
  if (authority) w.text(`${words.report.source}: ${authority}`, { size: 9 });
  const dates = [
    `${words.report.requested}: ${f.at(r.createdAt)}`,
    ...(r.startedAt ? [`${words.report.started}: ${f.at(r.startedAt)}`] : []),
    ...(r.completedAt ? [`${words.report.completed}: ${f.at(r.completedAt)}`] : []),
  ];
  w.text(dates.join(' · '), { size: 9, color: GREY });
  const state = stateOf(words, r);
  if (state) w.text(state, { indent: 12 });
  // Stored as Finding (db/schema/reports.ts); the API's view only widens the type.
  for (const item of r.findings as Finding[]) finding(c, item, f);
}

function review(c: Context, data: ReportPdfData, at: (d: Date) => string) {
  const { w, words } = c;
  const p = data.profile;
  const e = EXPORT_WORDS[c.locale];
  w.heading(words.sections.review);
  const outcome = p.outcome && Object.hasOwn(e.outcome, p.outcome) ? e.outcome[p.outcome as 'approved'] : p.outcome;
  w.field(words.review.decision, outcome || words.review.none);
  w.field(e.columns.manuallyReviewed, p.manuallyReviewed ? e.yes : e.no);
  if (data.decidedAt) w.field(words.review.decidedAt, at(data.decidedAt));
  if (p.validationComment) w.field(words.review.comment, p.validationComment);
}

function solReference(c: Context, ref: Reference, at: (d: string) => string) {
  const { w, words } = c;
  const s = words.sol;
  w.ensure(60);
  w.space(6);
  w.text(`${s.reference}: ${ref.name} — ${s.referenceStatuses[ref.status]}`, { size: 11, bold: true });
  w.text(`${s.relationship}: ${ref.relationship}`, { size: 9 });
  if (ref.calledAt) w.text(`${s.called}: ${at(ref.calledAt)}`, { size: 9, color: GREY });
  if (!ref.summary) {
    w.text(s.noSummary, { indent: 12 });
    return;
  }
  for (const field of SOL_SUMMARY_FIELDS) {
    const value = ref.summary[field];
    if (!value) continue;
    // Where in the call this was said (the evidence points at a passage of the transcript).
    const index = ref.evidence[field];
    const passage = index === undefined ? undefined : ref.segments[index];
    const label = passage ? `${s.fields[field]} (${s.at} ${callTime(passage.start)})` : s.fields[field];
    w.field(label, value, 12);
  }
}

function sol(c: Context, check: ReferenceCheck | null, at: (d: string) => string) {
  const { w, words } = c;
  const s = words.sol;
  w.heading(words.sections.sol);
  if (!check) {
    w.text(s.none);
    return;
  }
  w.field(s.status, s.statuses[check.status]);
  w.field(s.requested, at(check.createdAt));
  if (check.candidateContactedAt) w.field(s.contacted, at(check.candidateContactedAt));
  if (check.completedAt) w.field(s.completed, at(check.completedAt));
  for (const ref of check.references) solReference(c, ref, at);
}

/**
 * The PDF: a header with the issuer, the time, the verification code and its QR code, then the
 * person, each report with its findings, the review decision and Sol's summary; the code and page number at
 * every page's foot. Standard fonts only (nothing to ship), in the reader's language and time zone.
 */
export async function renderReportPdf(data: ReportPdfData, options: RenderOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const words = REPORT_PDF_WORDS[options.locale];
  doc.setTitle(`${words.title} — ${formatVerificationCode(options.code)}`);
  doc.setAuthor(data.ownerName);
  doc.setCreator('Centinela');
  doc.setProducer('Centinela');
  doc.setLanguage(LOCALE_TAGS[options.locale]);
  doc.setCreationDate(options.issuedAt);
  doc.setModificationDate(options.issuedAt);
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const w = new PageWriter(doc, fonts);
  const c: Context = { ...options, w, words };
  const f = formatters(options.locale, options.timeZone);

  header(c, data.ownerName, f.at);
  person(c, data, f.at);
  w.heading(words.sections.reports);
  if (data.profile.reports.length === 0) w.text(words.report.noReports);
  for (const r of data.profile.reports) report(c, data, r, f);
  review(c, data, f.at);
  sol(c, data.sol, f.at);

  const code = formatVerificationCode(options.code);
  w.footer(
    (page, count) =>
      `${words.verification.code}: ${code} · ${words.verification.page.replace('{{page}}', String(page)).replace('{{count}}', String(count))}`,
  );
  return doc.save();
}
