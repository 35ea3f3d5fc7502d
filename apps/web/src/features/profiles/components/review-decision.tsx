import type { TGetProfileResponse } from '@centinela/shared';
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { useReviewProfile } from '../api/review-profile.ts';

/** Approve or reject a person whose name-only matches need a human (only while PENDING_MANUAL_REVIEW). */
export function ReviewDecision({ profile }: { profile: TGetProfileResponse }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const review = useReviewProfile(profile.id);
  // mutateAsync, not mutate's callbacks: a decision ends PENDING_MANUAL_REVIEW, which unmounts this
  // panel before mutate's own callbacks would run, and the toast must still show.
  const decide = (decision: 'approved' | 'rejected') =>
    review.mutateAsync({ decision, ...(comment.trim() && { comment: comment.trim() }) }).then(
      () => notifications.show({ color: 'green', message: t(`profiles.review.done.${decision}`) }),
      (e: unknown) => notifications.show({ color: 'red', message: errorMessage(t, e) }),
    );
  return (
    <Paper withBorder p="sm" bg="var(--mantine-color-grape-light)" className="no-print">
      <Stack gap="xs">
        <Text fw={500}>{t('profiles.review.title')}</Text>
        <Textarea
          label={t('profiles.review.comment')}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={4000}
        />
        <Group justify="flex-end">
          <Button
            color="red"
            variant="light"
            loading={review.isPending && review.variables?.decision === 'rejected'}
            onClick={() => decide('rejected')}
          >
            {t('profiles.review.reject')}
          </Button>
          <Button
            color="green"
            loading={review.isPending && review.variables?.decision === 'approved'}
            onClick={() => decide('approved')}
          >
            {t('profiles.review.approve')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
