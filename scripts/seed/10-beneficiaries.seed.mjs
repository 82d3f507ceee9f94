// Demo children for Kakamega County (and a few from the neighbouring counties), with guardians, schools,
// CBC grades, household members, school performance, fees, special needs, gifts, photos and documents.
// Everything goes through the public API of a running instance: the children and their records in
// batches through POST /api/beneficiaries/import (one transaction per batch, same rules and events as
// the form), the first few one by one with a birth certificate, photos, documents and gift photos
// through their upload calls.
// The data depends only on ctx.seed.
import { deflateSync, crc32 } from 'node:zlib';

const REFERENCE_YEAR = 2026;
const IMPORT_BATCH = 200;

const KAKAMEGA = {
  Lurambi: ['Shikoti', 'Mahiakalo', 'Butsotso', 'Eshisiru', 'Bukhulunya'],
  Malava: ['Kabras', 'Shamberere', 'Chemuche', 'Shirugu', 'Butali'],
  'Mumias East': ['Shianda', 'Lusheya', 'Malaha', 'Isongo'],
  'Mumias West': ['Musanda', 'Etenje', 'Ekero', 'Mumias Central'],
  Butere: ['Shiatsala', 'Marama', 'Manyala', 'Marenyo', 'Shikunga'],
  Khwisero: ['Kisa', 'Mulwanda', 'Emusanda', 'Shibuli'],
  Navakholo: ['Ingotse', 'Shinoyi', 'Bunyala West', 'Matioli'],
  Ikolomani: ['Malinya', 'Iguhu', 'Idakho', 'Shiseso'],
  Shinyalu: ['Isecheno', 'Khayega', 'Murhanda', 'Kambiri', 'Shibuye'],
  Lugari: ['Lumakanda', 'Chekalini', 'Mautuma', 'Lwandeti'],
  Likuyani: ['Sango', 'Kongoni', 'Nzoia', 'Sinoko'],
  Matungu: ['Koyonzo', 'Namamali', 'Mayoni', 'Khalaba'],
};
const NEIGHBOURS = {
  vihiga: { Sabatia: ['Chavakali', 'Wodanga', 'Busali'], Hamisi: ['Shamakhokho', 'Banja', 'Gisambai'] },
  bungoma: { Kimilili: ['Kamukuywa', 'Maeni', 'Kibingei'], Webuye: ['Matulo', 'Misikhu', 'Maraka'] },
  busia: { Nambale: ['Bukhayo', 'Khasoko', 'Nambale Town'], Butula: ['Bujumba', 'Marachi', 'Elugulu'] },
};
const SECONDARY = [
  'Kakamega School',
  'Butere Girls High School',
  'Musingu High School',
  'Malava Boys High School',
  "St. Peter's Mumias Boys",
  'Eregi Girls High School',
  'Shikoti Girls High School',
  'Lugari Secondary School',
  'Chavakali High School',
  'Bishop Sulumeti Girls',
];
const COLLEGES = [
  'Sigalagala National Polytechnic',
  'Kakamega Medical Training College',
  'Masinde Muliro University of Science and Technology',
  'Bukura Agricultural College',
  'Shamberere Technical Training Institute',
];
const BOYS = [
  'Baraka',
  'Brian',
  'Collins',
  'Dennis',
  'Emmanuel',
  'Felix',
  'Ian',
  'Kelvin',
  'Victor',
  'Amos',
  'Wycliffe',
  'Evans',
  'Hillary',
  'Job',
  'Meshack',
  'Sylvester',
  'Clinton',
  'Elvis',
  'Abraham',
  'Moses',
  'Shadrack',
  'Ezekiel',
  'Lawrence',
  'Derrick',
];
const GIRLS = [
  'Mercy',
  'Faith',
  'Sharon',
  'Brenda',
  'Cynthia',
  'Nekesa',
  'Nafula',
  'Naliaka',
  'Nasimiyu',
  'Purity',
  'Joy',
  'Esther',
  'Lilian',
  'Gladys',
  'Winnie',
  'Valentine',
  'Everlyne',
  'Sheila',
  'Beatrice',
  'Janet',
  'Nanjala',
  'Khadija',
  'Prudence',
  'Eunice',
];
const SURNAMES = [
  'Wafula',
  'Wekesa',
  'Wanjala',
  'Barasa',
  'Makokha',
  'Simiyu',
  'Wamalwa',
  'Khaemba',
  'Shikuku',
  'Shitanda',
  'Amukoya',
  'Ambani',
  'Andayi',
  'Indimuli',
  'Isiaho',
  'Mukhwana',
  'Mulama',
  'Munyasia',
  'Nabwire',
  'Okwemba',
  'Oundo',
  'Shiundu',
  'Washika',
  'Were',
  'Wasike',
  'Luvai',
  'Kweyu',
  'Ingosi',
  'Khamala',
  'Lusweti',
  'Musungu',
  'Muhanji',
  'Atsiaya',
  'Imbayi',
  'Lihanda',
  'Mmbone',
];
const ADULT_MEN = [
  'John',
  'Peter',
  'Joseph',
  'Samuel',
  'Patrick',
  'Fredrick',
  'Geoffrey',
  'Benard',
  'Charles',
  'Stephen',
];
const ADULT_WOMEN = [
  'Mary',
  'Rose',
  'Jane',
  'Margaret',
  'Agnes',
  'Ruth',
  'Grace',
  'Alice',
  'Florence',
  'Roselyne',
  'Zipporah',
  'Metrine',
];
const SUBJECTS_PRIMARY = [
  'Mathematics',
  'English',
  'Kiswahili',
  'Science and Technology',
  'Social Studies',
  'Creative Arts',
  'CRE',
  'Agriculture',
];
const SUBJECTS_JUNIOR = [
  'Mathematics',
  'English',
  'Kiswahili',
  'Integrated Science',
  'Pre-Technical Studies',
  'Social Studies',
  'Agriculture and Nutrition',
  'CRE',
];
const SUBJECTS_SENIOR = [
  'Mathematics',
  'English',
  'Kiswahili',
  'Biology',
  'Chemistry',
  'Physics',
  'History',
  'Geography',
  'Business Studies',
];
const RUBRIC = ['EE', 'ME', 'ME', 'AE', 'AE', 'BE'];
const LETTERS = ['A', 'A-', 'B+', 'B', 'B-', 'C+', 'C', 'C-', 'D+'];
const CONDITIONS = [
  'Asthma',
  'Partial hearing loss',
  'Epilepsy, on medication',
  'Sickle cell anaemia',
  'Low vision, needs glasses',
  'Mild cerebral palsy',
  'Total orphan, lives with grandmother',
  'Recovering from malnutrition',
];
const NEEDS = {
  school_fees: ['Fees arrears for this term', 'Exam registration fee'],
  food: ['No lunch at school', 'Household short of food after poor harvest'],
  shelter: ['House roof leaking badly', 'Family lost house in floods'],
  health: ['Needs glasses', 'Regular clinic visits at Kakamega County Referral Hospital', 'Dental treatment'],
  clothing: ['No school uniform', 'Needs school shoes and a sweater'],
  transport: ['Walks 7 km to school', 'Bus fare to boarding school'],
  other: ['Needs a solar lamp for homework', 'Counselling after bereavement'],
};
const GIFTS = {
  christmas: [
    ['Christmas hamper', 'Rice, sugar, cooking oil, maize flour'],
    ['Christmas clothes', 'A dress and shoes'],
    ['Christmas clothes', 'Trousers, shirt and shoes'],
    ['Christmas food pack', 'Rice, beans, tea leaves, sugar'],
  ],
  special: [
    ['School uniform', 'Two shirts, shorts, a sweater'],
    ['Mattress and blanket', 'Foam mattress, two blankets'],
    ['Solar lamp', 'One solar reading lamp'],
    ['Textbooks', 'Mathematics and English course books'],
    ['Bicycle', 'One bicycle for the ride to school'],
    ['Sanitary pack', 'Sanitary towels for a term'],
  ],
};

