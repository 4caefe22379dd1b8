import { describe, expect, it } from 'vitest';
import { allows, may, ROLES, type Power } from './roles.ts';

const POWERS: Power[] = [
  'read the funnel',
  'read the form',
  'edit the form',
  'read leads',
  'manage people',
];

describe('what each role may do', () => {
  it('gives a marketer the funnel and the form to read, an editor its editing too, staff leads, an operator all', () => {
    const table = Object.fromEntries(
      ROLES.map((role) => [role, POWERS.filter((power) => may(role, power))]),
    );
    expect(table).toEqual({
      marketer: ['read the funnel', 'read the form'],
      editor: ['read the funnel', 'read the form', 'edit the form'],
      staff: ['read the funnel', 'read the form', 'read leads'],
      operator: POWERS,
    });
  });

  it('keeps the ladder the routes knew: nobody but an operator reaches an operator’s, editors no staff’s', () => {
    expect(ROLES.filter((role) => allows(role, 'marketer'))).toEqual(ROLES);
    expect(ROLES.filter((role) => allows(role, 'staff'))).toEqual(['staff', 'operator']);
    expect(ROLES.filter((role) => allows(role, 'editor'))).toEqual(['editor', 'operator']);
    expect(ROLES.filter((role) => allows(role, 'operator'))).toEqual(['operator']);
  });
});
