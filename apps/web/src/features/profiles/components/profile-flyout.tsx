import './profile-print.css';
import type { TPipeline } from '@centinela/shared';
import { Drawer, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveAnnouncer } from '../../../components/ui/live-announcer.tsx';
import { PageError } from '../../../components/ui/page-error.tsx';
import { useProfile } from '../api/get-profile.ts';
import type { ProfilePermissions } from '../utils/permissions.ts';
import { ProfileDetails } from './profile-details.tsx';
import { ProfileViews } from './profile-views.tsx';

type ProfileFlyoutProps = {
  id: string;
  onClose: () => void;
  can: ProfilePermissions;
  pipelines: TPipeline[];
  extra?: ReactNode;
};

/** A person over the list (deep-linkable: the route holds the id); closing returns to the list. */
export function ProfileFlyout({ id, onClose, can, pipelines, extra }: ProfileFlyoutProps) {
  const { t } = useTranslation();
  const profile = useProfile(id);
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="xl"
      title={t('profiles.flyout.title')}
      closeButtonProps={{ 'aria-label': t('profiles.flyout.close') }}
    >
      {profile.isPending && (
        <Stack role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={32} width="60%" />
          <Skeleton height={160} />
          <Skeleton height={120} />
        </Stack>
      )}
      {profile.isError && <PageError error={profile.error} onRetry={() => void profile.refetch()} />}
      {profile.data && <ProfileDetails profile={profile.data} can={can} pipelines={pipelines} />}
      {profile.data && profile.data.reports.length > 0 && (
        <LiveAnnouncer
          message={t('liveProgress.reports', {
            done: profile.data.reports.filter((r) => r.status !== 'PENDING').length,
            count: profile.data.reports.length,
          })}
          final={profile.data.reports.every((r) => r.status !== 'PENDING')}
        />
      )}
      {profile.data && extra}
      {/* Never rendered for those the server would refuse: the interface does not invite a 403. */}
      {profile.data && can.views && <ProfileViews profileId={profile.data.id} />}
    </Drawer>
  );
}
