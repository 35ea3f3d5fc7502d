import type { Role } from '@centinela/shared';
import type { App } from '../../src/app.ts';
import { bearer, createUser, login } from '../factories.ts';

/** A signed-in platform staff member (admin or support: no owner). */
export async function staff(app: App, role: Extract<Role, 'admin' | 'support'>) {
  const user = await createUser(app.db, { ownerId: null, roles: [role] });
  const { token } = await login(app, user.username);
  return { user, headers: bearer(token) };
}
