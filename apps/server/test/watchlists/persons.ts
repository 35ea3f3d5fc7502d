import type { DocumentType, Finding, TCreateProfileResponse, TGetProfileResponse } from '@centinela/shared';
import type { App } from '../../src/app.ts';

export type Person = { name: string; documentType?: DocumentType; documentId: string; birthDate?: string };

/** A Mexican candidate with the watch-lists report, created as the dashboard does (POST /api/v1/profiles). */
export async function createScreenedPerson(app: App, headers: Record<string, string>, person: Person): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/profiles',
    headers,
    payload: { kind: 'candidate', country: 'mx', documentType: 'national_id', ...person, reportTypes: ['watchlists'] },
  });
  if (response.statusCode !== 201)
    throw new Error(`creating ${person.name} answered ${response.statusCode}: ${response.body}`);
  return response.json<TCreateProfileResponse>().profile.id;
}

export async function profileOf(app: App, headers: Record<string, string>, id: string): Promise<TGetProfileResponse> {
  const response = await app.inject({ method: 'GET', url: `/api/v1/profiles/${id}`, headers });
  if (response.statusCode !== 200) throw new Error(`GET profile answered ${response.statusCode}: ${response.body}`);
  return response.json<TGetProfileResponse>();
}

/** The person's watch-lists report, as the flyout shows it (its findings as the report writes them). */
export async function watchlistReport(app: App, headers: Record<string, string>, id: string) {
  const profile = await profileOf(app, headers, id);
  const report = profile.reports.find((r) => r.type === 'watchlists');
  if (!report) throw new Error(`${profile.name} has no watch-lists report`);
  return { profile, report: { ...report, findings: report.findings as unknown as Finding[] } };
}
