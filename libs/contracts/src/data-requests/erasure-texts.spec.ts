import { nameWords, phoneForms, phoneFormsIn, phoneNumbersIn } from './erasure-texts';

const KENYAN = { digits: '733999888', kenyan: true };

describe('nameWords', () => {
  it('gives each word of a name once, without the punctuation around it, leaving out words of one or two letters', () => {
    expect(nameWords('  Chiku  Wanjirũ-Achieng, Jo O. chiku ')).toEqual(['Chiku', 'Wanjirũ-Achieng']);
    expect(nameWords('Imani Chebet')).toEqual(['Imani', 'Chebet']);
    expect(nameWords('')).toEqual([]);
  });
});

describe('phoneNumbersIn', () => {
  it('reads one Kenyan number however it is written', () => {
    for (const written of [
      '0733999888',
      '0733 999 888',
      '0733-999-888',
      '0733 999888',
      '+254733999888',
      '+254 733 999 888',
      '+254-733-999-888',
      '+254 (0) 733 999 888',
      '254733999888',
      '254 733 999888',
      '733 999 888',
      '(0733) 999.888',
    ]) {
      expect({ written, numbers: phoneNumbersIn(written) }).toEqual({ written, numbers: [KENYAN] });
    }
  });

  it('reads two numbers in one field, separated by anything or written one after the other, each once', () => {
    expect(phoneNumbersIn('0712 345 678 / +254722345678')).toEqual([
      { digits: '712345678', kenyan: true },
      { digits: '722345678', kenyan: true },
    ]);
    expect(phoneNumbersIn('0712345678 0722345678, 0712-345-678')).toEqual([
      { digits: '712345678', kenyan: true },
      { digits: '722345678', kenyan: true },
    ]);
    expect(phoneNumbersIn('Nairobi office 020 2345678')).toEqual([{ digits: '202345678', kenyan: true }]);
  });

  it('keeps another country’s number as its digits, and ignores short numbers and text without digits', () => {
    expect(phoneNumbersIn('+44 20 7946 0958')).toEqual([
      { digits: '442079460958', kenyan: false, written: '+44 20 7946 0958' },
    ]);
    expect(phoneNumbersIn('house 12, box 345')).toEqual([]);
    expect(phoneNumbersIn('none')).toEqual([]);
  });
});

describe('phoneForms', () => {
  it('writes a Kenyan number with 0, +254, 254 or no prefix, unbroken, spaced or dashed', () => {
    const forms = phoneForms(KENYAN);
    expect(forms).toEqual(
      expect.arrayContaining([
        '0733999888',
        '+254733999888',
        '254733999888',
        '733999888',
        '0733 999 888',
        '0733 999888',
        '0733-999-888',
        '+254 733 999 888',
        '+254 733 999888',
        '+254-733-999-888',
        '254 733 999 888',
        '254-733-999-888',
        '733 999 888',
      ]),
    );
    expect(new Set(forms).size).toBe(forms.length);
    // Every form is the same number again.
    for (const form of forms) expect({ form, numbers: phoneNumbersIn(form) }).toEqual({ form, numbers: [KENYAN] });
  });

  it('writes another number as its digits, with +, and as it was written', () => {
    expect(phoneForms({ digits: '442079460958', kenyan: false, written: '+44 20 7946 0958' })).toEqual([
      '442079460958',
      '+442079460958',
      '+44 20 7946 0958',
    ]);
  });

  it('gives every form of every number in a field', () => {
    const forms = phoneFormsIn('0712345678 / +44 20 7946 0958');
    expect(forms).toEqual(
      expect.arrayContaining(['+254 712 345 678', '0712-345-678', '+44 20 7946 0958', '442079460958']),
    );
    expect(phoneFormsIn('unknown')).toEqual([]);
  });
});
