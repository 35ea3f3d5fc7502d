import { and, asc, eq } from 'drizzle-orm';
import {
  isReportAvailable,
  type TCreatePipelineRequest,
  type TListPipelinesRequest,
  type TPipeline,
  type TUpdatePipelineRequest,
} from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { pipelines } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { audit } from '../audit/record.ts';
import { requireOwner, type Actor, ownedBy, type TenantScope } from '../../kernel/index.ts';

type PipelineRow = typeof pipelines.$inferSelect;

export function toPipeline(row: PipelineRow): TPipeline {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    country: row.country,
    reportTypes: row.reportTypes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listPipelines(
  db: Db,
  scope: TenantScope,
  query: TListPipelinesRequest,
): Promise<{ items: TPipeline[] }> {
  const rows = await db
    .select()
    .from(pipelines)
    .where(and(ownedBy(scope, pipelines.ownerId), query.country ? eq(pipelines.country, query.country) : undefined))
    .orderBy(asc(pipelines.country), asc(pipelines.name), asc(pipelines.id));
  return { items: rows.map(toPipeline) };
}

async function getPipeline(db: Db, scope: TenantScope, id: string): Promise<PipelineRow> {
  const [row] = await db
    .select()
    .from(pipelines)
    .where(and(ownedBy(scope, pipelines.ownerId), eq(pipelines.id, id)));
  // Another owner's pipeline is indistinguishable from a missing one.
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

export async function createPipeline(
  db: Db,
  { scope, input, actor }: { scope: TenantScope; input: TCreatePipelineRequest; actor: Actor },
): Promise<TPipeline> {
  const ownerId = requireOwner(scope);
  const { ownerId: _, ...fields } = input;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pipelines)
      .values({ ...fields, description: fields.description ?? null, ownerId, createdBy: actor.userId })
      .returning();
    await audit(tx, actor, {
      ownerId,
      action: 'pipeline.create',
      entityType: 'pipeline',
      entityId: row!.id,
      changes: fields,
    });
    return toPipeline(row!);
  });
}

/** Country and reports are checked together: a new country must still offer every kept report. */
export async function updatePipeline(
  db: Db,
  { scope, id, input, actor }: { scope: TenantScope; id: string; input: TUpdatePipelineRequest; actor: Actor },
): Promise<TPipeline> {
  return db.transaction(async (tx) => {
    const current = await getPipeline(tx, scope, id);
    const changes = Object.fromEntries(
      Object.entries(input).filter(([, v]) => v !== undefined),
    ) as TUpdatePipelineRequest;
    const country = changes.country ?? current.country;
    const reportTypes = changes.reportTypes ?? current.reportTypes;
    if (!reportTypes.every((t) => isReportAvailable(country, t))) throw new ApiError(422, 'pipeline_invalid');
    const [row] = await tx.update(pipelines).set(changes).where(eq(pipelines.id, current.id)).returning();
    await audit(tx, actor, {
      ownerId: current.ownerId,
      action: 'pipeline.update',
      entityType: 'pipeline',
      entityId: current.id,
      changes,
    });
    return toPipeline(row!);
  });
}

/** Profiles created from it keep their reports; their link to it is cleared (FK on delete set null). */
export async function deletePipeline(
  db: Db,
  { scope, id, actor }: { scope: TenantScope; id: string; actor: Actor },
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await getPipeline(tx, scope, id);
    await tx.delete(pipelines).where(eq(pipelines.id, current.id));
    await audit(tx, actor, {
      ownerId: current.ownerId,
      action: 'pipeline.delete',
      entityType: 'pipeline',
      entityId: current.id,
      changes: { name: current.name },
    });
  });
}
