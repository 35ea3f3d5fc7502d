import { pgEnum } from 'drizzle-orm/pg-core';
import {
  API_KEY_MODES,
  COUNTRIES,
  CREATED_AS,
  CREDIT_ENTRY_KINDS,
  CSV_JOB_MODES,
  CSV_JOB_STATUSES,
  DOCUMENT_TYPES,
  LOCALES,
  OWNER_PLANS,
  PROFILE_STATUSES,
  PROFILE_VIEW_CHANNELS,
  PROFILE_VIEW_KINDS,
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_STATUSES,
  REFERENCE_CHECK_STATUSES,
  REFERENCE_STATUSES,
  REPORT_STATUSES,
  USER_STATUSES,
} from '@centinela/shared';

export const countryEnum = pgEnum('country', COUNTRIES);
export const profileStatusEnum = pgEnum('profile_status', PROFILE_STATUSES);
export const reportStatusEnum = pgEnum('report_status', REPORT_STATUSES);
export const documentTypeEnum = pgEnum('document_type', DOCUMENT_TYPES);
export const createdAsEnum = pgEnum('created_as', CREATED_AS);
export const ownerPlanEnum = pgEnum('owner_plan', OWNER_PLANS);
export const userStatusEnum = pgEnum('user_status', USER_STATUSES);
export const apiKeyModeEnum = pgEnum('api_key_mode', API_KEY_MODES);
export const localeEnum = pgEnum('locale', LOCALES);
export const csvJobModeEnum = pgEnum('csv_job_mode', CSV_JOB_MODES);
export const csvJobStatusEnum = pgEnum('csv_job_status', CSV_JOB_STATUSES);
export const referenceCheckStatusEnum = pgEnum('reference_check_status', REFERENCE_CHECK_STATUSES);
export const referenceStatusEnum = pgEnum('reference_status', REFERENCE_STATUSES);
export const creditEntryKindEnum = pgEnum('credit_entry_kind', CREDIT_ENTRY_KINDS);
export const profileViewKindEnum = pgEnum('profile_view_kind', PROFILE_VIEW_KINDS);
export const profileViewChannelEnum = pgEnum('profile_view_channel', PROFILE_VIEW_CHANNELS);
export const privacyRequestKindEnum = pgEnum('privacy_request_kind', PRIVACY_REQUEST_KINDS);
export const privacyRequestStatusEnum = pgEnum('privacy_request_status', PRIVACY_REQUEST_STATUSES);
