/**
 * Seeded sample payloads of the canonical shapes in schemas/canonical.proto and .fbs: the project's
 * own default payloads (the same seed always gives the same JSON). Values look like production data
 * (ids, timestamps, prices, unicode names) so sizes and timings mean something.
 */
import { seededRandom } from './random.js';

export { seededRandom };

/** The names of the canonical shapes. */
export type CanonicalShape = 'user_profile' | 'order' | 'telemetry' | 'catalog_item' | 'order_batch';

/** One canonical payload: its shape, its root message in the canonical schemas, and the value. */
export interface CanonicalSample {
  readonly shape: CanonicalShape;
  /** The root message in schemas/canonical.proto. */
  readonly message: string;
  readonly value: Record<string, unknown>;
}

/** The root message of each canonical shape in schemas/canonical.proto and canonical.fbs. */
export const CANONICAL_MESSAGES: Readonly<Record<CanonicalShape, string>> = {
  user_profile: 'UserProfile',
  order: 'Order',
  telemetry: 'TelemetryReading',
  catalog_item: 'CatalogItem',
  order_batch: 'OrderBatch',
};

/** A source of numbers in [0, 1), such as `seededRandom(seed)` or `Math.random`. */
export type Random = () => number;

const int = (rng: Random, min: number, max: number): number => min + Math.floor(rng() * (max - min + 1));
const pick = <T>(rng: Random, items: readonly T[]): T => items[int(rng, 0, items.length - 1)] as T;
const round = (value: number, digits: number): number => Number(value.toFixed(digits));

const FIRST_NAMES = ['Ana', 'Björn', 'Chen', 'Dara', 'Émile', 'Fatima', 'Giulia', 'Hiro', 'Ines', 'Jonas', 'Kwame', 'Léa', 'Mateus', 'Noor', 'Olek', 'Priya'];
const LAST_NAMES = ['Silva', 'Müller', 'Wang', 'Okafor', 'Dubois', 'Haddad', 'Rossi', 'Tanaka', 'García', 'Novak', 'Mensah', 'Kowalski'];
const LOCALES = ['en-US', 'de-DE', 'pt-BR', 'ja-JP', 'fr-FR', 'zh-CN', 'es-ES', 'pl-PL'];
const PRODUCTS = [
  'Wireless earbuds',
  'Trail running shoes',
  'Ceramic mug',
  'Mechanical keyboard',
  'Yoga mat',
  'Espresso beans 1 kg',
  'USB-C cable 2 m',
  'Desk lamp',
  'Water bottle',
  'Rain jacket',
];
const BRANDS = ['Northwind', 'Acme', 'Globex', 'Initech', 'Umbrella', 'Soylent', 'Hooli'];
const CATEGORIES = ['electronics/audio', 'sports/running', 'home/kitchen', 'electronics/peripherals', 'sports/yoga', 'grocery/coffee'];
const TAGS = ['sale', 'new', 'eco', 'bestseller', 'gift', 'limited', 'bundle', 'clearance'];
const STATUSES = ['paid', 'shipped', 'delivered', 'refunded'];
const BASE_TIME = Date.UTC(2026, 0, 1);

/** A user profile: id, names, email, roles, timestamps, nested metadata and preferences, sometimes a `bio` (about 0.5 KB of JSON). */
export function userProfile(rng: Random): Record<string, unknown> {
  const first = pick(rng, FIRST_NAMES);
  const last = pick(rng, LAST_NAMES);
  const id = int(rng, 1_000_000, 9_000_000_000);
  const profile: Record<string, unknown> = {
    id,
    username: `${first}.${last}${int(rng, 1, 99)}`.toLowerCase(),
    display_name: `${first} ${last}`,
    email: `${first}.${last}@example.com`.toLowerCase(),
    verified: rng() < 0.7,
    roles: rng() < 0.1 ? ['user', 'admin'] : rng() < 0.3 ? ['user', 'seller'] : ['user'],
    created_at: BASE_TIME - int(rng, 0, 3 * 365 * 86_400_000),
    last_seen_at: BASE_TIME + int(rng, 0, 30 * 86_400_000),
    locale: pick(rng, LOCALES),
    avatar_url: `https://cdn.example.com/avatars/${id}.webp`,
    follower_count: int(rng, 0, 250_000),
    reputation: round(rng() * 5, 2),
    metadata: {
      signup_source: pick(rng, ['ios', 'android', 'web', 'referral']),
      plan: pick(rng, ['free', 'plus', 'pro']),
      newsletter: rng() < 0.4,
      preferences: {
        theme: pick(rng, ['dark', 'light', 'system']),
        units: pick(rng, ['metric', 'imperial']),
        notifications: pick(rng, ['all', 'mentions', 'none']),
      },
    },
  };
  if (rng() < 0.3) profile['bio'] = `${pick(rng, PRODUCTS)} enthusiast · ${pick(rng, ['☕', '🏃', '🎧', '📷'])}`;
  return profile;
}