/** mulberry32: a small seeded generator, so that one seed always gives the same children. */
function generator(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const pick = (list) => list[Math.floor(next() * list.length)];
  return { next, int, pick, chance: (p) => next() < p };
}

const pad = (n) => String(n).padStart(2, '0');
const date = (y, m, d) => `${y}-${pad(m)}-${pad(d)}`;

/** A Kenyan mobile number: 07xx xxx xxx or 01xx xxx xxx. */
function phone(r) {
  const prefix = r.chance(0.8) ? r.pick(['070', '071', '072', '074', '075', '076', '079']) : r.pick(['010', '011']);
  return `${prefix}${r.int(1, 9)}${String(r.int(0, 999999)).padStart(6, '0')}`;
}

/** Grade and age go together (CBC: Grade 1 at about 6, Grade 12 at about 17). */
function gradeAndBirth(r) {
  const roll = r.next();
  let grade;
  let age;
  if (roll < 0.03) [grade, age] = ['play_group', r.int(3, 4)];
  else if (roll < 0.07) [grade, age] = [r.chance(0.5) ? 'pre_primary_1' : 'pre_primary_2', r.int(4, 6)];
  else if (roll < 0.9) {
    const n = r.int(1, 12);
    [grade, age] = [`grade_${n}`, 5 + n + r.int(0, 2)];
  } else if (roll < 0.96)
    [grade, age] = [r.pick(['certificate_college', 'diploma_college', 'university_degree']), r.int(18, 22)];
  else [grade, age] = ['none', r.int(8, 17)];
  return { grade, dateOfBirth: date(REFERENCE_YEAR - age - 1, r.int(1, 12), r.int(1, 28)) };
}

