import type { ProfileViewChannel } from '@centinela/shared';
import type { Caller } from './caller.ts';

/**
 * Who read a person's data, as the view record names them: a dashboard user, or an API key
 * (with its user when it is a user's own key). The label is kept as it was, so a later rename or deletion
 * does not rewrite who saw what.
 */
export type Viewer = {
  userId: string | null;
  apiKeyId: string | null;
  label: string;
  channel: ProfileViewChannel;
};

export function viewerOf(caller: Caller): Viewer {
  const key = caller.apiKey;
  if (!key) return { userId: caller.user.id, apiKeyId: null, label: caller.user.username, channel: 'dashboard' };
  // An owner's key has no user (its `user` is a stand-in named after the key): the key's name says who.
  const label = key.userId ? `${caller.user.username} (${key.name})` : key.name;
  return { userId: key.userId, apiKeyId: key.id, label: label.slice(0, 254), channel: 'api' };
}
