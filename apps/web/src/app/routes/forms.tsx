import { hasScope, type Locale } from '@centinela/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { SimplePage } from '../../components/ui/simple-page.tsx';
import { useUser } from '../../features/auth/api/get-user.ts';
import { FormLinksScreen } from '../../features/forms/components/form-links-screen.tsx';
import { registerIdentityFormStep } from '../../features/identity/register-form-step.ts';
import { PublicFormScreen } from '../../features/forms/components/public-form-screen.tsx';
import { usePipelines } from '../../features/pipelines/api/get-pipelines.ts';

// The identity document's pictures and selfie: a lazy step, loaded for a form that asks for it.
registerIdentityFormStep();

/**
 * Staff with forms:manage: their links (the pipelines come from the pipelines feature). The links open in
 * the sender's own language (their account's), not in whichever language these pages happen to be in.
 */
function StaffForms({ senderLocale }: { senderLocale: Locale }) {
  const pipelines = usePipelines();
  return <FormLinksScreen pipelines={pipelines.data?.items ?? []} linkLocale={senderLocale} />;
}

/**
 * /forms/:code? — exempt from auth (SPEC §2). With a code: the candidate's public form. Without: the
 * signed-in staff member's links, or a note for anyone else.
 */
export function Component() {
  const { t } = useTranslation();
  const { code } = useParams();
  const user = useUser();
  if (code) return <PublicFormScreen code={code} />;
  if (user.isPending) return <PageLoader />;
  if (user.data && hasScope(user.data.scope, 'forms:manage'))
    return <StaffForms senderLocale={user.data.defaultLocale} />;
  return <SimplePage title={t('forms.title')} emptyTitle={t('forms.emptyTitle')} emptyBody={t('forms.emptyBody')} />;
}
