/**
 * The production dependencies have no high or critical advisory (`npm audit --omit=dev`).
 * Part of `npm run lint`, so of `npm test` and CI. Fails (exit 1) when npm reports a high or critical
 * issue. When the registry's audit service cannot be asked (no network, or a registry that refuses the
 * bulk advisory POST, as the one this project's CI machine reaches does), it says so plainly and passes,
 * unless AUDIT_REQUIRED=1, which makes an unanswered audit a failure too.
 *   tsx scripts/audit-deps.ts
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

type Severity = 'info' | 'low' | 'moderate' | 'high' | 'critical';
type Vulnerability = { name: string; severity: Severity; via: unknown[]; range?: string; fixAvailable?: unknown };
/** What `npm audit --json` prints: a report, or (when the service failed) npm's error. */
export type AuditOutput = {
  metadata?: { vulnerabilities?: Partial<Record<Severity, number>> };
  vulnerabilities?: Record<string, Vulnerability>;
  message?: string;
  statusCode?: number;
  error?: unknown;
};

export type AuditVerdict =
  | { kind: 'clean'; counts: Partial<Record<Severity, number>> }
  | {
      kind: 'vulnerable';
      counts: Partial<Record<Severity, number>>;
      packages: { name: string; severity: Severity; range?: string }[];
    }
  | { kind: 'unavailable'; reason: string };

const BLOCKING: Severity[] = ['high', 'critical'];

/** The decision on one `npm audit --json` output (unit-tested in scripts/__tests__/audit-deps.test.ts). */
export function judgeAudit(output: AuditOutput): AuditVerdict {
  const counts = output.metadata?.vulnerabilities;
  if (!counts) return { kind: 'unavailable', reason: output.message ?? 'npm audit printed no report' };
  const packages = Object.values(output.vulnerabilities ?? {})
    .filter((v) => BLOCKING.includes(v.severity))
    .map((v) => ({ name: v.name, severity: v.severity, range: v.range }));
  const blocking = BLOCKING.reduce((sum, s) => sum + (counts[s] ?? 0), 0);
  return blocking > 0 || packages.length > 0 ? { kind: 'vulnerable', counts, packages } : { kind: 'clean', counts };
}

function main(): number {
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
    encoding: 'utf8',
    timeout: 120_000,
    shell: process.platform === 'win32',
  });
  let output: AuditOutput;
  try {
    output = JSON.parse(run.stdout || '{}') as AuditOutput;
  } catch {
    output = {
      message: `npm audit printed no JSON (exit ${run.status}): ${(run.stderr || '').trim().split('\n').pop() ?? ''}`,
    };
  }
  const verdict = judgeAudit(output);
  switch (verdict.kind) {
    case 'clean':
      console.log(
        `audit-deps: no high or critical advisory in production dependencies (${JSON.stringify(verdict.counts)})`,
      );
      return 0;
    case 'vulnerable':
      console.table(verdict.packages);
      console.error(
        `audit-deps: high or critical advisories in production dependencies (${JSON.stringify(verdict.counts)}): update them (npm audit fix)`,
      );
      return 1;
    case 'unavailable':
      if (process.env.AUDIT_REQUIRED === '1') {
        console.error(`audit-deps: the audit service could not be asked (${verdict.reason}) and AUDIT_REQUIRED=1`);
        return 1;
      }
      console.warn(`audit-deps: NOT CHECKED — the registry's audit service could not be asked (${verdict.reason})`);
      return 0;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(main());
