import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FormLinkStatus, TCreateFormLinkRequest, TFormLink, TFormSubmissionSummary } from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { formLinks, formSubmissions, pipelines, profiles } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { newLinkCode } from '../../lib/random-code.ts';
import { audit } from '../audit/record.ts';
import { requireOwner, type Actor, ownedBy, type TenantScope } from '../../kernel/index.ts';

export type FormLinkRow = typeof formLinks.$inferSelect;

/** How many submissions each link shows in the list. */
const RECENT = 10;

/** SPEC §2: a link stops working when revoked, past its expiry, or used up (single-use after one). */
export function formLinkStatus(
  row: Pick<FormLinkRow, 'revokedAt' | 'expiresAt' | 'maxSubmissions' | 'submissions'>,
  now = new Date(),
): FormLinkStatus {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  if (row.maxSubmissions !== null && row.submissions >= row.maxSubmissions) return 'used_up';
  return 'active';
}

function toFormLink(row: FormLinkRow, pipelineName: string | null, recent: TFormSubmissionSummary[]): TFormLink {
  return {
    id: row.id,
    code: row.code,
    label: row.label,
    country: row.country,
    pipelineId: row.pipelineId,
    pipelineName,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    singleUse: row.maxSubmissions === 1,
    submissions: row.submissions,
    status: formLinkStatus(row),
    locale: row.locale ?? null,
    createdAt: row.createdAt.toISOString(),
    recentSubmissions: recent,
  };
}

async function recentSubmissions(db: Db, linkIds: string[]): Promise<Map<string, TFormSubmissionSummary[]>> {
  const byLink = new Map<string, TFormSubmissionSummary[]>();
  if (linkIds.length === 0) return byLink;
  // The newest first; each link keeps its first RECENT (a list shows at most 500 links).
  const rows = await db
    .select({ s: formSubmissions, name: profiles.name, status: profiles.status })
    .from(formSubmissions)
    .leftJoin(profiles, eq(profiles.id, formSubmissions.profileId))
    .where(inArray(formSubmissions.formLinkId, linkIds))
    .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
    .limit(5000);
  for (const { s, name, status } of rows) {
    const list = byLink.get(s.formLinkId) ?? [];
    if (list.length >= RECENT) continue;
    list.push({
      id: s.id,
      profileId: s.profileId,
      profileName: name,
      profileStatus: status,
      locale: s.locale,
      consentVersion: s.consentVersion,
      consentedAt: s.consentedAt.toISOString(),
      createdAt: s.createdAt.toISOString(),
    });
    byLink.set(s.formLinkId, list);
  }
  return byLink;
}

/** The scope's links, newest first, each with its latest submissions. */
export async function listFormLinks(db: Db, scope: TenantScope): Promise<{ items: TFormLink[] }> {
  const rows = await db
    .select({ link: formLinks, pipelineName: pipelines.name })
    .from(formLinks)
    .leftJoin(pipelines, eq(pipelines.id, formLinks.pipelineId))
    .where(ownedBy(scope, formLinks.ownerId))
    .orderBy(desc(formLinks.createdAt), desc(formLinks.id))
    .limit(500);
  const recent = await recentSubmissions(
    db,
    rows.map((r) => r.link.id),
  );
  return { items: rows.map((r) => toFormLink(r.link, r.pipelineName, recent.get(r.link.id) ?? [])) };
}

async function findLink(db: Db, scope: TenantScope, id: string) {
  const [row] = await db
    .select({ link: formLinks, pipelineName: pipelines.name })
    .from(formLinks)
    .leftJoin(pipelines, eq(pipelines.id, formLinks.pipelineId))
    .where(and(ownedBy(scope, formLinks.ownerId), eq(formLinks.id, id)));
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

export async function getFormLink(db: Db, scope: TenantScope, id: string): Promise<TFormLink> {
  const { link, pipelineName } = await findLink(db, scope, id);
  return toFormLink(link, pipelineName, (await recentSubmissions(db, [link.id])).get(link.id) ?? []);
}

/** A link for one of the owner's pipelines; its country is the pipeline's. */
export async function createFormLink(
  db: Db,
  { scope, input, actor }: { scope: TenantScope; input: TCreateFormLinkRequest; actor: Actor },
): Promise<TFormLink> {
  const ownerId = requireOwner(scope);
  const [pipeline] = await db
    .select()
    .from(pipelines)
    .where(and(eq(pipelines.ownerId, ownerId), eq(pipelines.id, input.pipelineId)));
  if (!pipeline) throw new ApiError(404, 'not_found');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(formLinks)
      .values({
        ownerId,
        code: newLinkCode(),
        country: pipeline.country,
        pipelineId: pipeline.id,
        createdBy: actor.userId,
        expiresAt: new Date(input.expiresAt),
        maxSubmissions: input.singleUse ? 1 : null,
        label: input.label ?? null,
        locale: input.locale ?? null,
      })
      .returning();
    await audit(tx, actor, {
      ownerId,
      action: 'form_link.create',
      entityType: 'form_link',
      entityId: row!.id,
      changes: {
        pipelineId: pipeline.id,
        expiresAt: input.expiresAt,
        singleUse: input.singleUse,
        label: input.label ?? null,
        locale: input.locale ?? null,
      },
    });
    return toFormLink(row!, pipeline.name, []);
  });
}

/** Revoking is final and idempotent: the first revocation's time stays. */
export async function revokeFormLink(
  db: Db,
  { scope, id, actor }: { scope: TenantScope; id: string; actor: Actor },
): Promise<TFormLink> {
  const { link } = await findLink(db, scope, id);
  if (!link.revokedAt) {
    await db.transaction(async (tx) => {
      await tx.update(formLinks).set({ revokedAt: new Date() }).where(eq(formLinks.id, link.id));
      await audit(tx, actor, {
        ownerId: link.ownerId,
        action: 'form_link.revoke',
        entityType: 'form_link',
        entityId: link.id,
      });
    });
  }
  return getFormLink(db, scope, id);
}
