import { createHash } from 'node:crypto';
import { inlineStyleSources } from './signed-out-landing';

describe('inlineStyleSources', () => {
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

  it('hashes the exact text of each inline style element (UTF-8)', () => {
    const html = '<head><style>a{color:red}</style><style>\n.x::before{content:"—"}\n</style></head>';
    expect(inlineStyleSources(html)).toEqual([sha('a{color:red}'), sha('\n.x::before{content:"—"}\n')]);
  });

  it('finds none in a page without inline styles', () => {
    expect(inlineStyleSources('<head><link rel="stylesheet" href="/a.css"></head>')).toEqual([]);
  });
});
