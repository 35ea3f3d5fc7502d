import type { TGetProfileResponse, TPipeline } from '@centinela/shared';
import { Button, Divider, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProfilePermissions } from '../utils/permissions.ts';
import { ConsentPanel } from './consent-panel.tsx';
import { LegalHoldPanel } from './legal-hold-panel.tsx';
import { PersonForm } from './person-form.tsx';
import { PrivacyRequestsPanel } from './privacy-requests-panel.tsx';
import { ProfileFields } from './profile-fields.tsx';
import { ReportPdfButton } from './report-pdf-button.tsx';
import { ReportCard } from './report-card.tsx';
import { ReviewDecision } from './review-decision.tsx';
import { ReviewFieldsForm } from './review-fields-form.tsx';
import { ProfileStatusBadge } from './status-badge.tsx';

type ProfileDetailsProps = { profile: TGetProfileResponse; can: ProfilePermissions; pipelines: TPipeline[] };

/** The flyout's content, also what prints: fields, the decision when one is due, reports, review fields. */
export function ProfileDetails({ profile, can, pipelines }: ProfileDetailsProps) {
  const { t } = useTranslation();
  return (
    <Stack className="profile-print" gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2}>{profile.name || t('profiles.list.noName')}</Title>
          <ProfileStatusBadge status={profile.status} size="lg" data-testid="profile-status" />
        </Stack>
        <Group gap="xs" className="no-print">
          <ReportPdfButton profileId={profile.id} />
          <Button variant="default" onClick={() => window.print()}>
            {t('profiles.flyout.print')}
          </Button>
        </Group>
      </Group>
      {can.review && profile.status === 'PENDING_MANUAL_REVIEW' && <ReviewDecision profile={profile} />}
      <ProfileFields
        profile={profile}
        pipelineName={pipelines.find((p) => p.id === profile.pipelineId)?.name}
        reviewEditable={can.review}
      />
      {/* Keyed by person only, like the review form: live updates must not wipe an edit in progress. */}
      {can.write && <PersonForm key={profile.id} profile={profile} />}
      <Divider label={t('profiles.flyout.reports')} labelPosition="left" />
      {profile.reports.length === 0 && t('profiles.flyout.noReports')}
      {profile.reports.map((r) => (
        <ReportCard
          key={r.id}
          report={r}
          country={profile.country}
          canRun={can.run}
          consentWithdrawn={profile.consentWithdrawal !== null}
          canReview={can.review}
          canWrite={can.write}
          profileId={profile.id}
          profileName={profile.name}
        />
      ))}
      {can.review && (
        <>
          <Divider label={t('profiles.flyout.review')} labelPosition="left" className="no-print" />
          {/* Keyed by person only: live report updates must not wipe what the reviewer is typing. */}
          <ReviewFieldsForm key={profile.id} profile={profile} />
        </>
      )}
      <Divider label={t('profiles.consent.title')} labelPosition="left" />
      <ConsentPanel
        consent={profile.consent}
        withdrawal={profile.consentWithdrawal}
        profileId={profile.id}
        canEdit={can.write}
      />
      <Divider label={t('profiles.privacy.title')} labelPosition="left" className="no-print" />
      <PrivacyRequestsPanel
        key={`privacy-${profile.id}`}
        profileId={profile.id}
        canResolve={can.review}
        canLink={can.write}
      />
      {can.hold && (
        <>
          <Divider label={t('profiles.hold.title')} labelPosition="left" className="no-print" />
          <LegalHoldPanel key={profile.id} profileId={profile.id} />
        </>
      )}
    </Stack>
  );
}
