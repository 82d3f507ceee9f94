import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The upload form's columns on a wide screen, as detail.module.css lays them out. */
function uploadColumns(): string[] {
  const css = readFileSync(join(__dirname, 'detail.module.css'), 'utf8');
  const wide = /@media \(min-width: \d+px\) \{\s*\.uploadForm \{([^}]*)\}/.exec(css);
  const columns = /grid-template-columns:\s*([^;]+);/.exec(wide?.[1] ?? '');
  // Split on spaces outside parentheses: "2fr minmax(max-content, 1fr) 2fr auto".
  return columns ? (columns[1].match(/[\w-]+\([^)]*\)|[^\s]+/g) ?? []) : [];
}

describe('the document upload form', () => {
  it('gives the Document Type select at least the width of its longest option, so its text shows whole', () => {
    const [, documentType] = uploadColumns();
    expect(documentType).toMatch(/^minmax\(max-content,/);
  });
});
