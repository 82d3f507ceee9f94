import { CATEGORY_LABELS } from './categories';
import { COUNTY_LABELS } from './counties';
import { GRADE_LEVELS, GRADE_LEVEL_LABELS, gradeLevelLabel } from './grade-levels';
import { ROLE_TITLES, roleSuffix } from './roles';

describe('grade levels', () => {
  it('has the product’s labels, in school order', () => {
    expect(GRADE_LEVELS.map((level) => GRADE_LEVEL_LABELS[level])).toEqual([
      'Play Group',
      'Pre-Primary 1',
      'Pre-Primary 2',
      ...Array.from({ length: 12 }, (_, index) => `Grade ${index + 1}`),
      'Certificate College',
      'Diploma College',
      'University Degree',
      'None',
    ]);
  });

  it('labels grade_10 as Grade 10 and shows unknown values as stored', () => {
    expect(gradeLevelLabel('grade_10')).toBe('Grade 10');
    expect(gradeLevelLabel('form_4')).toBe('form_4');
  });
});

describe('other labels', () => {
  it('labels the budget categories as the product does', () => {
    expect(CATEGORY_LABELS).toEqual({
      school_fees: 'School Fees',
      health: 'Health',
      admin: 'Administrative',
      special_needs: 'Special Needs',
      other: 'Other Activities',
    });
  });

  it('labels the four counties', () => {
    expect(Object.values(COUNTY_LABELS)).toEqual(['Kakamega', 'Bungoma', 'Vihiga', 'Busia']);
  });

  it('names roles as the sidebar and the user table do', () => {
    expect([roleSuffix('superadmin'), roleSuffix('admin'), roleSuffix('viewer'), roleSuffix('beneficiary')]).toEqual([
      'Super Admin',
      'Admin',
      'Viewer',
      'Beneficiary',
    ]);
    expect(ROLE_TITLES.viewer).toBe('Field Officer');
  });
});
