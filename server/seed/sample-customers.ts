// The sample shop's customers: Nigerian names, +234 mobile numbers, addresses in the states where
// the shop sells most, joined over the past year. Pure data, drawn from a seeded generator, so
// every seed makes the same people (relative to the moment of seeding).
//
// They are not real accounts: every address is at example.com (reserved for documentation, RFC
// 2606, so no mail ever reaches anyone) and no password opens them (SAMPLE_PASSWORD_HASH).
import type { NigerianState } from '#core/nigeria.ts';
import { dice } from './sample-random.ts';

const DAY = 86_400_000;

/**
 * Stored as the sample customers' password hash: not an argon2 PHC string, so no password
 * verifies against it (verifyPassword answers false for a malformed hash) and no sign-in opens
 * the account. A password reset through the email would, but the address is at example.com.
 */
export const SAMPLE_PASSWORD_HASH = '!sample-customer:no-password';

/** The domain every sample address is at: reserved, never delivered (RFC 2606). */
export const SAMPLE_EMAIL_DOMAIN = 'example.com';

export const SAMPLE_CUSTOMER_COUNT = 36;

const FIRST_NAMES = [
  'Adaeze',
  'Chiamaka',
  'Ngozi',
  'Oluwaseun',
  'Funmilayo',
  'Temitope',
  'Aisha',
  'Zainab',
  'Halima',
  'Blessing',
  'Chioma',
  'Ifeoma',
  'Folake',
  'Yetunde',
  'Amaka',
  'Nneka',
  'Bukola',
  'Damilola',
  'Ebere',
  'Ifeanyi',
  'Kemi',
  'Oghenekaro',
  'Ese',
  'Tamuno',
  'Hadiza',
  'Maryam',
  'Uche',
  'Tolani',
  'Simisola',
  'Morenike',
  'Obiageli',
  'Precious',
  'Tobi',
  'Emeka',
  'Chinedu',
  'Segun',
] as const;

const SURNAMES = [
  'Okafor',
  'Adeyemi',
  'Bello',
  'Nwosu',
  'Ogunleye',
  'Eze',
  'Abubakar',
  'Okonkwo',
  'Adebayo',
  'Ibrahim',
  'Obi',
  'Olawale',
  'Uchenna',
  'Balogun',
  'Danjuma',
  'Igwe',
  'Akinola',
  'Ekwueme',
  'Osagie',
  'Ovie',
  'Alabi',
  'Musa',
  'Nnamdi',
  'Oyelaran',
  'Iwu',
  'Fashola',
  'Onyekachi',
  'Yusuf',
] as const;

/** Where the customers live: the states, weighted as a Lagos shop's orders are, with real places. */
export const SAMPLE_PLACES: readonly {
  state: NigerianState;
  weight: number;
  cities: readonly string[];
  streets: readonly string[];
  landmarks: readonly string[];
}[] = [
  {
    state: 'Lagos',
    weight: 40,
    cities: ['Lekki', 'Ikeja', 'Surulere', 'Yaba', 'Ajah', 'Victoria Island', 'Ikorodu', 'Festac'],
    streets: [
      'Admiralty Way',
      'Allen Avenue',
      'Adeniran Ogunsanya Street',
      'Herbert Macaulay Way',
      'Ado Road',
      'Ajose Adeogun Street',
      'Ikorodu Road',
      '23 Road',
      'Awolowo Road',
      'Opebi Road',
    ],
    landmarks: ['Near the filling station', 'Opposite the church', 'Beside the pharmacy', ''],
  },
  {
    state: 'FCT (Abuja)',
    weight: 14,
    cities: ['Wuse 2', 'Garki', 'Maitama', 'Gwarinpa', 'Kubwa'],
    streets: ['Aminu Kano Crescent', 'Ademola Adetokunbo Crescent', 'Gimbiya Street', '3rd Avenue'],
    landmarks: ['Close to the plaza', 'Behind the bank', ''],
  },
  {
    state: 'Rivers',
    weight: 9,
    cities: ['Port Harcourt', 'Obio-Akpor'],
    streets: ['Aba Road', 'Trans-Amadi Road', 'Olu Obasanjo Road', 'Stadium Road'],
    landmarks: ['Near the roundabout', ''],
  },
  {
    state: 'Oyo',
    weight: 6,
    cities: ['Ibadan', 'Ogbomoso'],
    streets: ['Ring Road', 'Bodija Road', 'Iwo Road'],
    landmarks: ['Opposite the market', ''],
  },
  {
    state: 'Ogun',
    weight: 6,
    cities: ['Abeokuta', 'Sango Ota', 'Ijebu Ode'],
    streets: ['Oke-Ilewo Road', 'Idiroko Road', 'Ibadan Road'],
    landmarks: ['Near the mosque', ''],
  },
  {
    state: 'Enugu',
    weight: 5,
    cities: ['Enugu', 'Nsukka'],
    streets: ['Ogui Road', 'Chime Avenue', 'Zik Avenue'],
    landmarks: ['Beside the school', ''],
  },
  {
    state: 'Anambra',
    weight: 5,
    cities: ['Awka', 'Onitsha', 'Nnewi'],
    streets: ['Zik Avenue', 'New Market Road', 'Nnamdi Azikiwe Avenue'],
    landmarks: ['Near the main market', ''],
  },
  {
    state: 'Kano',
    weight: 4,
    cities: ['Kano'],
    streets: ['Zoo Road', 'Murtala Mohammed Way', 'Bompai Road'],
    landmarks: ['Close to the junction', ''],
  },
  {
    state: 'Delta',
    weight: 4,
    cities: ['Warri', 'Asaba'],
    streets: ['Effurun-Sapele Road', 'Nnebisi Road', 'Okumagba Avenue'],
    landmarks: ['Opposite the hotel', ''],
  },
  {
    state: 'Edo',
    weight: 4,
    cities: ['Benin City'],
    streets: ['Sapele Road', 'Airport Road', 'Akpakpava Road'],
    landmarks: ['Near the ring road', ''],
  },
  {
    state: 'Kaduna',
    weight: 3,
    cities: ['Kaduna', 'Zaria'],
    streets: ['Ahmadu Bello Way', 'Independence Way'],
    landmarks: [''],
  },
];

