import { TRACKER_PASSWORD_MESSAGES as M } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-rule.ts';

const owner = { email: 'Olive.Operator@example.org', name: 'Olive Operator' };

describe("the tracker's password rule", () => {
  it('refuses a password of one character repeated, whatever its length', () => {
    expect(passwordProblem(' '.repeat(8), owner)).toBe(M.repeated);
    expect(passwordProblem('a'.repeat(8), owner)).toBe(M.repeated);
    expect(passwordProblem('Z'.repeat(40), owner)).toBe(M.repeated);
    expect(passwordProblem('😀'.repeat(8), owner)).toBe(M.repeated);
    expect(passwordProblem('aaaaaaab', owner)).toBeNull();
  });

  it('refuses digits only under twelve, and takes twelve', () => {
    expect(passwordProblem('0'.repeat(8), owner)).toBe(M.repeated);
    expect(passwordProblem('20261202', owner)).toBe(M.digits);
    expect(passwordProblem('73914025861', owner)).toBe(M.digits);
    expect(passwordProblem('739140258613', owner)).toBeNull();
    expect(passwordProblem('7391402586a', owner)).toBeNull();
  });

  it("refuses the account's own address, its name part and the account's name, in any case or spacing", () => {
    for (const password of [
      'Olive.Operator@example.org',
      'olive.operator@example.org',
      ' olive.operator@EXAMPLE.org ',
      'olive.operator',
      'OliveOperator',
      'olive operator 2026',
      'Olive.Operator@example.org1',
    ]) {
      expect([password, passwordProblem(password, owner)]).toEqual([password, M.personal]);
    }
    expect(passwordProblem('olive trees by the operator', owner)).toBeNull();
    expect(
      passwordProblem('Olive.Operator@example.org', { email: 'x@example.org', name: 'X' }),
    ).toBeNull();
  });

  it('keeps the length and the common-password checks', () => {
    expect(passwordProblem('a', owner)).toBe(M.tooShort);
    expect(passwordProblem('password', owner)).toBe(M.common);
    expect(passwordProblem('correct horse battery staple', owner)).toBeNull();
  });
});
