import {
  reportPdfPath,
  type ProfileStatus,
  type ReportStatus,
  type ReportType,
  type TReportEventData,
} from '@centinela/shared';

/**
 * The `data` of each event: ids and statuses, enough to act on or to fetch the rest through the API
 * (never personal data beyond what the client system itself sent).
 */
export const profileEventData = (p: {
  id: string;
  country: string;
  status: ProfileStatus;
  createdAs: string;
  pipelineId: string | null;
  documentId: string;
}) => ({
  profileId: p.id,
  country: p.country,
  documentId: p.documentId,
  status: p.status,
  createdAs: p.createdAs,
  pipelineId: p.pipelineId,
});

/** `report.completed` / `report.failed` (shared ZReportEventData): with the path of the person's PDF report. */
export const reportEventData = (
  r: { reportId: string; profileId: string; status: ReportStatus },
  type: ReportType,
): TReportEventData => ({
  reportId: r.reportId,
  profileId: r.profileId,
  type,
  status: r.status,
  links: { reportPdf: reportPdfPath(r.profileId) },
});
