import { dayFirstText, parseDayFirst } from './day-first-date';

describe('parseDayFirst', () => {
  it('reads day, month and year in that order, whatever the browser', () => {
    expect(parseDayFirst('24/11/2026')).toBe('2026-11-24');
    expect(parseDayFirst('5/1/2026')).toBe('2026-01-05');
    expect(parseDayFirst(' 05.01.2026 ')).toBe('2026-01-05');
    expect(parseDayFirst('05-01-2026')).toBe('2026-01-05');
    expect(parseDayFirst('5 1 2026')).toBe('2026-01-05');
  });

  it('reads eight digits typed on a number pad as DDMMYYYY', () => {
    expect(parseDayFirst('24112026')).toBe('2026-11-24');
  });

  it('takes a pasted YYYY-MM-DD as it is', () => {
    expect(parseDayFirst('2014-03-09')).toBe('2014-03-09');
  });

  it('refuses days that do not exist and text that is not a date', () => {
    expect(parseDayFirst('31/02/2026')).toBeNull();
    expect(parseDayFirst('29/02/2025')).toBeNull();
    expect(parseDayFirst('13/13/2026')).toBeNull();
    expect(parseDayFirst('00/01/2026')).toBeNull();
    expect(parseDayFirst('11/24/2026')).toBeNull();
    expect(parseDayFirst('24/11/26')).toBeNull();
    expect(parseDayFirst('2026-02-30')).toBeNull();
    expect(parseDayFirst('yesterday')).toBeNull();
    expect(parseDayFirst('')).toBeNull();
  });

  it('accepts a leap day', () => {
    expect(parseDayFirst('29/02/2024')).toBe('2024-02-29');
  });
});

describe('dayFirstText', () => {
  it('shows YYYY-MM-DD as DD/MM/YYYY', () => {
    expect(dayFirstText('2026-11-24')).toBe('24/11/2026');
    expect(dayFirstText('2026-01-05')).toBe('05/01/2026');
  });

  it('leaves anything else as it is', () => {
    expect(dayFirstText('')).toBe('');
    expect(dayFirstText('31/02/2026')).toBe('31/02/2026');
  });
});
