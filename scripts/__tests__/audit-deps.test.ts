import { describe, expect, test } from 'vitest';
import { judgeAudit, type AuditOutput } from '../audit-deps.ts';

// Shapes as npm 11 prints them (`npm audit --omit=dev --json`, auditReportVersion 2, and its error output).
const report = (counts: Record<string, number>, vulnerabilities: AuditOutput['vulnerabilities'] = {}): AuditOutput => ({
  vulnerabilities,
  metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...counts } },
});

describe('npm audit verdict', () => {
  test('no advisory, or only low and moderate ones: clean', () => {
    expect(judgeAudit(report({})).kind).toBe('clean');
    const moderate = report(
      { moderate: 2, low: 1 },
      { qs: { name: 'qs', severity: 'moderate', via: [], range: '<6.14.1' } },
    );
    expect(judgeAudit(moderate)).toMatchObject({ kind: 'clean', counts: { moderate: 2 } });
  });

  test('a high or critical advisory fails, naming the package', () => {
    const critical = report(
      { critical: 1 },
      { minimist: { name: 'minimist', severity: 'critical', via: [], range: '<0.2.4', fixAvailable: true } },
    );
    expect(judgeAudit(critical)).toEqual({
      kind: 'vulnerable',
      counts: expect.objectContaining({ critical: 1 }),
      packages: [{ name: 'minimist', severity: 'critical', range: '<0.2.4' }],
    });
    expect(judgeAudit(report({ high: 3 })).kind).toBe('vulnerable');
  });

  test('an audit service that did not answer is reported as not checked, with its reason', () => {
    const refused: AuditOutput = {
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      error: { summary: '', detail: '' },
    };
    expect(judgeAudit(refused)).toEqual({ kind: 'unavailable', reason: refused.message });
    expect(judgeAudit({})).toEqual({ kind: 'unavailable', reason: 'npm audit printed no report' });
  });
});
