import { VALIDATION_MESSAGES, type MessageKey } from '../validation/messages/index.ts';
import { en, type IssueCatalogue } from './en.ts';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/**
 * What an issue's message may be named by: a key of this catalogue ('profiles.validation.emailOrPhone')
 * or a general form rule's ('validation.required', worded by ../validation/messages).
 */
export type IssueKey = Leaves<typeof en> | `validation.${MessageKey}`;

/** An issue message's placeholders (the API sends them with the key). */
export type IssueParams = Record<string, string | number>;

/** The general form rule a `validation.<rule>` key names, if it is one. */
export const ruleOf = (key: string): MessageKey | undefined => {
  const rule = /^validation\.(\w+)$/.exec(key)?.[1];
  return rule && Object.hasOwn(VALIDATION_MESSAGES.en, rule) ? (rule as MessageKey) : undefined;
};

/** The words at a dotted key of a catalogue, if there are any. */
export function lookup(catalogue: IssueCatalogue, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export const isIssueKey = (key: string): key is IssueKey => ruleOf(key) !== undefined || lookup(en, key) !== undefined;
