/**
 * The server's kernel: who is calling (Caller), who changed something (Actor), who read a person's data
 * (Viewer), which owner's rows a call may touch (TenantScope), what a domain function is given (Deps) and
 * the bus it publishes on.
 * Every domain depends on it; it depends on nothing above the database.
 */
export { actorOf, type Actor } from './actor.ts';
export {
  buildCaller,
  callerOwnerColumns,
  callerUserColumns,
  type Caller,
  type CallerOwner,
  type CallerUser,
} from './caller.ts';
export type { Deps, QueueDeps } from './deps.ts';
export { EventBus, type DomainEvent } from './events.ts';
export { ownedBy, requireOwner, tenantScope, type TenantScope } from './scope.ts';
export { viewerOf, type Viewer } from './viewer.ts';
