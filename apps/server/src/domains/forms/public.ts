import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  IDENTITY_REQUIRED_KINDS,
  candidatePagePath,
  CONSENT_TEXTS,
  CONSENT_VERSION,
  consentText,
  documentRules,
  FORM_MAX_FILES,
  isReportAvailable,
  LOCALES,
  missingFormInputs,
  REPORT_INPUTS,
  requiredInputs,
  type ReportInput,
  type TPublicForm,
  type TSubmitFormRequest,
} from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { formLinks, formSubmissions, owners, pipelines, uploads } from '../../db/schema/index.ts';
import { ApiError, type ApiIssue } from '../../lib/api-error.ts';
import { EventBus, type DomainEvent } from '../../kernel/index.ts';
import { issueCandidateCode } from '../candidate/access.ts';
import { attachFormPictures, formPictureKinds } from '../identity-report/pictures.ts';
import { picturesArrived } from '../identity-report/start.ts';
import { identityStep } from '../identity-report/step.ts';
import { createProfile } from '../profiles/create.ts';
import { formLinkStatus, type FormLinkRow } from './links.ts';

/** Every way a code can fail (unknown, expired, revoked, used up, owner inactive) answers the same (SPEC §8). */
export const formInvalid = () => new ApiError(410, 'form_invalid');

/** The three inputs every person needs; the pipeline's reports may ask for more. */
const ALWAYS: ReportInput[] = ['name', 'documentType', 'documentId'];

type Usable = { link: FormLinkRow; pipeline: typeof pipelines.$inferSelect; company: string };

async function usableLink(db: Db, code: string): Promise<Usable> {
  // Codes are letters, digits and dashes (links.ts, the seed); anything else cannot be one (and never reaches the database).
  if (!/^[\w-]{1,64}$/.test(code)) throw formInvalid();
  const [row] = await db
    .select({ link: formLinks, pipeline: pipelines, company: owners.name, ownerActive: owners.active })
    .from(formLinks)
    .innerJoin(owners, eq(owners.id, formLinks.ownerId))
    .leftJoin(pipelines, eq(pipelines.id, formLinks.pipelineId))
    .where(eq(formLinks.code, code));
  if (!row || !row.pipeline || !row.ownerActive || formLinkStatus(row.link) !== 'active') throw formInvalid();
  return { link: row.link, pipeline: row.pipeline, company: row.company };
}

/** Whether the form has the document-and-selfie step (its pipeline runs an identity report here). */
const hasIdentityStep = ({ link, pipeline }: Usable) =>
  pipeline.reportTypes.includes('identity_document') && isReportAvailable(link.country, 'identity_document');

function inputsOf({ link, pipeline }: Usable): ReportInput[] {
  const types = pipeline.reportTypes.filter((t) => isReportAvailable(link.country, t));
  const needed = new Set<ReportInput>([...ALWAYS, ...requiredInputs(link.country, types)]);
  return REPORT_INPUTS.filter((i) => needed.has(i));
}

/** GET /api/v1/public/forms/:code — what the candidate sees and fills. */
export async function getPublicForm(
  db: Db,
  code: string,
  uploads: { url: string; maxBytes: number },
): Promise<TPublicForm> {
  const usable = await usableLink(db, code);
  const { link, pipeline, company } = usable;
  return {
    code: link.code,
    company,
    country: link.country,
    pipelineName: pipeline.name,
    inputs: inputsOf(usable),
    documentTypes: documentRules(link.country).map((r) => r.type),
    consent: {
      version: CONSENT_VERSION,
      text: Object.fromEntries(LOCALES.map((l) => [l, consentText(CONSENT_VERSION, l, company)])) as Record<
        (typeof LOCALES)[number],
        string
      >,
    },
    uploads: { ...uploads, maxFiles: FORM_MAX_FILES },
    identity: hasIdentityStep(usable)
      ? identityStep({ company, base: `/api/v1/public/forms/${encodeURIComponent(code)}`, submitUrl: null })
      : null,
  };
}

/** The link a candidate's upload belongs to (it must still take submissions). */
export async function formForUpload(db: Db, code: string): Promise<{ linkId: string; ownerId: string }> {
  const { link } = await usableLink(db, code);
  return { linkId: link.id, ownerId: link.ownerId };
}

/** Missing required inputs: 422 with one issue per field. */
export class FormInputsError extends ApiError {
  declare readonly issues: ApiIssue[];

  constructor(issues: ApiIssue[]) {
    super(422, 'form_missing_inputs', {}, issues);
  }
}

/** Whatever kept the profile from being created (credits, plan, a pipeline gone wrong): the candidate sees SPEC §8 "Unable to create profile". */
export class FormProfileError extends ApiError {
  readonly reason: string;

  constructor(reason: string) {
    super(422, 'profile_create_failed');
    this.reason = reason;
  }
}

type Deps = { db: Db; events: EventBus; wake?: () => void };