/** Mobile prefixes of the four networks (MTN, Airtel, Glo, 9mobile) after +234. */
const MOBILE_PREFIXES = [
  '803',
  '806',
  '813',
  '816',
  '703',
  '706',
  '810',
  '814',
  '903',
  '906',
  '802',
  '808',
  '812',
  '701',
  '902',
  '805',
  '807',
  '815',
  '905',
  '809',
  '817',
  '818',
  '908',
];

export interface SampleAddress {
  state: NigerianState;
  city: string;
  street: string;
  landmark: string | null;
}

export interface SampleCustomer {
  name: string;
  email: string;
  phone: string;
  address: SampleAddress;
  createdAt: Date;
  emailVerifiedAt: Date | null;
  lastSignInAt: Date | null;
  /** Suspended ("banned") customers: a couple, so the users screen has some. */
  isActive: boolean;
  notifyPromotions: boolean;
}

/** A person for a sample order or account: name, phone and address (used for guests too). */
export function samplePerson(d: ReturnType<typeof dice>, index: number) {
  const first = FIRST_NAMES[index % FIRST_NAMES.length]!;
  const surname = d.pick(SURNAMES);
  const place = d.weighted(SAMPLE_PLACES, (p) => p.weight);
  const landmark = d.pick(place.landmarks);
  return {
    name: `${first} ${surname}`,
    emailLocal: `${first}.${surname}`.toLowerCase(),
    phone: `+234${d.pick(MOBILE_PREFIXES)}${d.digits(7)}`,
    address: {
      state: place.state,
      city: d.pick(place.cities),
      street: `${d.int(1, 120)} ${d.pick(place.streets)}`,
      landmark: landmark === '' ? null : landmark,
    } satisfies SampleAddress,
  };
}

/** The sample customers, joined over the 360 days before `now`, oldest first. */
export function sampleCustomers(now: Date): SampleCustomer[] {
  const d = dice(2_026_001);
  const customers = Array.from({ length: SAMPLE_CUSTOMER_COUNT }, (_, i): SampleCustomer => {
    const person = samplePerson(d, i);
    // Earlier customers joined earlier: i spreads them over the year, a few days' jitter apart.
    const daysAgo = Math.max(1, Math.round(360 - (i * 355) / SAMPLE_CUSTOMER_COUNT) - d.int(0, 6));
    const createdAt = new Date(now.getTime() - daysAgo * DAY - d.int(0, 86_399) * 1000);
    const seenDaysAgo = d.int(0, Math.min(daysAgo, 60));
    return {
      name: person.name,
      email: `${person.emailLocal}${i + 1}@${SAMPLE_EMAIL_DOMAIN}`,
      phone: person.phone,
      address: person.address,
      createdAt,
      emailVerifiedAt: d.chance(0.85) ? new Date(createdAt.getTime() + d.int(60, 3_600) * 1000) : null,
      lastSignInAt: d.chance(0.9)
        ? new Date(Math.max(createdAt.getTime(), now.getTime() - seenDaysAgo * DAY - d.int(0, 86_399) * 1000))
        : null,
      // Two suspended accounts: the fourth and the twentieth.
      isActive: i !== 3 && i !== 19,
      notifyPromotions: d.chance(0.6),
    };
  });
  return customers;
}
