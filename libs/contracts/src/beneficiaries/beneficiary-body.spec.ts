import { z } from 'zod';
import { BeneficiaryBody } from './beneficiary-body';
import { setRulesClock } from '../common/today';
import { ConsentBody } from './consents';
import { BeneficiaryListQuery } from './list-query';

const fieldMessages = (result: z.ZodSafeParseResult<unknown>) => {
  const byField: Record<string, string[]> = {};
  if (!result.success) {
    for (const issue of result.error.issues) (byField[issue.path.join('.')] ??= []).push(issue.message);
  }
  return byField;
};

const form = {
  fullName: 'Baraka Otieno',
  dateOfBirth: '2014-03-09',
  homeVillage: 'Shinyalu',
  subCounty: 'Shinyalu',
  county: 'kakamega',
  guardianName: 'Mary Otieno',
  guardianPhone: '+254 712 345678',
  schoolName: 'Shinyalu Primary',
  gradeLevel: 'grade_4',
};

const requiredMessages = {
  fullName: ['Full name is required'],
  dateOfBirth: ['Date of birth is required'],
  homeVillage: ['Home village is required'],
  subCounty: ['Sub-county is required'],
  county: ['County is required'],
  guardianName: ['Guardian name is required'],
  guardianPhone: ['Guardian phone is required'],
  schoolName: ['School name is required'],
  gradeLevel: ['Grade level is required'],
};

describe('BeneficiaryBody', () => {
  it('reads the multipart fields, defaulting to active with no special needs', () => {
    expect(BeneficiaryBody.parse(form)).toEqual({
      ...form,
      guardianPhone: '+254712345678',
      isActive: true,
      specialNeeds: null,
    });
  });

  it('gives "<Field> is required" for every missing field', () => {
    expect(fieldMessages(BeneficiaryBody.safeParse({}))).toEqual(requiredMessages);
  });

  it('gives the same messages for empty and blank form fields', () => {
    const blank = Object.fromEntries(Object.keys(form).map((key, index) => [key, index % 2 ? '' : '   ']));
    expect(fieldMessages(BeneficiaryBody.safeParse(blank))).toEqual(requiredMessages);
  });

  it('trims text and reads isActive and specialNeeds from strings', () => {
    const parsed = BeneficiaryBody.parse({
      ...form,
      fullName: '  Baraka Otieno ',
      isActive: 'false',
      specialNeeds: ' Asthma ',
    });
    expect(parsed).toMatchObject({ fullName: 'Baraka Otieno', isActive: false, specialNeeds: 'Asthma' });
    expect(BeneficiaryBody.parse({ ...form, isActive: 'true', specialNeeds: '' })).toMatchObject({
      isActive: true,
      specialNeeds: null,
    });
  });

  it('refuses values outside the lists and dates that do not exist', () => {
    expect(
      fieldMessages(
        BeneficiaryBody.safeParse({ ...form, county: 'nairobi', gradeLevel: 'grade_13', dateOfBirth: '2014-02-30' }),
      ),
    ).toEqual({
      county: ['County must be one of: kakamega, bungoma, vihiga, busia'],
      gradeLevel: [expect.stringContaining('Grade level must be one of: play_group')],
      dateOfBirth: ['Date of birth must be a valid date (YYYY-MM-DD)'],
    });
    expect(fieldMessages(BeneficiaryBody.safeParse({ ...form, isActive: 'yes' }))).toEqual({
      isActive: ['Status must be true or false'],
    });
  });

  it('accepts every county of the form', () => {
    for (const county of ['kakamega', 'bungoma', 'vihiga', 'busia']) {
      expect(BeneficiaryBody.safeParse({ ...form, county }).success).toBe(true);
    }
  });
});

describe('BeneficiaryListQuery', () => {
  it('treats "all" and empty values as no filter and pages by default', () => {
    expect(BeneficiaryListQuery.parse({ search: '', county: 'all', schoolStatus: 'all', specialNeeds: 'all' })).toEqual(
      {
        dir: 'asc',
        limit: 50,
        offset: 0,
      },
    );
  });

  it('reads filters, sort and paging from query strings', () => {
    expect(
      BeneficiaryListQuery.parse({
        search: ' KCF-0001 ',
        county: 'vihiga',
        schoolStatus: 'inactive',
        specialNeeds: 'yes',
        sort: 'age',
        dir: 'desc',
        limit: '500',
        offset: '100',
      }),
    ).toEqual({
      search: 'KCF-0001',
      county: 'vihiga',
      schoolStatus: 'inactive',
      specialNeeds: 'yes',
      sort: 'age',
      dir: 'desc',
      limit: 500,
      offset: 100,
    });
  });

  it('refuses unknown sorts and out-of-range paging', () => {
    expect(fieldMessages(BeneficiaryListQuery.safeParse({ sort: 'password', limit: '501', offset: '-1' }))).toEqual({
      sort: ['Sort must be one of: id, fullName, guardianName, age, homeVillage, schoolName, gradeLevel, isActive'],
      limit: ['Limit must be between 1 and 500'],
      offset: ['Offset must be 0 or more'],
    });
    expect(fieldMessages(BeneficiaryListQuery.safeParse({ limit: '0' }))).toEqual({
      limit: ['Limit must be between 1 and 500'],
    });
    expect(fieldMessages(BeneficiaryListQuery.safeParse({ limit: 'ten' }))).toEqual({
      limit: ['Limit must be a whole number'],
    });
  });
});

describe("BeneficiaryBody against today (the foundation's calendar)", () => {
  beforeEach(() => setRulesClock(() => new Date('2026-11-28T20:00:00Z')));
  afterEach(() => setRulesClock(null));

  it('refuses a date of birth after today, and takes today', () => {
    expect(fieldMessages(BeneficiaryBody.safeParse({ ...form, dateOfBirth: '2030-01-01' }))).toEqual({
      dateOfBirth: ['Date of birth cannot be in the future'],
    });
    expect(fieldMessages(BeneficiaryBody.safeParse({ ...form, dateOfBirth: '2026-11-29' }))).toEqual({
      dateOfBirth: ['Date of birth cannot be in the future'],
    });
    expect(BeneficiaryBody.parse({ ...form, dateOfBirth: '2026-11-28' }).dateOfBirth).toBe('2026-11-28');
  });
});

describe("BeneficiaryBody's guardian phone", () => {
  it.each(['0712345678', '0712 345 678', '+254712345678', '254712345678'])('stores %p in E.164', (guardianPhone) => {
    expect(BeneficiaryBody.parse({ ...form, guardianPhone }).guardianPhone).toBe('+254712345678');
  });

  it.each(['abc', 'not a phone', '0712'])('refuses %p', (guardianPhone) => {
    expect(fieldMessages(BeneficiaryBody.safeParse({ ...form, guardianPhone }))).toEqual({
      guardianPhone: ['Guardian phone must be a phone number, e.g. 0712 345 678'],
    });
  });
});

describe('ConsentBody against today', () => {
  const consent = {
    state: 'granted',
    givenBy: 'Mary Otieno',
    relationship: 'Mother',
    method: 'signed_form',
    date: '2026-11-28',
  };
  beforeEach(() => setRulesClock(() => new Date('2026-11-28T08:00:00Z')));
  afterEach(() => setRulesClock(null));

  it('refuses a consent given after today', () => {
    expect(fieldMessages(ConsentBody.safeParse({ ...consent, date: '2026-12-28' }))).toEqual({
      date: ['Date cannot be in the future'],
    });
    expect(ConsentBody.parse(consent).date).toBe('2026-11-28');
  });
});
