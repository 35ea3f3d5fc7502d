import { useParams } from 'react-router';
import { CandidateScreen } from '../../features/forms/components/candidate-screen.tsx';
import { registerIdentityFormStep } from '../../features/identity/register-form-step.ts';

// A person whose identity report waits for pictures sends them from this page: a lazy step.
registerIdentityFormStep();

/** /candidate/:code — exempt from auth: the candidate's own page, behind the code only they were given. */
export function Component() {
  const { code = '' } = useParams();
  return <CandidateScreen code={code} />;
}
