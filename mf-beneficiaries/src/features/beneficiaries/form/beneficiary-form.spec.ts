import { BeneficiaryBody, type Beneficiary } from '@kcf/contracts';
import { firstErrorPerField } from '@kcf/web-kit';
import { initialValues, toFormData, type BeneficiaryFormValues } from './beneficiary-form';

/** What the dialog shows for these values: the contract's first message per field. */
function validateBeneficiary(values: BeneficiaryFormValues) {
  const result = BeneficiaryBody.safeParse(values);
  return result.success ? {} : firstErrorPerField(result.error.issues);
}

const filled = {
  ...initialValues(null),
  fullName: ' Amani Wekesa ',
  dateOfBirth: '2014-03-09',
  homeVillage: 'Shinyalu',
  subCounty: 'Shinyalu',
  county: 'busia',
  guardianName: 'Mary Wekesa',
  guardianPhone: '0712 345 678',
  schoolName: 'Shinyalu Primary',
  gradeLevel: 'grade_5',
};

describe('the form values checked with the contract', () => {
  it("gives '<Field> is required' for every empty required field", () => {
    expect(validateBeneficiary(initialValues(null))).toEqual({
      fullName: 'Full name is required',
      dateOfBirth: 'Date of birth is required',
      homeVillage: 'Home village is required',
      subCounty: 'Sub-county is required',
      county: 'County is required',
      guardianName: 'Guardian name is required',
      guardianPhone: 'Guardian phone is required',
      schoolName: 'School name is required',
      gradeLevel: 'Grade level is required',
    });
  });

  it('treats spaces as empty and accepts a complete form', () => {
    expect(validateBeneficiary({ ...filled, guardianName: '   ' })).toEqual({
      guardianName: 'Guardian name is required',
    });
    expect(validateBeneficiary(filled)).toEqual({});
  });
});

describe('toFormData', () => {
  it('sends the non-empty fields trimmed, and the birth certificate when one was chosen', () => {
    const pdf = new File(['%PDF-1.4'], 'birth.pdf', { type: 'application/pdf' });
    const form = toFormData(filled, pdf);
    expect(form.get('fullName')).toBe('Amani Wekesa');
    expect(form.get('isActive')).toBe('true');
    expect(form.has('specialNeeds')).toBe(false);
    expect((form.get('birthCertificate') as File).name).toBe('birth.pdf');
    expect(toFormData(filled, null).has('birthCertificate')).toBe(false);
  });

  it('keeps the special needs text of an edited child, which the dialog does not show', () => {
    const child = {
      ...filled,
      id: 'KCF-000001',
      isActive: false,
      specialNeeds: 'Needs glasses',
    } as unknown as Beneficiary;
    const values = initialValues(child);
    expect(values.isActive).toBe('false');
    expect(toFormData(values, null).get('specialNeeds')).toBe('Needs glasses');
  });
});
