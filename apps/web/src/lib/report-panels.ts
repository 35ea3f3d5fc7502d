import type { ReportStatus, ReportType } from '@centinela/shared';
import { createElement, lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Extra panels a report type shows inside the profile flyout, registered by the app layer (features may
 * not import each other): e.g. Sol's reference check for employment_references. Each is lazy, so its
 * code loads only when such a report is on screen.
 */
export type ReportPanelProps = {
  reportId: string;
  status: ReportStatus;
  canReview: boolean;
  profileId?: string;
  profileName?: string;
  /** The user may change the person (add the pictures a report waits for). */
  canWrite?: boolean;
  findings: Record<string, unknown>[];
};

const panels = new Map<ReportType, LazyExoticComponent<ComponentType<ReportPanelProps>>>();
/** Types whose panel shows the report's findings itself, or stands in for them (the generic list would repeat or contradict it). */
const showingFindings = new Set<ReportType>();
/** Types whose panel is also what an INCOMPLETE report needs (the identity report's pictures, added there). */
const showingIncomplete = new Set<ReportType>();

export function registerReportPanel(
  type: ReportType,
  load: () => Promise<{ default: ComponentType<ReportPanelProps> }>,
  opts: { findings?: boolean; incomplete?: boolean } = {},
): void {
  if (!panels.has(type)) panels.set(type, lazy(load));
  if (opts.findings) showingFindings.add(type);
  if (opts.incomplete) showingIncomplete.add(type);
}

export const hasReportPanel = (type: ReportType) => panels.has(type);
export const panelShowsFindings = (type: ReportType) => showingFindings.has(type);
export const panelShowsIncomplete = (type: ReportType) => showingIncomplete.has(type);

/** The registered panel of `type` (nothing when none is). */
export function ReportPanel({ type, ...props }: ReportPanelProps & { type: ReportType }) {
  const panel = panels.get(type);
  return panel ? createElement(Suspense, { fallback: null }, createElement(panel, props)) : null;
}