function schoolFor(r, grade, village) {
  if (grade === 'none') return 'Not in school';
  if (grade.endsWith('college') || grade === 'university_degree') return r.pick(COLLEGES);
  const n = Number(grade.split('_')[1]);
  if (grade === 'play_group' || grade.startsWith('pre_primary') || n <= 6)
    return `${village} ${r.pick(['Primary School', 'Primary School', 'Comprehensive School', 'ACK Primary School', 'RC Primary School'])}`;
  if (n <= 9) return `${village} Junior School`;
  return r.pick(SECONDARY);
}

function child(r) {
  const girl = r.chance(0.5);
  const surname = r.pick(SURNAMES);
  const fullName = `${r.pick(girl ? GIRLS : BOYS)} ${r.chance(0.3) ? `${r.pick(girl ? GIRLS : BOYS)} ` : ''}${surname}`;
  let county = 'kakamega';
  let areas = KAKAMEGA;
  if (r.chance(0.1)) {
    county = r.pick(Object.keys(NEIGHBOURS));
    areas = NEIGHBOURS[county];
  }
  const subCounty = r.pick(Object.keys(areas));
  const village = r.pick(areas[subCounty]);
  const { grade, dateOfBirth } = gradeAndBirth(r);
  const guardianIsMother = r.chance(0.6);
  const guardianName = `${r.pick(guardianIsMother ? ADULT_WOMEN : ADULT_MEN)} ${r.chance(0.15) ? r.pick(SURNAMES) : surname}`;
  const inSchool = grade !== 'none';
  const age = REFERENCE_YEAR - Number(dateOfBirth.slice(0, 4));
  return {
    fullName,
    dateOfBirth,
    homeVillage: village,
    subCounty,
    county,
    guardianName,
    guardianPhone: phone(r),
    schoolName: schoolFor(r, grade, village),
    gradeLevel: grade,
    isActive: inSchool && r.chance(0.93),
    specialNeeds: r.chance(0.08) ? r.pick(CONDITIONS) : '',
    householdMembers: household(r, guardianName, guardianIsMother, surname, age),
    schoolPerformance: inSchool && grade.startsWith('grade_') ? performance(r, Number(grade.split('_')[1])) : [],
    schoolFees: inSchool ? fees(r, grade) : [],
    specialNeedRecords: r.chance(0.15) ? Array.from({ length: r.int(1, 2) }, () => need(r)) : [],
    gifts: [r.chance(0.25) && gift(r, 'christmas'), r.chance(0.08) && gift(r, 'special')].filter(Boolean),
  };
}

