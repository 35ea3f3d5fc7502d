import type { CSSProperties } from 'react';
import { PROFILE_STATUSES, type ProfileStatus, type ReportStatus } from '@centinela/shared';
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One colour per status, shared by badges and filter chips so a status looks the same everywhere. */
export const STATUS_COLORS: Record<ProfileStatus | ReportStatus, string> = {
  PASSED: 'green',
  COMPLETED: 'green',
  FAILED: 'red',
  ERROR: 'orange',
  INCOMPLETE: 'yellow',
  INFO: 'blue',
  PENDING_MANUAL_REVIEW: 'grape',
  PENDING: 'gray',
  PRECANDIDATE: 'cyan',
};

/** Each person status's CSS variables, made once from its colour: the plain-element chips take them inline. */
export function styleByStatus(vars: (color: string) => CSSProperties): Record<ProfileStatus, CSSProperties> {
  return Object.fromEntries(PROFILE_STATUSES.map((s) => [s, vars(STATUS_COLORS[s])])) as Record<
    ProfileStatus,
    CSSProperties
  >;
}

export function ProfileStatusBadge({ status, ...props }: { status: ProfileStatus } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" {...props}>
      {t(`profiles.status.${status}`)}
    </Badge>
  );
}

export function ReportStatusBadge({ status, ...props }: { status: ReportStatus } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="outline" {...props}>
      {t(`reports.status.${status}`)}
    </Badge>
  );
}