/** An order: 1–5 line items, a total in cents, a currency, usually a `status`; `id` defaults to a random one. */
export function order(rng: Random, id = int(rng, 1, 2 ** 40)): Record<string, unknown> {
  const items = Array.from({ length: int(rng, 1, 5) }, () => ({
    sku: `SKU-${int(rng, 10_000, 99_999)}`,
    quantity: int(rng, 1, 4),
    unit_price_cents: int(rng, 199, 49_999),
    title: pick(rng, PRODUCTS),
  }));
  const created = new Date(BASE_TIME + int(rng, 0, 180 * 86_400_000)).toISOString();
  const result: Record<string, unknown> = {
    id,
    user_id: int(rng, 1_000_000, 9_000_000_000),
    created_at: created,
    items,
    total_cents: items.reduce((sum, item) => sum + item.quantity * item.unit_price_cents, 0),
    currency: pick(rng, ['USD', 'EUR', 'BRL', 'JPY']),
  };
  if (rng() < 0.75) result['status'] = pick(rng, STATUSES);
  return result;
}

/** A sensor reading: a device id and eight numbers (timestamp, sequence, measurements, position). */
export function telemetryReading(rng: Random): Record<string, unknown> {
  return {
    device_id: `sensor-${int(rng, 1000, 9999)}`,
    timestamp: BASE_TIME + int(rng, 0, 86_400_000),
    sequence: int(rng, 0, 2 ** 32 - 1),
    temperature_c: round(-10 + rng() * 45, 2),
    humidity: round(rng() * 100, 1),
    pressure_hpa: round(980 + rng() * 60, 1),
    battery_mv: int(rng, 3000, 4200),
    latitude: round(-90 + rng() * 180, 6),
    longitude: round(-180 + rng() * 360, 6),
  };
}

/** A catalog item: 25 flat fields of ids, text, prices, stock, dimensions and flags, 0–3 tags. */
export function catalogItem(rng: Random): Record<string, unknown> {
  return {
    id: int(rng, 1, 10_000_000),
    sku: `SKU-${int(rng, 10_000, 99_999)}`,
    title: pick(rng, PRODUCTS),
    brand: pick(rng, BRANDS),
    category: pick(rng, CATEGORIES),
    price_cents: int(rng, 199, 99_999),
    currency: 'USD',
    in_stock: rng() < 0.8,
    stock_count: int(rng, 0, 500),
    rating: round(1 + rng() * 4, 1),
    review_count: int(rng, 0, 12_000),
    tags: Array.from({ length: int(rng, 0, 3) }, () => pick(rng, TAGS)),
    featured: rng() < 0.1,
    discount_percent: pick(rng, [0, 0, 0, 10, 15, 25]),
    color: pick(rng, ['black', 'white', 'red', 'navy', 'olive']),
    size: pick(rng, ['XS', 'S', 'M', 'L', 'XL', 'one size']),
    weight_grams: int(rng, 20, 5000),
    width_mm: int(rng, 10, 800),
    height_mm: int(rng, 10, 800),
    depth_mm: int(rng, 5, 400),
    warehouse_id: int(rng, 1, 40),
    supplier_id: int(rng, 1, 900),
    image_count: int(rng, 1, 12),
    is_new: rng() < 0.15,
    updated_at: BASE_TIME + int(rng, 0, 86_400_000 * 90),
  };
}

/** A batch of `count` orders (default 1000: about 395 KB of JSON) with consecutive ids. */
export function orderBatch(rng: Random, count = 1000): Record<string, unknown> {
  const firstId = int(rng, 1, 2 ** 40);
  return {
    batch_id: `batch-${int(rng, 100_000, 999_999)}`,
    generated_at: BASE_TIME + int(rng, 0, 86_400_000),
    orders: Array.from({ length: count }, (_, i) => order(rng, firstId + i)),
  };
}

const GENERATORS: Readonly<Record<CanonicalShape, (rng: Random) => Record<string, unknown>>> = {
  user_profile: userProfile,
  order: (rng) => order(rng),
  telemetry: telemetryReading,
  catalog_item: catalogItem,
  order_batch: (rng) => orderBatch(rng),
};

/** One payload of each canonical shape; the same seed gives the same payloads. */
export function canonicalSamples(seed = 1): CanonicalSample[] {
  return (Object.keys(GENERATORS) as CanonicalShape[]).map((shape, index) => ({
    shape,
    message: CANONICAL_MESSAGES[shape],
    value: GENERATORS[shape](seededRandom(seed * 7919 + index)),
  }));
}