function gift(r, giftType) {
  const [description, contents] = r.pick(GIFTS[giftType]);
  return {
    giftType,
    amount: String(r.int(5, 60) * 100),
    description,
    contents,
    dateGiven:
      giftType === 'christmas' ? date(r.pick([2024, 2025]), 12, r.int(18, 24)) : date(2025, r.int(1, 12), r.int(1, 28)),
  };
}

function household(r, guardianName, guardianIsMother, surname, childAge) {
  const members = [
    { name: guardianName, relationship: guardianIsMother ? 'Mother' : 'Father', age: childAge + r.int(18, 35) },
  ];
  for (let i = 0, n = r.int(0, 4); i < n; i++) {
    const kind = r.pick(['Brother', 'Sister', 'Grandmother', 'Grandfather', 'Aunt', 'Uncle', 'Cousin']);
    const age = kind.startsWith('Grand')
      ? r.int(55, 85)
      : kind === 'Aunt' || kind === 'Uncle'
        ? r.int(25, 50)
        : r.int(1, 24);
    const female = ['Sister', 'Grandmother', 'Aunt'].includes(kind) || (kind === 'Cousin' && r.chance(0.5));
    members.push({
      name: `${r.pick(age > 24 ? (female ? ADULT_WOMEN : ADULT_MEN) : female ? GIRLS : BOYS)} ${surname}`,
      relationship: kind,
      age,
    });
  }
  return members;
}

function performance(r, n) {
  const subjects = n <= 6 ? SUBJECTS_PRIMARY : n <= 9 ? SUBJECTS_JUNIOR : SUBJECTS_SENIOR;
  return Array.from({ length: r.int(2, 5) }, () => ({
    subject: r.pick(subjects),
    term: r.pick(['Term 1', 'Term 2', 'Term 3']),
    grade: n <= 9 ? r.pick(RUBRIC) : r.pick(LETTERS),
  }));
}

function fees(r, grade) {
  const n = Number(grade.split('_')[1] ?? 0);
  const [min, max] =
    grade.includes('college') || grade === 'university_degree'
      ? [20000, 45000]
      : n >= 10
        ? [12000, 27000]
        : n >= 7
          ? [3000, 9000]
          : [800, 4500];
  const terms = [
    [2025, 'Term 1'],
    [2025, 'Term 2'],
    [2025, 'Term 3'],
    [2026, 'Term 1'],
  ];
  return terms
    .slice(4 - r.int(1, 4))
    .map(([year, term]) => ({ term, year, amount: String(Math.round(r.int(min, max) / 50) * 50) }));
}

function need(r) {
  const category = r.pick(Object.keys(NEEDS));
  const status = r.pick(['active', 'active', 'ongoing', 'resolved']);
  const year = r.int(2023, 2025);
  const month = r.int(1, 11);
  return {
    category,
    description: r.pick(NEEDS[category]),
    status,
    dateIdentified: date(year, month, r.int(1, 28)),
    // resolved within the same year, after it was identified
    dateResolved: status === 'resolved' ? date(year, r.int(month + 1, 12), r.int(1, 28)) : '',
    notes: r.chance(0.4) ? 'Followed up by the field officer' : '',
  };
}

/** A small solid-colour PNG (a stand-in photo). */
export function colourPng(r, size = 48) {
  const [red, green, blue] = [r.int(40, 220), r.int(40, 220), r.int(40, 220)];
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set([red, green, blue], 1 + x * 3);
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array(size).fill(row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF with a line of text (a stand-in scan). */
export function simplePdf(text) {
  const stream = `BT /F1 14 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Runs `work` over `items` with at most `limit` at a time. */
export async function eachLimited(items, limit, work) {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index], index);
    }
  });
  await Promise.all(runners);
}

function client(ctx) {
  return async function call(method, path, body) {
    const headers = { cookie: ctx.cookie };
    let payload;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${ctx.baseUrl}${path}`, { method, headers, body: payload });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : undefined;
  };
}

/** The guardian's photo consent, as staff record it before a photo is added. */
const PHOTO_CONSENT = {
  state: 'granted',
  givenBy: 'Guardian',
  relationship: 'Parent',
  method: 'signed_form',
  date: '2025-01-15',
};

