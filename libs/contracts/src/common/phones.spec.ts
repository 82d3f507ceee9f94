import { z } from 'zod';
import { requiredPhone, toE164 } from './phone-field';
import { E164_PATTERN, phoneForDisplay } from './phones';

describe('toE164', () => {
  it.each([
    '0712345678',
    '0712 345 678',
    '+254712345678',
    '254712345678',
    '+254 712 345678',
    '0712-345-678',
    '(0712) 345 678',
    '+254 (0) 712 345 678',
  ])('reads %p, as a Kenyan types it, as +254712345678', (typed) => {
    expect(toE164(typed)).toBe('+254712345678');
  });

  it("keeps another country's number written with its code, and Kenyan landlines", () => {
    expect(toE164('+256 772 123456')).toBe('+256772123456');
    expect(toE164('020 2345678')).toBe('+254202345678');
    expect(toE164('0111 234 567')).toBe('+254111234567');
  });

  it.each([
    'abc',
    'not a phone',
    '12345',
    '07123456789',
    '071234567',
    'call 0712345678',
    '0712345678 ext. 12',
    '',
    '+',
  ])('refuses %p', (typed) => {
    expect(toE164(typed)).toBeNull();
  });

  it('gives values that read as E.164', () => {
    expect(toE164('0712 345 678')).toMatch(E164_PATTERN);
  });
});

describe('requiredPhone', () => {
  const schema = z.object({ guardianPhone: requiredPhone('Guardian phone is required', 'Guardian phone') });
  const messages = (value: unknown) =>
    schema.safeParse({ guardianPhone: value }).error?.issues.map((issue) => issue.message);

  it('stores what a Kenyan types in E.164', () => {
    expect(schema.parse({ guardianPhone: ' 0712 345 678 ' })).toEqual({ guardianPhone: '+254712345678' });
  });

  it('says a blank number is required and a text that is no number is not one', () => {
    expect(messages('  ')).toEqual(['Guardian phone is required']);
    expect(messages('abc')).toEqual(['Guardian phone must be a phone number, e.g. 0712 345 678']);
    expect(messages('not a phone')).toEqual(['Guardian phone must be a phone number, e.g. 0712 345 678']);
  });
});

describe('phoneForDisplay', () => {
  it('writes a Kenyan mobile as Kenyans do', () => {
    expect(phoneForDisplay('+254712345678')).toBe('0712 345 678');
    expect(phoneForDisplay('+254110345678')).toBe('0110 345 678');
  });

  it("writes another Kenyan number after its 0, another country's as stored, and an old text as it is", () => {
    expect(phoneForDisplay('+254202345678')).toBe('0202345678');
    expect(phoneForDisplay('+256772123456')).toBe('+256772123456');
    expect(phoneForDisplay('ask the chief')).toBe('ask the chief');
  });
});
