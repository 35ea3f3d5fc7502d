import type { Locale, TPublicForm } from '@centinela/shared';
import { createElement, lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

/**
 * Extra steps of the candidate's public form, registered by the app layer (features may not import each
 * other): e.g. the identity document's pictures and selfie. Each is lazy, so its code loads only for a
 * form whose pipeline asks for it.
 */
export type FormStepValue = { ready: boolean; fields: Record<string, unknown> };

/** What a step reads of the form: the public form, or the candidate's page, carries the same parts. */
export type FormStepDefinition = Pick<TPublicForm, 'identity'>;

export type FormStepProps = {
  definition: FormStepDefinition;
  locale: Locale;
  /** The step's part of the submission, and whether the form may be sent. */
  onChange: (value: FormStepValue) => void;
  /** The candidate pressed "Send" with the step unfinished: it shows what is missing. */
  showErrors: boolean;
};

type Step = {
  applies: (definition: FormStepDefinition) => boolean;
  component: LazyExoticComponent<ComponentType<FormStepProps>>;
};

const steps = new Map<string, Step>();

export function registerFormStep(
  key: string,
  applies: (definition: FormStepDefinition) => boolean,
  load: () => Promise<{ default: ComponentType<FormStepProps> }>,
): void {
  if (!steps.has(key)) steps.set(key, { applies, component: lazy(load) });
}

/** The keys of the registered steps this form needs, in registration order. */
export const formStepsFor = (definition: FormStepDefinition): string[] =>
  [...steps].filter(([, s]) => s.applies(definition)).map(([key]) => key);

/** The registered step `key` (nothing when none is), with `fallback` while its code loads. */
export function FormStep({
  stepKey,
  fallback = null,
  ...props
}: FormStepProps & { stepKey: string; fallback?: ReactNode }) {
  const step = steps.get(stepKey);
  return step ? createElement(Suspense, { fallback }, createElement(step.component, props)) : null;
}