/**
 * A candidate's submission: checks the code and the inputs, then in one transaction counts the use
 * (atomically: a single-use link takes exactly one), creates the profile as `form` through the same
 * path as the dashboard (reports queued, credits charged), stores the consent and attaches the files.
 * Events go out after the commit.
 */
export async function submitForm(
  { db, events, wake }: Deps,
  {
    code,
    input,
    ip,
    userAgent,
  }: { code: string; input: TSubmitFormRequest; ip: string | null; userAgent: string | null },
): Promise<{ ok: true; profileId: string | null; candidatePath?: string }> {
  const usable = await usableLink(db, code);
  // A honeypot field real people never see: a bot gets the same answer and nothing is created.
  if (input.website) return { ok: true, profileId: null };
  if (!(input.consentVersion in CONSENT_TEXTS) || input.consentVersion !== CONSENT_VERSION)
    throw new ApiError(409, 'consent_version_outdated');
  const missing = missingFormInputs(inputsOf(usable), input);
  const pictureIds = [...new Set(input.identityPictureIds)];
  const identityIssues: ApiIssue[] = [];
  if (hasIdentityStep(usable)) {
    const kinds = await formPictureKinds(db, usable.link.id, pictureIds);
    if (!IDENTITY_REQUIRED_KINDS.every((k) => kinds.includes(k)))
      identityIssues.push({
        path: 'body.identityPictureIds',
        code: 'required',
        key: 'forms.validation.identityPicturesRequired',
      });
  }
  if (missing.length > 0 || identityIssues.length > 0)
    throw new FormInputsError([
      ...missing.map((m): ApiIssue => ({ path: `body.${m}`, code: 'required', key: 'validation.required' })),
      ...identityIssues,
    ]);
  const uploadIds = [...new Set(input.uploadIds)].slice(0, FORM_MAX_FILES);

  const buffered: DomainEvent[] = [];
  const bus = new EventBus();
  bus.subscribe((event) => buffered.push(event));
  const now = new Date();
  const submitted = await db.transaction(async (tx) => {
    const [link] = await tx
      .update(formLinks)
      .set({ submissions: sql`${formLinks.submissions} + 1` })
      .where(
        and(
          eq(formLinks.id, usable.link.id),
          isNull(formLinks.revokedAt),
          or(isNull(formLinks.expiresAt), gt(formLinks.expiresAt, now)),
          or(isNull(formLinks.maxSubmissions), lt(formLinks.submissions, formLinks.maxSubmissions)),
        ),
      )
      .returning();
    if (!link || link.country === 'xx') throw formInvalid();
    const country = link.country;
    let created;
    try {
      created = await createProfile(
        { db: tx, events: bus },
        {
          scope: { ownerId: link.ownerId },
          createdAs: 'form',
          actor: { userId: link.createdBy, ip },
          input: {
            kind: 'candidate',
            country,
            pipelineId: usable.pipeline.id,
            name: input.name,
            documentType: input.documentType,
            documentId: input.documentId,
            email: input.email ?? null,
            phone: input.phone ?? null,
            birthDate: input.birthDate ?? null,
            state: input.state ?? null,
            city: input.city ?? null,
            ...(input.issueDate ? { issueDate: input.issueDate } : {}),
          },
        },
      );
    } catch (error) {
      if (error instanceof ApiError) throw new FormProfileError(error.code);
      throw error;
    }
    const id = created.profile.id;
    await tx.insert(formSubmissions).values({
      ownerId: link.ownerId,
      formLinkId: link.id,
      profileId: id,
      locale: input.locale,
      consentVersion: input.consentVersion,
      consentedAt: now,
      consentIp: ip,
      userAgent: userAgent?.slice(0, 512) ?? null,
    });
    if (uploadIds.length > 0) {
      const attached = await tx
        .update(uploads)
        .set({ profileId: id })
        .where(and(inArray(uploads.id, uploadIds), eq(uploads.formLinkId, link.id), isNull(uploads.profileId)))
        .returning({ id: uploads.id });
      if (attached.length !== uploadIds.length)
        throw new FormInputsError([
          { path: 'body.uploadIds', code: 'not_found', key: 'forms.validation.uploadUnknown' },
        ]);
    }
    if (pictureIds.length > 0) {
      if (!(await attachFormPictures(tx, { ids: pictureIds, formLinkId: link.id, profileId: id })))
        throw new FormInputsError([
          { path: 'body.identityPictureIds', code: 'not_found', key: 'forms.validation.uploadUnknown' },
        ]);
      // The identity report waited for these pictures: it runs now (and is paid now).
      await picturesArrived(tx, { ownerId: link.ownerId, profileId: id }, bus);
    }
    // The candidate's own page, in the language they filled the form in.
    const access = await issueCandidateCode(tx, { profileId: id, ownerId: link.ownerId, locale: input.locale });
    return { profileId: id, candidatePath: candidatePagePath(access.code, input.locale) };
  });
  for (const e of buffered) events.publish(e.name, e.ownerId, e.payload as never);
  wake?.();
  return { ok: true, ...submitted };
}
