import { CANDIDATE_CHECK_STATES, type CandidateCheckState } from '@centinela/shared';
import { Stepper } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Received → in progress → complete: how far the check has come, never what it found. */
export function CheckProgress({ state }: { state: CandidateCheckState }) {
  const { t } = useTranslation();
  const at = CANDIDATE_CHECK_STATES.indexOf(state);
  // A complete check shows every step done.
  const active = state === 'complete' ? CANDIDATE_CHECK_STATES.length : at;
  return (
    <Stepper active={active} size="sm" orientation="vertical" allowNextStepsSelect={false} data-testid="check-progress">
      {CANDIDATE_CHECK_STATES.map((s) => (
        <Stepper.Step
          key={s}
          label={t(`candidate.states.${s}`)}
          description={t(`candidate.stateHints.${s}`)}
          aria-current={s === state ? 'step' : undefined}
        />
      ))}
    </Stepper>
  );
}
