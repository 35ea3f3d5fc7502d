import { Alert, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MissingInputs } from '../utils/missing-inputs.ts';

type MissingInputsAlertProps = { items: MissingInputs[]; title: string };

/** Advisory: which reports lack which inputs (they run once the inputs are added); never blocks a submit. */
export function MissingInputsAlert({ items, title }: MissingInputsAlertProps) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <Alert color="yellow" title={title} data-testid="missing-inputs">
      <List size="sm">
        {items.map(({ type, missing }) => (
          <List.Item key={type}>
            {t('profiles.inputs.reportLacks', {
              report: t(`reports.types.${type}`),
              inputs: missing.map((i) => t(`reports.inputs.${i}` as 'reports.inputs.name')).join(', '),
            })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
