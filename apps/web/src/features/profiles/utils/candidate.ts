import {
  isReportAvailable,
  type Country,
  type DocumentType,
  type ReportType,
  type TCreateProfileRequest,
  type TPipeline,
} from '@centinela/shared';

export type CandidateValues = {
  country: Country | '';
  documentType: DocumentType;
  documentId: string;
  name: string;
  email: string;
  phone: string;
  birthDate: string;
  issueDate: string;
  state: string;
  /** Reports come from a pipeline or are picked one by one (the API takes exactly one of the two). */
  mode: 'pipeline' | 'reports';
  pipelineId: string;
  reportTypes: ReportType[];
};

export const emptyCandidate = (country: Country | ''): CandidateValues => ({
  country,
  documentType: 'national_id',
  documentId: '',
  name: '',
  email: '',
  phone: '',
  birthDate: '',
  issueDate: '',
  state: '',
  mode: 'reports',
  pipelineId: '',
  reportTypes: [],
});

const orNull = (v: string) => v.trim() || null;
const orUndefined = (v: string) => v.trim() || undefined;

/** The request body; empty optional inputs are left out rather than sent as empty strings. */
export function candidateRequest(v: CandidateValues): TCreateProfileRequest {
  return {
    kind: 'candidate',
    country: (v.country || 'xx') as Country,
    documentType: v.documentType,
    documentId: v.documentId,
    name: v.name,
    email: orNull(v.email),
    phone: orNull(v.phone),
    birthDate: orNull(v.birthDate),
    issueDate: orUndefined(v.issueDate),
    state: orNull(v.state),
    ...(v.mode === 'pipeline'
      ? { pipelineId: orUndefined(v.pipelineId) }
      : { reportTypes: v.reportTypes.length ? v.reportTypes : undefined }),
  } as TCreateProfileRequest;
}

/** The reports the form would run: the chosen pipeline's (those its country offers) or the ticked ones. */
export function chosenReportTypes(v: CandidateValues, pipelines: readonly TPipeline[]): ReportType[] {
  if (v.mode === 'reports') return v.reportTypes;
  const pipeline = pipelines.find((p) => p.id === v.pipelineId && p.country === v.country);
  return pipeline ? pipeline.reportTypes.filter((t) => isReportAvailable(pipeline.country, t)) : [];
}
