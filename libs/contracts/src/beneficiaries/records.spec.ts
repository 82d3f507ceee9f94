import { z } from 'zod';
import { DocumentUploadBody } from './documents';
import { Gift, GiftBody } from './gifts';
import { HouseholdMemberBody } from './household';
import { SchoolFeeBody } from './school';
import { SpecialNeedBody } from './special-needs';

const fieldMessages = (result: z.ZodSafeParseResult<unknown>) => {
  const byField: Record<string, string[]> = {};
  if (!result.success) {
    for (const issue of result.error.issues) (byField[issue.path.join('.')] ??= []).push(issue.message);
  }
  return byField;
};

describe('SpecialNeedBody', () => {
  const need = { category: 'health', description: 'Needs glasses', status: 'active', dateIdentified: '2024-02-01' };

  it('gives the product’s messages for missing fields', () => {
    expect(fieldMessages(SpecialNeedBody.safeParse({}))).toEqual({
      category: ['Category is required'],
      description: ['Description is required'],
      status: ['Status is required'],
      dateIdentified: ['Date identified is required'],
    });
  });

  it('keeps dateResolved when the status is resolved', () => {
    expect(SpecialNeedBody.parse({ ...need, status: 'resolved', dateResolved: '2024-03-01' }).dateResolved).toBe(
      '2024-03-01',
    );
  });

  it.each(['active', 'ongoing'])('sets dateResolved to null when the status is %s', (status) => {
    expect(SpecialNeedBody.parse({ ...need, status, dateResolved: '2024-03-01' }).dateResolved).toBeNull();
  });

  it('allows a resolved need without a date and makes notes optional', () => {
    expect(SpecialNeedBody.parse({ ...need, status: 'resolved', dateResolved: '', notes: '' })).toEqual({
      ...need,
      status: 'resolved',
      dateResolved: null,
      notes: null,
    });
  });

  it('still checks a given dateResolved', () => {
    expect(
      fieldMessages(SpecialNeedBody.safeParse({ ...need, status: 'resolved', dateResolved: '2024-02-30' })),
    ).toEqual({
      dateResolved: ['Date resolved must be a valid date (YYYY-MM-DD)'],
    });
  });

  it('refuses categories and statuses outside the lists', () => {
    const result = fieldMessages(SpecialNeedBody.safeParse({ ...need, category: 'toys', status: 'closed' }));
    expect(result.category).toEqual([
      'Category must be one of: school_fees, food, shelter, health, clothing, transport, other',
    ]);
    expect(result.status).toEqual(['Status must be one of: active, ongoing, resolved']);
  });
});

describe('GiftBody', () => {
  const gift = {
    beneficiaryId: 'KCF-000001',
    giftType: 'christmas',
    amount: '2500',
    description: 'Christmas hamper',
    contents: 'Rice, sugar, a dress',
    dateGiven: '2024-12-20',
  };

  it('reads the multipart fields and normalises the amount', () => {
    expect(GiftBody.parse(gift)).toEqual({ ...gift, amount: '2500.00' });
  });

  it('gives the product’s messages for missing fields', () => {
    expect(
      fieldMessages(
        GiftBody.safeParse({
          beneficiaryId: '',
          giftType: '',
          amount: '',
          description: ' ',
          contents: '',
          dateGiven: '',
        }),
      ),
    ).toEqual({
      beneficiaryId: ['Beneficiary is required'],
      giftType: ['Gift type is required'],
      amount: ['Amount must be a positive number'],
      description: ['Description is required'],
      contents: ['Contents are required'],
      dateGiven: ['Date is required'],
    });
  });

  it.each(['0', '-5', 'abc'])('refuses the amount %p', (amount) => {
    expect(fieldMessages(GiftBody.safeParse({ ...gift, amount }))).toEqual({
      amount: ['Amount must be a positive number'],
    });
  });

  it.each(['10.555', 10.555])('refuses the amount %p with more than two decimals, without rounding it', (amount) => {
    expect(fieldMessages(GiftBody.safeParse({ ...gift, amount }))).toEqual({
      amount: ['Amount must have at most 2 decimal places'],
    });
  });

  it('refuses gift types other than christmas and special', () => {
    expect(fieldMessages(GiftBody.safeParse({ ...gift, giftType: 'birthday' }))).toEqual({
      giftType: ['Gift type is required'],
    });
    expect(GiftBody.parse({ ...gift, giftType: 'special' }).giftType).toBe('special');
  });
});

describe('Gift', () => {
  const id = '7d0c3c9e-52c4-4c55-8d34-1f9e0a0b1c2d';
  const gift = {
    id,
    beneficiaryId: 'KCF-000001',
    beneficiary: { id: 'KCF-000001', fullName: 'Neema Akinyi', photoUrl: null },
    giftType: 'christmas',
    amount: '2500.00',
    description: 'Christmas hamper',
    contents: 'Rice, sugar, a dress',
    dateGiven: '2024-12-20',
    photoUrl: `/api/gifts/${id}/photo`,
    photoCardUrl: `/api/gifts/${id}/photo/card`,
    createdBy: null,
    createdAt: '2024-12-20T08:00:00.000Z',
    updatedAt: '2024-12-20T08:00:00.000Z',
  };

  it('carries the card image URL beside the photo URL, null without a photo', () => {
    expect(Gift.parse(gift).photoCardUrl).toBe(`/api/gifts/${id}/photo/card`);
    expect(Gift.parse({ ...gift, photoUrl: null, photoCardUrl: null }).photoCardUrl).toBeNull();
  });

  it('still reads a gift from a service that sends no card image URL', () => {
    const { photoCardUrl: _absent, ...older } = gift;
    expect(Gift.parse(older).photoCardUrl).toBeUndefined();
  });
});

describe('DocumentUploadBody', () => {
  it('needs a document type', () => {
    expect(fieldMessages(DocumentUploadBody.safeParse({ description: 'x' }))).toEqual({
      documentType: ['Please select a file and document type'],
    });
    expect(fieldMessages(DocumentUploadBody.safeParse({ documentType: '' }))).toEqual({
      documentType: ['Please select a file and document type'],
    });
  });

  it('keeps an optional description', () => {
    expect(DocumentUploadBody.parse({ documentType: 'medical' })).toEqual({
      documentType: 'medical',
      description: null,
    });
    expect(DocumentUploadBody.parse({ documentType: 'legal', description: ' Birth cert ' })).toEqual({
      documentType: 'legal',
      description: 'Birth cert',
    });
  });
});

describe('HouseholdMemberBody and SchoolFeeBody', () => {
  it('reads ages and years from form strings', () => {
    expect(HouseholdMemberBody.parse({ name: 'Mary', relationship: 'Mother', age: '38' })).toEqual({
      name: 'Mary',
      relationship: 'Mother',
      age: 38,
    });
    expect(fieldMessages(HouseholdMemberBody.safeParse({ name: 'Mary', relationship: 'Mother', age: '3.5' }))).toEqual({
      age: ['Age must be a whole number from 0 to 130'],
    });
  });

  it('needs a term, a year and a positive amount for a fee', () => {
    expect(SchoolFeeBody.parse({ term: 'Term 2', year: 2024, amount: 1500.5 })).toEqual({
      term: 'Term 2',
      year: 2024,
      amount: '1500.50',
    });
    expect(fieldMessages(SchoolFeeBody.safeParse({}))).toEqual({
      term: ['Term is required'],
      year: ['Year is required'],
      amount: ['Amount is required'],
    });
  });
});
