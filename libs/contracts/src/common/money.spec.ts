import {
  addMoney,
  compareMoney,
  formatMoney,
  fromCents,
  isMoney,
  parseMoney,
  subtractMoney,
  sumMoney,
  toCents,
} from './money';

describe('parseMoney', () => {
  it.each([
    ['1500', '1500.00'],
    ['1500.5', '1500.50'],
    ['1500.50', '1500.50'],
    [' 1500.05 ', '1500.05'],
    ['0', '0.00'],
    ['.5', '0.50'],
    ['5.', '5.00'],
    ['1,500.25', '1500.25'],
    ['1,234,567', '1234567.00'],
    ['-20.5', '-20.50'],
  ])('reads the typed text %p as %p', (input, expected) => {
    expect(parseMoney(input)).toBe(expected);
  });

  it.each([
    [1500.5, '1500.50'],
    [1500, '1500.00'],
    [-2.5, '-2.50'],
    [0.29, '0.29'],
    [1.1, '1.10'],
    [4.35, '4.35'],
  ])('reads the number %p as %p, by its shortest decimal text', (input, expected) => {
    expect(parseMoney(input)).toBe(expected);
  });

  it.each([[0.1 + 0.2], [1.005], [19.999], ['1.005']])(
    'refuses %p (more than two decimals) rather than rounding it',
    (input) => {
      expect(parseMoney(input)).toBeNull();
    },
  );

  it.each([
    ['abc'],
    [''],
    ['  '],
    ['.'],
    ['1500.555'],
    ['1,50'],
    ['12,34.00'],
    ['1e3'],
    [NaN],
    [Infinity],
    [null],
    [undefined],
    [{}],
  ])('refuses %p', (input) => {
    expect(parseMoney(input)).toBeNull();
  });
});

describe('cents arithmetic', () => {
  it('converts between Money strings and integer cents', () => {
    expect(toCents('1500.50')).toBe(150050n);
    expect(toCents('-0.05')).toBe(-5n);
    expect(fromCents(150050n)).toBe('1500.50');
    expect(fromCents(-5n)).toBe('-0.05');
    expect(fromCents(0n)).toBe('0.00');
  });

  it('refuses strings that are not two-place decimals', () => {
    expect(() => toCents('1500' as never)).toThrow(TypeError);
    expect(isMoney('1500.5')).toBe(false);
    expect(isMoney('1500.50')).toBe(true);
  });

  it('adds 0.10 and 0.20 to exactly 0.30', () => {
    expect(addMoney('0.10', '0.20')).toBe('0.30');
  });

  it('subtracts into negatives', () => {
    expect(subtractMoney('100.00', '100.01')).toBe('-0.01');
    expect(subtractMoney('0.30', '0.10')).toBe('0.20');
  });

  it('compares by value', () => {
    expect(compareMoney('10.00', '9.99')).toBe(1);
    expect(compareMoney('9.99', '10.00')).toBe(-1);
    expect(compareMoney('-0.00', '0.00')).toBe(0);
  });

  it('sums ten thousand dimes to exactly 1000.00', () => {
    expect(sumMoney(Array.from({ length: 10_000 }, () => '0.10'))).toBe('1000.00');
  });

  it('keeps every cent of sums beyond the float range of exact integers', () => {
    const big = '90071992547409.93'; // 9007199254740993 cents > Number.MAX_SAFE_INTEGER
    expect(sumMoney([big, big, '0.01'])).toBe('180143985094819.87');
  });

  it('sums nothing to zero', () => {
    expect(sumMoney([])).toBe('0.00');
  });
});

describe('formatMoney', () => {
  it('shows KSH and KES with thousands separators and two places', () => {
    expect(formatMoney('1500.00', 'KSH')).toBe('KSH 1,500.00');
    expect(formatMoney('1500', 'KES')).toBe('KES 1,500.00');
    expect(formatMoney(1234567.8, 'KSH')).toBe('KSH 1,234,567.80');
    expect(formatMoney('999.99', 'KES')).toBe('KES 999.99');
    expect(formatMoney('0.00', 'KSH')).toBe('KSH 0.00');
  });

  it('puts the minus sign after the currency', () => {
    expect(formatMoney('-2500.5', 'KSH')).toBe('KSH -2,500.50');
  });

  it('rounds what it shows to the cent, half away from zero', () => {
    expect(formatMoney(0.1 + 0.2, 'KSH')).toBe('KSH 0.30');
    expect(formatMoney(1.005, 'KSH')).toBe('KSH 1.01');
    expect(formatMoney(-1234.005, 'KES')).toBe('KES -1,234.01');
  });

  it('throws on text that is not an amount', () => {
    expect(() => formatMoney('abc', 'KSH')).toThrow(TypeError);
  });
});
