import { optionalText, requiredText, textField } from './fields';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('textField: the rule every text field of a body or query is built on', () => {
  it('trims, and refuses control characters and lone surrogates naming the field', () => {
    const name = textField('First name');
    expect(name.parse('  Jane  ')).toBe('Jane');
    expect(messagesOf(name.safeParse('Ja\u0000ne'))).toEqual(['First name must not contain control characters']);
    expect(messagesOf(name.safeParse('Jane\nDoe'))).toEqual(['First name must be a single line']);
    expect(messagesOf(name.safeParse('Jane\ud800'))).toEqual([
      'First name must not contain unpaired surrogate characters',
    ]);
    expect(messagesOf(name.safeParse(7))).toEqual(['First name must be text']);
  });

  it('keeps a password as typed, spaces included, and still refuses a NUL', () => {
    const password = textField('Password', { trim: false });
    expect(password.parse(' Secret! ')).toBe(' Secret! ');
    expect(messagesOf(password.safeParse('Secret\u0000'))).toEqual(['Password must not contain control characters']);
  });

  it('lets a multi-line field keep its tabs and line breaks', () => {
    expect(textField('Remarks', { lines: 'multi' }).parse('first\r\nsecond\tline')).toBe('first\r\nsecond\tline');
    expect(messagesOf(textField('Remarks', { lines: 'multi' }).safeParse('a\u0000b'))).toEqual([
      'Remarks must not contain control characters',
    ]);
  });
});

describe('requiredText and optionalText', () => {
  it('carry the rule with their own messages', () => {
    const source = requiredText('Source is required', 'Source');
    expect(messagesOf(source.safeParse('a\u0000b'))).toEqual(['Source must not contain control characters']);
    expect(messagesOf(source.safeParse('   '))).toEqual(['Source is required']);
    const notes = optionalText('Notes', 2000, 'multi');
    expect(notes.parse('')).toBeNull();
    expect(notes.parse('line one\nline two')).toBe('line one\nline two');
    expect(messagesOf(notes.safeParse('\u0000'))).toEqual(['Notes must not contain control characters']);
    expect(messagesOf(optionalText('Description', 1000).safeParse('two\nlines'))).toEqual([
      'Description must be a single line',
    ]);
  });
});
