// Finance part of `npm run seed:demo`: donations, expenses across the five categories and three terms of the
// previous and the current year (some naming children, some with a receipt), and budgets for every category
// and term of both years. Everything goes through the gateway's public API, so the balance rule, the events and
// the used amounts all apply. Deterministic for a given --seed and day (dates never pass today). Meant for a
// fresh instance: a second run adds the donations and expenses again (budgets that exist are kept).

const CATEGORIES = [
  // [category, weight, min KSH, max KSH, descriptions]
  [
    'school_fees',
    35,
    3000,
    45000,
    [
      'Term fees, Shikoti Primary',
      'Term fees, Kakamega Township Primary',
      'Boarding fees, Butere Girls High',
      'Term fees, Musingu High',
      'Term fees, Eregi Mixed Secondary',
      'Exam registration, Lubinu Primary',
      'Term fees, Mumias Central Primary',
      'Fees balance, Kakamega School',
    ],
  ],
  [
    'health',
    20,
    500,
    12000,
    [
      'Clinic visit and medication',
      'Malaria treatment, Kakamega County Referral Hospital',
      'Eye test and spectacles',
      'Dental check-up',
      'SHA health cover contribution',
      'Deworming and vitamin supplements',
    ],
  ],
  [
    'admin',
    15,
    200,
    8000,
    [
      'Office stationery',
      'M-Pesa transaction charges',
      'Field officer transport to Lurambi',
      'Internet bundle for the office',
      'Printing of progress report cards',
      'Bank charges',
    ],
  ],
  [
    'special_needs',
    12,
    1500,
    25000,
    [
      'Hearing aid fitting',
      'Wheelchair repair',
      'Occupational therapy session',
      'Braille learning materials',
      'Special school boarding fees, Kakamega School for the Deaf',
      'Counselling sessions',
    ],
  ],
  [
    'other',
    18,
    300,
    10000,
    [
      'Christmas gift hampers',
      'Mentorship day lunch',
      'School uniforms and shoes',
      'Sanitary pads distribution',
      'Football kit for the under-14 team',
      'Solar lamps for homework',
    ],
  ],
];

const SOURCES = [
  "St. Joseph's Catholic Church partners",
  'Friends of KCF (UK) well-wishers',
  'Kakamega CDF bursary',
  'County Education Bursary Fund',
  'Harambee fundraiser',
  'Rotary Club of Kakamega',
  'Individual well-wisher',
  'Diaspora donors, Dallas',
  'Christmas appeal',
  'Local business sponsorship',
  'Anglican Church of Kenya, Butere diocese',
];

const TERMS = ['Term 1', 'Term 2', 'Term 3'];
const termOfMonth = (month) => (month <= 4 ? 'Term 1' : month <= 8 ? 'Term 2' : 'Term 3');

/** mulberry32: a small deterministic PRNG. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Today in Nairobi as YYYY-MM-DD. */
function todayInNairobi() {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Nairobi',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  return parts;
}

const cents = (n) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;

/** Runs `work` over `items` with at most `limit` at a time, in order of start. */
async function pool(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i], i);
      }
    }),
  );
  return results;
}