function form(fields, files = {}) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields))
    if (value !== '' && value !== undefined) data.append(key, String(value));
  for (const [key, { bytes, name, type }] of Object.entries(files)) data.append(key, new Blob([bytes], { type }), name);
  return data;
}

/**
 * @param {{ baseUrl: string, cookie: string, size: { children: number }, seed: number, log: (line: string) => void }} ctx
 * @returns {Promise<{ beneficiaryIds: string[] }>}
 */
export async function seed(ctx) {
  const total = Math.max(0, Math.floor(ctx.size?.children ?? 200));
  const r = generator(ctx.seed ?? 42);
  const call = client(ctx);
  const started = Date.now();
  const children = Array.from({ length: total }, () => child(r));

  // The first few as the dialog sends them: one multipart request each, with a birth certificate.
  const oneByOne = children.slice(0, Math.min(10, total));
  const ids = [];
  for (const c of oneByOne) {
    const { householdMembers, schoolPerformance, schoolFees, specialNeedRecords, gifts, ...fields } = c;
    const created = await call(
      'POST',
      '/api/beneficiaries',
      form(fields, {
        birthCertificate: {
          bytes: simplePdf(`Birth certificate of ${c.fullName}`),
          name: 'birth-certificate.pdf',
          type: 'application/pdf',
        },
      }),
    );
    ids.push(created.id);
    for (const m of householdMembers) await call('POST', `/api/beneficiaries/${created.id}/household-members`, m);
    for (const p of schoolPerformance) await call('POST', `/api/beneficiaries/${created.id}/school-performance`, p);
    for (const f of schoolFees) await call('POST', `/api/beneficiaries/${created.id}/school-fees`, f);
    for (const n of specialNeedRecords) await call('POST', `/api/beneficiaries/${created.id}/special-needs`, n);
    for (const g of gifts) await call('POST', '/api/gifts', { ...g, beneficiaryId: created.id });
  }

  // The rest in batches, two at a time (one transaction per batch).
  const batches = [];
  for (let i = oneByOne.length; i < total; i += IMPORT_BATCH) batches.push(children.slice(i, i + IMPORT_BATCH));
  const batchIds = new Array(batches.length);
  await eachLimited(batches, 2, async (batch, i) => {
    batchIds[i] = (await call('POST', '/api/beneficiaries/import', { beneficiaries: batch })).ids;
  });
  ids.push(...batchIds.flat());
  ctx.log?.(`beneficiaries: ${ids.length} children in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // Photos, documents and gifts for some of them (files through the upload calls).
  const extras = [];
  ids.forEach((id, i) => {
    // A photo is taken only with the guardian's photo consent recorded.
    if (i < 200 && r.chance(0.3)) {
      const bytes = colourPng(r);
      extras.push(async () => {
        await call('PUT', `/api/beneficiaries/${id}/consents/photos_internal`, PHOTO_CONSENT);
        await call(
          'POST',
          `/api/beneficiaries/${id}/photo`,
          form({}, { photo: { bytes, name: 'photo.png', type: 'image/png' } }),
        );
      });
    }
    if (i < 400 && r.chance(0.15)) {
      const type = r.pick(['academic', 'medical', 'legal']);
      extras.push(() =>
        call(
          'POST',
          `/api/beneficiaries/${id}/documents`,
          form(
            {
              documentType: type,
              description: type === 'academic' ? 'Report form' : type === 'medical' ? 'Clinic card' : 'Consent form',
            },
            {
              document: {
                bytes: simplePdf(`${type} document for ${id}`),
                name: `${type}-document.pdf`,
                type: 'application/pdf',
              },
            },
          ),
        ),
      );
    }
    if (i < 300 && r.chance(0.1)) {
      const fields = { ...gift(r, r.pick(['christmas', 'special'])), beneficiaryId: id };
      extras.push(() =>
        call(
          'POST',
          '/api/gifts',
          form(fields, { giftPhoto: { bytes: colourPng(r, 64), name: 'gift.png', type: 'image/png' } }),
        ),
      );
    }
  });
  await eachLimited(extras, 8, (task) => task());
  ctx.log?.(
    `beneficiaries: ${ids.length} children, ${extras.length} photos, documents and gifts in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { beneficiaryIds: ids };
}
