// Stylelint for every stylesheet: stylelint's recommended rules, and spacing and colours only from the design
// system's tokens (libs/ui/src/styles.css, `:root`). `npm run lint` runs it.

/** The design system's stylesheet: the one place a token is given its value. */
const DESIGN_SYSTEM = 'libs/ui/src/styles.css';

/** Properties that space things: margins, paddings, gaps and offsets. */
const SPACING =
  /^(?:margin|padding|inset|scroll-margin|scroll-padding)(?:-|$)|^(?:grid-)?(?:row-|column-)?gap$|^(?:top|right|bottom|left)$/;

/** A length written out, negative or not: any but 0 and a 1px hairline (a border's width, the sr-only nudge). */
const RAW_LENGTH = /(?<![\w.-])-?(?!(?:0+(?:\.0+)?|1)px\b|0+(?:\.0+)?r?em\b)\d*\.?\d+(?:px|r?em)\b/;

/** A colour written out: hex or a colour function (named colours: `color-named`). */
const RAW_COLOURS = [/#[0-9a-f]{3,8}\b/i, /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color|color-mix)\(/i];

const SPACING_TOKENS = {
  2: '0_5',
  4: '1',
  6: '1_5',
  8: '2',
  10: '2_5',
  12: '3',
  14: '3_5',
  16: '4',
  20: '4_5',
  24: '5',
  32: '6',
};

function tokenMessage(property, value) {
  if (property.startsWith('--')) {
    return `"${property}": tokens are declared only in ${DESIGN_SYSTEM} (:root)`;
  }
  const length = SPACING.test(property) && value.match(RAW_LENGTH);
  if (length) {
    const px = /^(-?)(\d+)px$/.exec(length[0]);
    const token = px && SPACING_TOKENS[px[2]] && `var(--kcf-s${SPACING_TOKENS[px[2]]})`;
    const hint = token ? (px[1] ? `calc(-1 * ${token})` : token) : 'a spacing token var(--kcf-s…)';
    return `"${length[0]}" in "${property}": spacing comes from the tokens, write ${hint} (${DESIGN_SYSTEM})`;
  }
  return `"${value}" in "${property}": colours come from the tokens, write var(--kcf-…) (${DESIGN_SYSTEM})`;
}

/** Raw spacing in spacing properties and raw colours in any other; `ownTokens: false` refuses custom properties. */
function tokensOnly({ ownTokens }) {
  return [
    {
      [String(SPACING)]: [String(RAW_LENGTH)],
      '/^(?!--)/': RAW_COLOURS.map(String),
      ...(ownTokens ? {} : { '/^--/': ['/./'] }),
    },
    { message: tokenMessage },
  ];
}

export default {
  extends: ['stylelint-config-recommended'],
  ignoreFiles: [
    '**/node_modules/**',
    '**/dist/**',
    '**/dist-*/**',
    '**/coverage/**',
    'test-results/**',
    '**/playwright-report/**',
    '.data/**',
  ],
  rules: {
    'declaration-property-value-disallowed-list': tokensOnly({ ownTokens: false }),
    'color-named': 'never',
    // The compact stylesheets group rules by component, not by specificity.
    'no-descending-specificity': null,
  },
  overrides: [
    {
      // The design system gives the tokens their values (in `:root`); every other stylesheet only uses them.
      files: [DESIGN_SYSTEM],
      rules: {
        'declaration-property-value-disallowed-list': tokensOnly({ ownTokens: true }),
      },
    },
  ],
};
