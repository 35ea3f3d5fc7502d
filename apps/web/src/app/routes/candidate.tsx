import { useParams } from 'react-router';
import { CandidateScreen } from '../../features/forms/components/candidate-screen.tsx';

/** /candidate/:code — exempt from auth: the candidate's own page, behind the code only they were given. */
export function Component() {
  const { code = '' } = useParams();
  return <CandidateScreen code={code} />;
}
