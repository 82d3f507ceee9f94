import { textCharacterMessage, textCharacterProblem } from './text-characters';

describe('textCharacterProblem', () => {
  it.each([
    ['Jane Wanjiru', null],
    ['Ñandú 🎒 ✓', null],
    ['a\u0000b', 'control'],
    ['\u0000', 'control'],
    ['a\u0001b', 'control'],
    ['\u001b[2J', 'control'],
    ['a\u007fb', 'control'],
    ['tab\there', 'control'],
    ['two\nlines', 'lineBreak'],
    ['two\r\nlines', 'lineBreak'],
    ['a\ud800b', 'surrogate'],
    ['a\ud800', 'surrogate'],
    ['\udfff', 'surrogate'],
    ['\udc00\ud800', 'surrogate'],
  ])('finds in the one-line text %j: %p', (value, problem) => {
    expect(textCharacterProblem(value, 'single')).toBe(problem);
  });

  it.each([
    ['first line\r\nsecond\tline\n', null],
    ['a\u0000b', 'control'],
    ['a\u000bb', 'control'],
    ['a\u000cb', 'control'],
    ['\ud83c', 'surrogate'],
  ])('finds in the multi-line text %j: %p', (value, problem) => {
    expect(textCharacterProblem(value, 'multi')).toBe(problem);
  });

  it('reads a 60 kB text', () => {
    expect(textCharacterProblem('x'.repeat(60_000) + '\u0000')).toBe('control');
  });
});

describe('textCharacterMessage', () => {
  it('names the field and what is wrong', () => {
    expect(textCharacterMessage('Source', 'control')).toBe('Source must not contain control characters');
    expect(textCharacterMessage('Source', 'lineBreak')).toBe('Source must be a single line');
    expect(textCharacterMessage('Remarks', 'surrogate')).toBe('Remarks must not contain unpaired surrogate characters');
  });
});
