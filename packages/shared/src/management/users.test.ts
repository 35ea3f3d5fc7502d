import { describe, expect, it } from 'vitest';
import { grantableRoles, parseEmailList } from './users.ts';

describe('parseEmailList (SPEC §5: repeated rejected, invalid flagged)', () => {
  it('splits on commas, semicolons, spaces and lines; lower-cases; flags later copies and non-emails', () => {
    expect(parseEmailList(' Ana@Acme.test,luis@acme.test;\nANA@acme.test  nope\n\n@x.test ')).toEqual([
      { email: 'ana@acme.test', problem: null },
      { email: 'luis@acme.test', problem: null },
      { email: 'ana@acme.test', problem: 'repeated' },
      { email: 'nope', problem: 'invalid' },
      { email: '@x.test', problem: 'invalid' },
    ]);
    expect(parseEmailList('   ')).toEqual([]);
  });

  it('an invalid email repeated stays invalid, not repeated', () => {
    expect(parseEmailList('x x').map((e) => e.problem)).toEqual(['invalid', 'invalid']);
  });
});

describe('grantableRoles', () => {
  it('never above the caller’s highest role', () => {
    expect(grantableRoles(['manager'])).toEqual(['manager', 'analyst', 'viewer']);
    expect(grantableRoles(['support'])).toEqual(['support', 'manager', 'analyst', 'viewer']);
    expect(grantableRoles(['admin'])).toContain('admin');
    expect(grantableRoles(['viewer', 'analyst'])).toEqual(['analyst', 'viewer']);
    expect(grantableRoles([])).toEqual([]);
  });
});
