import type { IdentityPictureKind, TIdentityPicture } from '@centinela/shared';
import { Image, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePictureUrl } from '../api/identity-report.ts';

function Picture({
  profileId,
  picture,
  label,
}: {
  profileId: string;
  picture: TIdentityPicture | undefined;
  label: string;
}) {
  const { t } = useTranslation();
  const url = usePictureUrl(profileId, picture?.id);
  return (
    <Paper withBorder p={6} component="figure" m={0} data-testid={`identity-picture-${picture?.kind ?? 'none'}`}>
      <Stack gap={4}>
        {!picture ? (
          <Text size="sm" c="dimmed" h={140} ta="center" pt="xl">
            {t('identity.review.noPicture')}
          </Text>
        ) : url.data ? (
          <Image src={url.data} alt={label} h={180} fit="contain" radius="sm" />
        ) : url.isError ? (
          <Text size="sm" c="red" h={140}>
            {t('identity.review.pictureFailed')}
          </Text>
        ) : (
          <Skeleton h={180} role="status" aria-label={t('common.loading')} />
        )}
        <Text component="figcaption" size="xs" fw={600} ta="center">
          {label}
        </Text>
        {picture?.acceptedAfterTries && (
          // Text, not a badge: a badge does not wrap, and half a column on a phone is narrow.
          <Text size="xs" c="orange.9" fw={600} ta="center">
            {t('identity.review.afterTries')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The pictures as a reviewer compares them: the document's front (its portrait) and the selfie side by
 * side, then the back and the turned selfie. Two columns even on a phone, so the faces stay side by side.
 */
export function IdentityPictures({ profileId, pictures }: { profileId: string; pictures: TIdentityPicture[] }) {
  const { t } = useTranslation();
  const byKind = (kind: IdentityPictureKind) => pictures.find((p) => p.kind === kind);
  const labels: Record<IdentityPictureKind, string> = {
    document_front: t('identity.review.pictures.document_front'),
    selfie: t('identity.review.pictures.selfie'),
    document_back: t('identity.review.pictures.document_back'),
    turned_selfie: t('identity.review.pictures.turned_selfie'),
  };
  const shown: IdentityPictureKind[] = ['document_front', 'selfie'];
  if (byKind('document_back') || byKind('turned_selfie')) shown.push('document_back', 'turned_selfie');
  return (
    <SimpleGrid cols={2} spacing="xs" aria-label={t('identity.review.picturesTitle')} role="group">
      {shown.map((kind) => (
        <Picture key={kind} profileId={profileId} picture={byKind(kind)} label={labels[kind]} />
      ))}
    </SimpleGrid>
  );
}
