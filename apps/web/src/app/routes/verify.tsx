import { useParams } from 'react-router';
import { VerifyScreen } from '../../features/verify/components/verify-screen.tsx';

/** /verify/:code — exempt from auth: anyone holding a PDF report checks it. */
export function Component() {
  const { code = '' } = useParams();
  return <VerifyScreen code={code} />;
}