/** A one-page receipt PDF (recognised by its bytes). */
function receiptPdf(text) {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

export async function seed(ctx) {
  const { baseUrl, cookie, log } = ctx;
  const rand = prng((ctx.seed ?? 42) * 2654435761 + 20);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const between = (min, max) => min + Math.floor(rand() * (max - min + 1));
  const children = ctx.previous?.['10-beneficiaries.seed.mjs']?.beneficiaryIds ?? [];
  const count = Math.max(0, Number(ctx.size?.expenses ?? 500));

  const today = todayInNairobi();
  const year = Number(today.slice(0, 4));
  const start = Date.UTC(year - 1, 0, 1);
  const days = Math.floor((Date.parse(`${today}T00:00:00Z`) - start) / 86_400_000);
  const randomDate = () => new Date(start + between(0, days) * 86_400_000).toISOString().slice(0, 10);
  const totalWeight = CATEGORIES.reduce((sum, c) => sum + c[1], 0);
  const randomCategory = () => {
    let r = rand() * totalWeight;
    for (const c of CATEGORIES) if ((r -= c[1]) < 0) return c;
    return CATEGORIES[0];
  };

  // Expenses first on paper, so the donations can cover them.
  const expenses = Array.from({ length: count }, (_, i) => {
    const [category, , min, max, descriptions] = randomCategory();
    const amountCents = between(min, max) * 100 + (rand() < 0.3 ? between(0, 99) : 0);
    const namesChild = children.length > 0 && category !== 'admin' && rand() < 0.45;
    return {
      amountCents,
      category,
      date: randomDate(),
      description: pick(descriptions),
      beneficiaryId: namesChild ? pick(children) : 'none',
      receipt: rand() < 0.15 ? receiptPdf(`receipt ${i + 1}`) : null,
    };
  });
  const spent = expenses.reduce((sum, e) => sum + e.amountCents, 0);

  // Donations worth about 115% of the spending, in a dozen or more gifts of varied size.
  const donationCount = Math.max(12, Math.round(count / 8));
  const weights = Array.from({ length: donationCount }, () => 0.2 + rand());
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const target = Math.max(Math.round(spent * 1.15), 50_000_00);
  const donations = weights.map((w) => {
    const amountCents = Math.max(1000_00, Math.round((target * w) / weightSum / 100) * 100);
    return {
      amountCents,
      source: pick(SOURCES),
      date: randomDate(),
      remarks:
        rand() < 0.4
          ? pick(['Term appeal', 'Monthly pledge', 'Bursary cheque', 'M-Pesa paybill', 'Bank transfer'])
          : '',
    };
  });

  const call = async (method, path, body) => {
    const headers = { cookie };
    let payload = body;
    if (!(body instanceof FormData) && body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body: payload });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const expectOk = (res, what) => {
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  const incomeIds = await pool(donations, 8, async (d) => {
    const form = new FormData();
    form.append('amount', cents(d.amountCents));
    form.append('source', d.source);
    form.append('date', d.date);
    form.append('remarks', d.remarks);
    return expectOk(await call('POST', '/api/income', form), 'income').id;
  });

  const expenseIds = await pool(expenses, 8, async (e) => {
    const form = new FormData();
    form.append('amount', cents(e.amountCents));
    form.append('category', e.category);
    form.append('date', e.date);
    form.append('description', e.description);
    form.append('beneficiaryId', e.beneficiaryId);
    if (e.receipt) form.append('receipt', new Blob([e.receipt], { type: 'application/pdf' }), 'receipt.pdf');
    let res = await call('POST', '/api/expenses', form);
    // A child removed meanwhile: keep the expense without it.
    if (res.status === 400 && res.body?.message === 'Beneficiary not found') {
      form.set('beneficiaryId', 'none');
      res = await call('POST', '/api/expenses', form);
    }
    return expectOk(res, 'expense').id;
  });

  // Budgets near what was spent, so the bars show green, yellow and red.
  const spentBy = new Map();
  for (const e of expenses) {
    const key = `${e.category}|${termOfMonth(Number(e.date.slice(5, 7)))}|${e.date.slice(0, 4)}`;
    spentBy.set(key, (spentBy.get(key) ?? 0) + e.amountCents);
  }
  const budgets = [];
  for (const y of [year - 1, year]) {
    for (const quarter of TERMS) {
      for (const [category] of CATEGORIES) {
        const used = spentBy.get(`${category}|${quarter}|${y}`) ?? 0;
        const planned = Math.max(
          5000,
          Math.round(((used / 100) * (0.75 + rand() * 0.6)) / 1000) * 1000 || between(10, 80) * 1000,
        );
        budgets.push({
          quarter,
          year: y,
          category,
          plannedAmount: planned,
          notes:
            rand() < 0.3
              ? pick(['Approved by the board', 'Includes a 10% contingency', 'Revised after the term review'])
              : null,
        });
      }
    }
  }
  let kept = 0;
  const budgetIds = (
    await pool(budgets, 8, async (b) => {
      const res = await call('POST', '/api/budgets', b);
      if (res.status === 409) {
        kept += 1;
        return null;
      }
      return expectOk(res, 'budget').id;
    })
  ).filter(Boolean);

  log(
    `finance: ${incomeIds.length} donations (KSH ${cents(donations.reduce((s, d) => s + d.amountCents, 0))}), ${expenseIds.length} expenses (KSH ${cents(spent)}), ${budgetIds.length} budgets${kept ? ` (${kept} already there)` : ''}`,
  );
  return { incomeIds, expenseIds, budgetIds };
}
