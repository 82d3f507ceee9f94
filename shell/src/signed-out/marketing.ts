/** Product texts of the signed-out pages: tagline, mission, feature cards, login blurbs, sign-in link. */
export const TAGLINE = 'It Takes A Village To Raise A Child';

export const MISSION =
  "Kakamega Children's Foundation supports underprivileged children in Kakamega County, Kenya with " +
  'scholarships, meals, medical attention and mentorship, so that every child can stay in school and thrive.';

export const FEATURES = [
  {
    title: 'Beneficiary Management',
    text: 'Profiles with auto-generated IDs, personal information and schooling data.',
  },
  { title: 'Gifts Tracking', text: 'Christmas and special gifts with photo documentation.' },
  { title: 'Financial Management', text: 'Donations, expenses, budget planning and reporting.' },
  { title: 'Impact Tracking', text: 'Educational progress, special needs support, community impact.' },
] as const;

export const LOGIN_BLURBS = [
  { title: 'Quality Education', text: 'School fees, uniforms and learning materials for every child we support.' },
  { title: 'Community Support', text: 'Guardians, schools and volunteers working together around each child.' },
  { title: 'Healthcare Access', text: 'Medical attention and special needs support when a child needs it.' },
] as const;

export const SIGN_IN_URL = '/api/login';
