import type { TCreateUsersRequest, TCreateUsersResponse, TUpdateUsersRequest } from '@centinela/shared';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useCreateUsers } from '../api/create-users.ts';
import { useDeleteUsers } from '../api/delete-users.ts';
import { useUpdateUsers } from '../api/update-users.ts';
import { managementError } from '../utils/errors.ts';

/**
 * Creating, editing and deleting users with the messages of SPEC §8: "User creation, edit or deletion
 * failed", singular or plural by how many users it concerned.
 */
export function useUserActions({ onCreated }: { onCreated: (result: TCreateUsersResponse) => void }) {
  const { t } = useTranslation();
  const create = useCreateUsers();
  const update = useUpdateUsers();
  const remove = useDeleteUsers();

  const reportCreated = (result: TCreateUsersResponse) => {
    if (result.created.length > 0)
      notifications.show({ color: 'green', message: t('management.users.created', { count: result.created.length }) });
    if (result.rejected.length > 0) {
      notifications.show({
        color: 'orange',
        title: t('management.users.failed.create', { count: result.rejected.length }),
        message: result.rejected.map((r) => `${r.email}: ${t(`management.users.rejections.${r.reason}`)}`).join('\n'),
      });
    }
    onCreated(result);
  };

  return {
    pending: create.isPending || update.isPending || remove.isPending,
    reportCreated,
    createFailed: (count: number) => (e: unknown) =>
      notifications.show({
        color: 'red',
        title: t('management.users.failed.create', { count }),
        message: managementError(t, e),
      }),
    create: (input: TCreateUsersRequest) =>
      create.mutate(input, {
        onSuccess: reportCreated,
        onError: (e) =>
          notifications.show({
            color: 'red',
            title: t('management.users.failed.create', { count: input.emails.length }),
            message: managementError(t, e),
          }),
      }),
    update: (input: TUpdateUsersRequest, after: () => void) =>
      update.mutate(input, {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('management.users.updated', { count: input.ids.length }) });
          after();
        },
        onError: (e) =>
          notifications.show({
            color: 'red',
            title: t('management.users.failed.edit', { count: input.ids.length }),
            message: managementError(t, e),
          }),
      }),
    remove: (ids: string[], after: () => void) =>
      remove.mutate(ids, {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('management.users.deleted', { count: ids.length }) });
          after();
        },
        onError: (e) =>
          notifications.show({
            color: 'red',
            title: t('management.users.failed.delete', { count: ids.length }),
            message: managementError(t, e),
          }),
      }),
  };
}
