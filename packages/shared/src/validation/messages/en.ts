/**
 * English validation messages (FormKit's wording where SPEC §5 quotes it). Placeholders: {{Field}} and
 * {{field}} are the labelled field at and inside a sentence; the others are the rule's arguments.
 * A `_one` key is the singular form, used when `count` is 1 (i18next's plural convention).
 */
export const en = {
  field_label: '{{label}}',
  field_none: 'this field',
  default: 'This field isn’t valid.',
  invalid: 'Invalid field value',
  accepted: '{{Field}} must be accepted.',
  after: '{{Field}} must be after {{date}}.',
  after_now: '{{Field}} must be in the future.',
  before: '{{Field}} must be before {{date}}.',
  before_now: '{{Field}} must be in the past.',
  alpha: '{{Field}} can only contain alphabetical characters.',
  alphanumeric: '{{Field}} can only contain letters and numbers.',
  between: '{{Field}} must be between {{min}} and {{max}}.',
  between_length: '{{Field}} must be between {{min}} and {{max}} characters long.',
  between_items: '{{Field}} must have between {{min}} and {{max}} selected items.',
  confirm: '{{Field}} does not match.',
  date: '{{Field}} is not a valid date.',
  date_format: '{{Field}} is not a valid date, please use the format {{format}}.',
  email: 'Please enter a valid email address.',
  endsWith: '{{Field}} doesn’t end with {{list}}.',
  startsWith: '{{Field}} doesn’t start with {{list}}.',
  in: '{{Field}} has a value that isn’t allowed.',
  not: '{{Field}} does not accept “{{value}}”.',
  matches: '{{Field}} is not in the expected format.',
  max: '{{Field}} must be less than or equal to {{max}}.',
  max_length: '{{Field}} must be at most {{max}} characters long.',
  max_length_one: '{{Field}} must be at most {{max}} character long.',
  max_items: '{{Field}} can have at most {{max}} selected items.',
  max_items_one: '{{Field}} can have at most {{max}} selected item.',
  min: '{{Field}} must be at least {{min}}.',
  min_length: '{{Field}} must be at least {{min}} characters long.',
  min_length_one: '{{Field}} must be at least {{min}} character long.',
  min_items: '{{Field}} needs at least {{min}} selected items.',
  min_items_one: '{{Field}} needs at least {{min}} selected item.',
  mime: '{{Field}} must be a {{list}} file.',
  number: '{{Field}} must be a number.',
  required: '{{Field}} is required.',
  url: 'Please include a valid url.',
  hidden_characters: '{{Field}} contains invisible or control characters; type it again without them.',
  stray_marks: '{{Field}} has an accent mark that is not on a letter.',
  document_characters: '{{Field}} can only contain the letters A–Z and Ñ, the digits 0–9, spaces, dots, dashes and &.',
  unknown_keys: '{{Field}} has fields that are not allowed: {{keys}}.',
  unknown_keys_one: '{{Field}} has a field that is not allowed: {{keys}}.',
} as const;

export type MessageKey = keyof typeof en;
export type MessageCatalogue = Record<MessageKey, string>;
