import { and, asc, eq } from 'drizzle-orm';
import type {
  TCreateWebhookEndpointRequest,
  TUpdateWebhookEndpointRequest,
  TWebhookEndpoint,
  TWebhookEndpointWithSecret,
} from '@centinela/shared';
import type { Db } from '../../db/client.ts';
import { webhookEndpoints } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { audit } from '../audit/record.ts';
import { requireOwner, type Actor, ownedBy, type TenantScope } from '../../kernel/index.ts';
import { newWebhookSecret, secretPrefix } from './signature.ts';
import { assertDeliverable } from './url-guard.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

export function toEndpoint(row: EndpointRow): TWebhookEndpoint {
  return {
    id: row.id,
    ownerId: row.ownerId,
    url: row.url,
    description: row.description,
    events: row.events,
    active: row.active,
    secretPrefix: secretPrefix(row.secret),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listEndpoints(db: Db, scope: TenantScope): Promise<{ items: TWebhookEndpoint[] }> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(ownedBy(scope, webhookEndpoints.ownerId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return { items: rows.map(toEndpoint) };
}

/** The endpoint in the caller's reach (another owner's is indistinguishable from a missing one). */
export async function getEndpoint(db: Db, scope: TenantScope, id: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(ownedBy(scope, webhookEndpoints.ownerId), eq(webhookEndpoints.id, id)));
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

type Opts = { allowPrivate: boolean };

/** A new endpoint and its secret, shown this once. */
export async function createEndpoint(
  db: Db,
  {
    scope,
    input,
    actor,
    allowPrivate,
  }: { scope: TenantScope; input: TCreateWebhookEndpointRequest; actor: Actor } & Opts,
): Promise<TWebhookEndpointWithSecret> {
  const ownerId = requireOwner(scope);
  await assertDeliverable(input.url, allowPrivate);
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        ownerId,
        url: input.url,
        description: input.description || null,
        events: [...new Set(input.events)],
        secret,
        createdBy: actor.userId,
      })
      .returning();
    await audit(tx, actor, {
      ownerId,
      action: 'webhook_endpoint.create',
      entityType: 'webhook_endpoint',
      entityId: row!.id,
      changes: { url: input.url, events: row!.events },
    });
    return { endpoint: toEndpoint(row!), secret };
  });
}

export async function updateEndpoint(
  db: Db,
  {
    scope,
    id,
    input,
    actor,
    allowPrivate,
  }: { scope: TenantScope; id: string; input: TUpdateWebhookEndpointRequest; actor: Actor } & Opts,
): Promise<TWebhookEndpoint> {
  const current = await getEndpoint(db, scope, id);
  if (input.url) await assertDeliverable(input.url, allowPrivate);
  const changes = {
    ...(input.url !== undefined && { url: input.url }),
    ...(input.description !== undefined && { description: input.description || null }),
    ...(input.events !== undefined && { events: [...new Set(input.events)] }),
    ...(input.active !== undefined && { active: input.active }),
  };
  if (Object.keys(changes).length === 0) return toEndpoint(current);
  return db.transaction(async (tx) => {
    const [row] = await tx.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, current.id)).returning();
    await audit(tx, actor, {
      ownerId: current.ownerId,
      action: 'webhook_endpoint.update',
      entityType: 'webhook_endpoint',
      entityId: id,
      changes,
    });
    return toEndpoint(row!);
  });
}

/** A new secret; the old one stops signing at once (receivers should accept both briefly while they switch). */
export async function rotateEndpointSecret(
  db: Db,
  { scope, id, actor }: { scope: TenantScope; id: string; actor: Actor },
): Promise<TWebhookEndpointWithSecret> {
  const current = await getEndpoint(db, scope, id);
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ secret })
      .where(eq(webhookEndpoints.id, current.id))
      .returning();
    await audit(tx, actor, {
      ownerId: current.ownerId,
      action: 'webhook_endpoint.rotate_secret',
      entityType: 'webhook_endpoint',
      entityId: id,
    });
    return { endpoint: toEndpoint(row!), secret };
  });
}

/** Deletes the endpoint with its delivery log (pending deliveries stop). */
export async function deleteEndpoint(
  db: Db,
  { scope, id, actor }: { scope: TenantScope; id: string; actor: Actor },
): Promise<void> {
  const current = await getEndpoint(db, scope, id);
  await db.transaction(async (tx) => {
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, current.id));
    await audit(tx, actor, {
      ownerId: current.ownerId,
      action: 'webhook_endpoint.delete',
      entityType: 'webhook_endpoint',
      entityId: id,
      changes: { url: current.url },
    });
  });
}
