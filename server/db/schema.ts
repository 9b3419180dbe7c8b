import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  claimFaults,
  claimStatuses,
  type ClaimOfferLine,
  type ClaimRefundPart,
} from '../../shared/claims/claim';
import { garmentCategories, garmentConditions, type ClaimTable } from '../../shared/claims/table';
import { claimItemKinds, damageKinds } from '../../shared/claims/window';
import { orderStatuses } from '../../shared/order-status';
import { COUNTER_TURNAROUND_WORKING_DAYS } from '../../shared/promised-ready';
import { textChannels, textStatuses, type TextChannel, type TextStatus } from '../../shared/texts';
import {
  pushStatuses,
  staffPushEvents,
  type PushStatus,
  type StaffPushEvent,
} from '../../shared/push';

/*
 * One schema for PGlite and PostgreSQL. Money is integer pence; instants are timestamptz;
 * wall-clock rules (opening hours, closed dates) are stored as London-local values.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Raw bytes: node-postgres gives a Buffer, PGlite a Uint8Array; code sees a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

// ─── Catalogue ──────────────────────────────────────────────────────────────

export const priceCategories = pgTable('price_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Sanitised on the way out; may hold HTML. */
  description: text('description').notNull().default(''),
  image: text('image').notNull(),
  /** One or more codes joined by `|`; the first one is used in links (/pricing/{code}). */
  categoryCode: text('category_code').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => priceCategories.id, { onDelete: 'cascade' }),
    serviceName: text('service_name').notNull(),
    /** Price including VAT in pence; 0 means "call for price". */
    pricePence: integer('price_pence').notNull(),
    description: text('description').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * Working days this item takes at the counter when longer than the branch's turnaround
     * (leather, wedding dresses, curtains); null: the branch's (issue 32).
     */
    turnaroundDays: integer('turnaround_days'),
  },
  (t) => [
    index('services_category_idx').on(t.categoryId),
    check('services_price_non_negative', sql`${t.pricePence} >= 0`),
    check(
      'services_turnaround',
      sql`${t.turnaroundDays} is null or ${t.turnaroundDays} between 1 and 60`,
    ),
  ],
);

/** Landing pages for a service, reached at /{code}. */
export const servicePages = pgTable('service_pages', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  pageTitle: text('page_title').notNull(),
  pageMeta: text('page_meta').notNull(),
  bannerImage: text('banner_image').notNull(),
  bannerMobileImage: text('banner_mobile_image').notNull(),
  details: text('details').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const areaGroups = pgTable('area_groups', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const areas = pgTable(
  'areas',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => areaGroups.id, { onDelete: 'restrict' }),
    /** URL slug, reached at /{area_code}. */
    areaCode: text('area_code').notNull().unique(),
    /** London postcode district served, e.g. W9. Coverage is checked against it. */
    outwardCode: text('outward_code').notNull(),
    name: text('name').notNull(),
    pageTitle: text('page_title').notNull(),
    pageMeta: text('page_meta').notNull(),
    homePageHeading: text('home_page_heading').notNull(),
    aboutArea: text('about_area').notNull(),
    /** Shown in the short list (GET /getarea/limited). */
    featured: boolean('featured').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('areas_outward_code_uq').on(t.outwardCode)],
);

export const branches = pgTable(
  'branches',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    town: text('town').notNull().default('London'),
    postcode: text('postcode').notNull(),
    phone: text('phone').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Takes walk-in orders over its counter (issue 32); the counter screen is for these only. */
    counterEnabled: boolean('counter_enabled').notNull().default(false),
    /** A counter ticket's standard turnaround in the branch's working days. */
    turnaroundDays: integer('turnaround_days').notNull().default(COUNTER_TURNAROUND_WORKING_DAYS),
    /** Express (ready the next working day) at this surcharge on the items; null: not offered. */
    expressPercent: integer('express_percent'),
    /** Same day (handed in by the cut-off, ready by closing) at this surcharge; null: not offered. */
    sameDayPercent: integer('same_day_percent'),
    /** London wall-clock 'HH:MM' by which a same-day ticket must be handed in. */
    sameDayCutoff: text('same_day_cutoff').notNull().default('10:00'),
    /**
     * The counter's card reader (Stripe Terminal, server-driven, decision 053): a reader id
     * `tmr_…` (a simulated one `tmr_simulated…` in TEST MODE); none: the counter takes no card.
     */
    terminalReaderId: text('terminal_reader_id'),
  },
  (t) => [
    check('branches_turnaround', sql`${t.turnaroundDays} between 1 and 30`),
    check(
      'branches_express',
      sql`${t.expressPercent} is null or ${t.expressPercent} between 0 and 200`,
    ),
    check(
      'branches_same_day',
      sql`${t.sameDayPercent} is null or ${t.sameDayPercent} between 0 and 300`,
    ),
  ],
);

/**
 * A branch's opening hours per ISO weekday (1 = Monday … 7 = Sunday), London wall-clock
 * 'HH:MM'; a weekday without a row is closed (issue 32, decision 047). The public pages render
 * their "Monday to Friday 07:30 to 19:30" lines from these rows (shared/branch-hours.ts).
 */
export const branchHours = pgTable(
  'branch_hours',
  {
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    opensAt: text('opens_at').notNull(),
    closesAt: text('closes_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.branchId, t.weekday] }),
    check('branch_hours_weekday', sql`${t.weekday} between 1 and 7`),
    check('branch_hours_close_after_open', sql`${t.closesAt} > ${t.opensAt}`),
  ],
);

/** A London date a branch is shut: a bank holiday or another closure, with its reason. */
export const branchClosures = pgTable(
  'branch_closures',
  {
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['bank-holiday', 'closure'] }).notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [primaryKey({ columns: [t.branchId, t.day] })],
);

/**
 * The postcode districts (W9, NW6, … as shared/postcode.ts `postcodeDistrict` gives them)
 * whose collection orders a branch processes. A district belongs to one branch at most (the
 * primary key): an order's branch is never a choice between two.
 */
export const branchAreas = pgTable(
  'branch_areas',
  {
    district: text('district').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
  },
  (t) => [index('branch_areas_branch_idx').on(t.branchId)],
);

export const faqs = pgTable('faqs', {
  id: serial('id').primaryKey(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const blogPosts = pgTable('blog_posts', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  image: text('image').notNull(),
  category: text('category').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  author: text('author').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
});

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: serial('id').primaryKey(),
  /** Stored lower-cased. */
  email: text('email').notNull().unique(),
  createdAt: createdAt(),
});

/** POST /user-info: which page a visit began on. The IP is kept only as a hash. */
export const pageVisits = pgTable('page_visits', {
  id: serial('id').primaryKey(),
  page: text('page').notNull(),
  ipHash: text('ip_hash'),
  createdAt: createdAt(),
});

/** People outside the served areas who want to hear when their area opens. */
export const areaWaitlist = pgTable(
  'area_waitlist',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    postcode: text('postcode').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('area_waitlist_email_postcode_uq').on(t.email, t.postcode)],
);

/**
 * One row (id = 1) counting changes to what the public pages show: the catalogue tables above
 * and the slot rules below. Statement triggers (migration 0005) add one in the transaction of
 * every insert, update, delete or truncate of those tables, whichever code or person writes
 * them, so a server instance may keep that content in memory while this number is unchanged
 * (server/db/content-cache.ts, docs/decisions/009).
 */
export const contentVersion = pgTable(
  'content_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [check('content_version_single_row', sql`${t.id} = 1`)],
);

// ─── Slots ──────────────────────────────────────────────────────────────────

/** A single row (id = 1) of slot rules; the back office edits it. */
export const slotSettings = pgTable(
  'slot_settings',
  {
    id: smallint('id').primaryKey().default(1),
    slotLengthMinutes: integer('slot_length_minutes').notNull().default(60),
    leadTimeMinutes: integer('lead_time_minutes').notNull().default(120),
    daysAhead: integer('days_ahead').notNull().default(14),
    pickupCapacityPerSlot: integer('pickup_capacity_per_slot').notNull().default(4),
    deliveryCapacityPerSlot: integer('delivery_capacity_per_slot').notNull().default(4),
    minTurnaroundHours: integer('min_turnaround_hours').notNull().default(24),
  },
  (t) => [check('slot_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * A single row (id = 1) of the owner's settings of the shop's day (issue 31); no row reads as
 * the defaults. `driverHidesCardNotSaved`: collections whose checkout stopped before a card
 * was saved (pending payment) are left off the driver's list instead of flagged.
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: smallint('id').primaryKey().default(1),
    driverHidesCardNotSaved: boolean('driver_hides_card_not_saved').notNull().default(false),
    /** A counter ticket with money due may be handed over unpaid without a reason (issue 32). */
    counterUnpaidWithoutReason: boolean('counter_unpaid_without_reason').notNull().default(false),
    /** A counter ticket may be collected at a branch other than the one that raised it. */
    counterCollectElsewhere: boolean('counter_collect_elsewhere').notNull().default(false),
  },
  (t) => [check('shop_settings_single_row', sql`${t.id} = 1`)],
);

/** Opening hours per ISO weekday (1 = Monday … 7 = Sunday), London wall-clock times. */
export const openingHours = pgTable(
  'opening_hours',
  {
    weekday: smallint('weekday').primaryKey(),
    /** 'HH:MM' */
    opensAt: text('opens_at').notNull(),
    closesAt: text('closes_at').notNull(),
  },
  (t) => [check('opening_hours_weekday', sql`${t.weekday} between 1 and 7`)],
);

export const closedDates = pgTable('closed_dates', {
  /** London calendar date. */
  day: date('day', { mode: 'string' }).primaryKey(),
  reason: text('reason').notNull(),
});

/**
 * Places taken per slot. Kept in the same transaction as the orders that take them, and
 * guarded by a conditional upsert so the database, not JavaScript, enforces capacity.
 */
export const slotUsage = pgTable(
  'slot_usage',
  {
    kind: text('kind', { enum: ['pickup', 'delivery'] }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    taken: integer('taken').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.startsAt] }),
    check('slot_usage_taken_non_negative', sql`${t.taken} >= 0`),
  ],
);

// ─── Customers and sessions ─────────────────────────────────────────────────

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    /** scrypt/argon2 hash; null for guests. */
    passwordHash: text('password_hash'),
    isGuest: boolean('is_guest').notNull().default(false),
    /**
     * The channels of service messages about their orders (issue 17): e-mail is on unless
     * the customer turned it off with a text channel on; texts go to `phone`.
     */
    notifyEmail: boolean('notify_email').notNull().default(true),
    notifySms: boolean('notify_sms').notNull().default(false),
    notifyWhatsapp: boolean('notify_whatsapp').notNull().default(false),
    /** Marketing is a separate choice that needs consent (PECR): off until given. */
    marketingEmail: boolean('marketing_email').notNull().default(false),
    marketingSms: boolean('marketing_sms').notNull().default(false),
    /** When marketing consent was last given or changed, for the record PECR asks for. */
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
    /**
     * The customer's own referral code (issue 18), given to friends: made when first shown,
     * unique, upper case.
     */
    referralCode: text('referral_code').unique(),
    createdAt: createdAt(),
    /** Set when the person is erased; personal fields are blanked at the same time. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // One live registered account per e-mail; guests and erased records may repeat.
    uniqueIndex('customers_registered_email_uq')
      .on(t.email)
      .where(sql`${t.isGuest} = false and ${t.deletedAt} is null`),
    index('customers_email_idx').on(t.email),
  ],
);

export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    doorNumber: text('door_number').notNull().default(''),
    company: text('company').notNull().default(''),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    town: text('town').notNull().default('London'),
    postcode: text('postcode').notNull(),
    addressType: text('address_type').notNull().default('Residential'),
    /** Multi-line address as shown to people. */
    fullAddress: text('full_address').notNull(),
    /** The customer's name for it ("Home", "Office"); '' when they gave none (issue 18). */
    label: text('label').notNull().default(''),
    /** The building's name as entered ("Elgin Court"); the flat stays in door_number. */
    building: text('building').notNull().default(''),
    /** How to get in and hand over, as entered ("gate code 1234; leave with concierge"). */
    accessNotes: text('access_notes').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_addresses_customer_idx').on(t.customerId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the random token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_customer_idx').on(t.customerId)],
);

/**
 * Proof that the caller of POST /placeorder is the one who just created this customer and
 * address through POST /guest or /register; a customer_id in the payload is never trusted.
 */
export const checkoutTokens = pgTable('checkout_tokens', {
  /** SHA-256 of the random token handed to the browser. */
  tokenHash: text('token_hash').primaryKey(),
  customerId: uuid('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  addressId: uuid('address_id')
    .notNull()
    .references(() => customerAddresses.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * E-mailed one-time codes and single-use links (account deletion, password reset, e-mail
 * change). Only a hash of the secret is kept.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', {
      enum: ['delete_account', 'password_reset', 'email_change'],
    }).notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    /** email_change: the new address the link confirms (stored lower-cased). */
    newEmail: text('new_email'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('one_time_codes_customer_idx').on(t.customerId, t.purpose)],
);

/** Fixed-window counters shared by every server instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

// ─── Orders ─────────────────────────────────────────────────────────────────

export const orders = pgTable(
  'orders',
  {
    /** Unguessable id used in URLs. */
    id: uuid('id').primaryKey().defaultRandom(),
    /** Number for people; shown with the brand's prefix (LD-{orderNo}; shared/order-number.ts). */
    orderNo: serial('order_no').notNull().unique(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** One of shared/order-status.ts, the one list of statuses. */
    status: text('status', { enum: orderStatuses }).notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    customerNotes: text('customer_notes').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    doorNumber: text('door_number').notNull().default(''),
    postcode: text('postcode').notNull(),
    addressType: text('address_type').notNull().default('Residential'),
    /** Multi-line address as shown to people (shipping = billing here). */
    fullAddress: text('full_address').notNull(),
    /** The whole address object chosen at booking, as the spec's `address`. */
    addressJson: jsonb('address_json'),
    pickupStartsAt: timestamp('pickup_starts_at', { withTimezone: true }).notNull(),
    pickupEndsAt: timestamp('pickup_ends_at', { withTimezone: true }).notNull(),
    deliveryStartsAt: timestamp('delivery_starts_at', { withTimezone: true }).notNull(),
    deliveryEndsAt: timestamp('delivery_ends_at', { withTimezone: true }).notNull(),
    subtotalPence: integer('subtotal_pence').notNull().default(0),
    discountPence: integer('discount_pence').notNull().default(0),
    totalPence: integer('total_pence').notNull().default(0),
    amountDuePence: integer('amount_due_pence').notNull().default(0),
    /** What the customer has paid towards the total (charges that succeeded). */
    paidPence: integer('paid_pence').notNull().default(0),
    /** When staff last e-mailed the itemised invoice; Pay Now shows while something is due. */
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    paymentMethod: text('payment_method'),
    paymentState: text('payment_state').notNull().default('none'),
    /**
     * What the customer said they were sending, and its estimated total (issue 15): items and
     * quantities from the price list, or "not sure". Shown to staff at intake.
     */
    estimate: jsonb('estimate').$type<{
      items: { serviceId: number; name: string; quantity: number; unitPricePence: number }[];
      notSure: boolean;
    }>(),
    estimatePence: integer('estimate_pence'),
    /**
     * Charge the card automatically up to this; above it the customer approves first. Null on
     * orders placed before caps existed (charged as before).
     */
    priceCapPence: integer('price_cap_pence'),
    /** The most the customer has approved above the cap (a later approval raises it). */
    approvedPence: integer('approved_pence'),
    ip: text('ip'),
    /** Sent by the client per checkout attempt; a retry with the same key returns the same order. */
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: createdAt(),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The key of the order's tracking page, /track/{token} (issue 16): random, unrelated to the
     * order's id, so a tracking link shows the timeline and nothing that opens the order.
     */
    trackingToken: uuid('tracking_token').notNull().defaultRandom().unique(),
    /** When the intake report was sent; the customer may open a case for 48 hours after it. */
    intakeReportedAt: timestamp('intake_reported_at', { withTimezone: true }),
    /** How to get in and hand over at this address, as entered at booking (issue 18). */
    accessNotes: text('access_notes').notNull().default(''),
    /** The promo code the customer entered (issue 18); its discount is set at invoicing. */
    promoCodeId: integer('promo_code_id').references((): AnyPgColumn => promoCodes.id, {
      onDelete: 'set null',
    }),
    /** The referral code of the friend who sent them, on their first order (issue 18). */
    referredBy: uuid('referred_by').references((): AnyPgColumn => customers.id, {
      onDelete: 'set null',
    }),
    /** Issue 33: where it was placed: the site in a tab ('web') or the installed app ('app'). */
    source: text('source', { enum: ['web', 'app'] })
      .notNull()
      .default('web'),
    /**
     * Issue 33: the app's first-order offer claimed by this order, as the percentage it was
     * placed with (the brand's number may change later); null: not claimed.
     */
    appOfferPercent: integer('app_offer_percent'),
    /** Account credit used towards this order (its ledger row is in customer_credits). */
    creditAppliedPence: integer('credit_applied_pence').notNull().default(0),
    /**
     * Who placed it, as first-order offers and referrals compare people (issue 31, N3;
     * shared/same-person.ts): the e-mail in its normal form, the phone in E.164 and the home
     * (postcode, house and first line); '' when there is nothing to compare. Null only on
     * orders placed before these keys, until the start-up backfill fills them.
     */
    emailKey: text('email_key'),
    phoneKey: text('phone_key'),
    addressKey: text('address_key'),
    /**
     * The branch that processes it (issue 32): the one serving its postcode district when it
     * was placed (branch_areas), or where staff moved it (audited). Null: no branch serves it.
     */
    branchId: integer('branch_id').references((): AnyPgColumn => branches.id, {
      onDelete: 'set null',
    }),
    /**
     * How it came in (issue 32, decision 049): 'online' (booked for collection and delivery)
     * or 'counter' (a ticket raised at a branch's counter: its counter_tickets row holds the
     * promised-ready time and the cash taken; its pickup window is the drop-off instant and
     * its delivery window the promised-ready instant, and no slot is taken).
     */
    channel: text('channel', { enum: ['online', 'counter'] })
      .notNull()
      .default('online'),
  },
  (t) => [
    index('orders_branch_idx').on(t.branchId),
    index('orders_customer_idx').on(t.customerId),
    index('orders_email_key_idx').on(t.emailKey),
    index('orders_phone_key_idx').on(t.phoneKey),
    index('orders_address_key_idx').on(t.addressKey),
    index('orders_pickup_idx').on(t.pickupStartsAt),
    check('orders_money_non_negative', sql`${t.amountDuePence} >= 0 and ${t.discountPence} >= 0`),
    check('orders_paid_non_negative', sql`${t.paidPence} >= 0`),
    check('orders_credit_non_negative', sql`${t.creditAppliedPence} >= 0`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'set null' }),
    itemName: text('item_name').notNull(),
    /** 'service' for what was cleaned; 'minimum' for the top-up to the £25 minimum order. */
    kind: text('kind', { enum: ['service', 'minimum'] })
      .notNull()
      .default('service'),
    quantity: integer('quantity').notNull(),
    unitPricePence: integer('unit_price_pence').notNull(),
    /** Staff's note on the line at the counter ("red wine on the cuff"); '' when none. */
    note: text('note').notNull().default(''),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * A ticket raised at a branch's counter (issue 32, decision 049): the order it is (channel
 * 'counter'), where and by whom it was raised, when it is promised ready, and how it is paid:
 * in cash now (what was tendered and the change given, pence) or at collection.
 */
export const counterTickets = pgTable(
  'counter_tickets',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references((): AnyPgColumn => branches.id),
    staffId: uuid('staff_id').references((): AnyPgColumn => staffUsers.id, {
      onDelete: 'set null',
    }),
    promisedReadyAt: timestamp('promised_ready_at', { withTimezone: true }).notNull(),
    /** How it was paid at drop-off: cash now (a deposit too), card on the reader, or later. */
    payment: text('payment', { enum: ['cash', 'at-collection', 'card'] }).notNull(),
    /** Standard, express or same day (issue 32); the surcharge is a line of the order. */
    speed: text('speed', { enum: ['standard', 'express', 'same-day'] })
      .notNull()
      .default('standard'),
    tenderedPence: integer('tendered_pence'),
    changePence: integer('change_pence'),
    createdAt: createdAt(),
    /** Where the garments hang once ready (a rack or conveyor position, e.g. "B12"). */
    rack: text('rack'),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /** When the last of its lines was handed over (decision 050). */
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    /**
     * The owner's decision on a ticket left 90 days after ready (decision 054): 'keep' (hold
     * it longer) or 'donate'; null until decided. Nothing is deleted either way.
     */
    uncollectedDecision: text('uncollected_decision', { enum: ['keep', 'donate'] }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references((): AnyPgColumn => staffUsers.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('counter_tickets_branch_idx').on(t.branchId),
    check(
      'counter_tickets_cash',
      sql`(${t.payment} = 'cash' and ${t.tenderedPence} >= 0 and ${t.changePence} >= 0) or (${t.payment} in ('at-collection', 'card') and ${t.tenderedPence} is null and ${t.changePence} is null)`,
    ),
  ],
);

/**
 * A hand-over at the counter (issue 32, decision 050): who handed over which lines of a ticket,
 * when, at which branch, and what was taken in cash then (or why not).
 */
export const counterHandovers = pgTable(
  'counter_handovers',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => counterTickets.orderId, { onDelete: 'cascade' }),
    /** The branch it was collected at (another branch's when the owner allows it). */
    branchId: integer('branch_id')
      .notNull()
      .references((): AnyPgColumn => branches.id),
    staffId: uuid('staff_id').references((): AnyPgColumn => staffUsers.id, {
      onDelete: 'set null',
    }),
    staffName: text('staff_name').notNull(),
    paidPence: integer('paid_pence').notNull().default(0),
    tenderedPence: integer('tendered_pence'),
    changePence: integer('change_pence'),
    /** Why money due was left unpaid at the hand-over; null when nothing was left. */
    unpaidReason: text('unpaid_reason'),
    at: createdAt(),
  },
  (t) => [
    index('counter_handovers_order_idx').on(t.orderId),
    check(
      'counter_handovers_cash',
      sql`${t.paidPence} >= 0 and (${t.tenderedPence} is null) = (${t.changePence} is null) and coalesce(${t.changePence}, 0) >= 0`,
    ),
  ],
);

/** Each line of a ticket is handed over once: its id is the key (decision 050). */
export const counterHandoverLines = pgTable('counter_handover_lines', {
  orderItemId: integer('order_item_id')
    .primaryKey()
    .references(() => orderItems.id, { onDelete: 'cascade' }),
  handoverId: integer('handover_id')
    .notNull()
    .references(() => counterHandovers.id, { onDelete: 'cascade' }),
});

/**
 * The reminders of a ticket left uncollected (decision 054): one row per stage (30, 60 and 80
 * days after ready, the last notice at 90), written in the transaction that queues its text
 * and e-mail; the key (ticket, stage) makes each once across retries and instances.
 */
export const counterUncollectedNotices = pgTable(
  'counter_uncollected_notices',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => counterTickets.orderId, { onDelete: 'cascade' }),
    stage: smallint('stage').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /** The text's outcome (queued, suppressed, none: no text channel) and whether e-mailed. */
    text: text('text').notNull(),
    emailed: boolean('emailed').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.stage] }),
    check('counter_uncollected_notices_stage', sql`${t.stage} in (30, 60, 80, 90)`),
  ],
);

/**
 * A branch's till for one London day (issue 32, decision 051): opened with a float, closed
 * with the cash counted and the difference against what was expected. One open day per branch
 * (the partial unique index decides between two screens) and one day per branch and date.
 */
export const tillDays = pgTable(
  'till_days',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references((): AnyPgColumn => branches.id),
    /** The London date it was opened on, YYYY-MM-DD. */
    day: date('day', { mode: 'string' }).notNull(),
    openedBy: uuid('opened_by').references((): AnyPgColumn => staffUsers.id, {
      onDelete: 'set null',
    }),
    openedByName: text('opened_by_name').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    floatPence: integer('float_pence').notNull(),
    closedBy: uuid('closed_by').references((): AnyPgColumn => staffUsers.id, {
      onDelete: 'set null',
    }),
    closedByName: text('closed_by_name'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    countedPence: integer('counted_pence'),
    /** Counted minus expected: negative when cash is missing. */
    differencePence: integer('difference_pence'),
    note: text('note').notNull().default(''),
  },
  (t) => [
    uniqueIndex('till_days_open_uq')
      .on(t.branchId)
      .where(sql`${t.closedAt} is null`),
    uniqueIndex('till_days_branch_day_uq').on(t.branchId, t.day),
    check('till_days_float', sql`${t.floatPence} >= 0`),
    check(
      'till_days_closed',
      sql`(${t.closedAt} is null) = (${t.countedPence} is null) and (${t.closedAt} is null) = (${t.differencePence} is null)`,
    ),
  ],
);

/**
 * Every money movement at a counter (decision 051): sales and refunds by method, cash paid in
 * and out with a reason. Pence are signed (money into the till positive).
 */
export const tillEntries = pgTable(
  'till_entries',
  {
    id: serial('id').primaryKey(),
    /**
     * The day it is counted in; null while it waits for its branch's next open day (a card
     * settled or refunded while no day was open: decision 058), then set once by `openTill`.
     */
    dayId: integer('day_id').references(() => tillDays.id),
    /** The branch whose till it belongs to (decision 058; rows before it: their day's). */
    branchId: integer('branch_id').references((): AnyPgColumn => branches.id),
    kind: text('kind', { enum: ['sale', 'refund', 'paid-in', 'paid-out'] }).notNull(),
    method: text('method', { enum: ['cash', 'card'] }).notNull(),
    pence: integer('pence').notNull(),
    staffId: uuid('staff_id').references((): AnyPgColumn => staffUsers.id, {
      onDelete: 'set null',
    }),
    staffName: text('staff_name').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    reason: text('reason'),
    at: createdAt(),
  },
  (t) => [
    index('till_entries_day_idx').on(t.dayId),
    index('till_entries_waiting_idx')
      .on(t.branchId)
      .where(sql`${t.dayId} is null`),
    check('till_entries_home', sql`${t.dayId} is not null or ${t.branchId} is not null`),
    check(
      'till_entries_sign',
      sql`(${t.kind} in ('sale', 'paid-in') and ${t.pence} > 0) or (${t.kind} in ('refund', 'paid-out') and ${t.pence} < 0)`,
    ),
    check(
      'till_entries_reason',
      sql`${t.kind} not in ('paid-in', 'paid-out') or coalesce(${t.reason}, '') <> ''`,
    ),
  ],
);

/**
 * A card payment on a counter's reader (Stripe Terminal, decision 053): the PaymentIntent sent
 * to the reader, for what amount of which ticket, by whom. 'waiting' until the provider says
 * succeeded (captured) or failed; only then is the order paid, once (the row is locked and
 * moved from 'waiting' once). One waiting payment per order at a time.
 */
export const counterCardPayments = pgTable(
  'counter_card_payments',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references((): AnyPgColumn => branches.id),
    readerId: text('reader_id').notNull(),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    paymentIntentId: text('payment_intent_id').notNull().unique(),
    amountPence: integer('amount_pence').notNull(),
    status: text('status', { enum: ['waiting', 'succeeded', 'failed', 'canceled'] }).notNull(),
    message: text('message'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    staffId: uuid('staff_id').references((): AnyPgColumn => staffUsers.id, {
      onDelete: 'set null',
    }),
    staffName: text('staff_name').notNull(),
    /** The till day open when the card was sent to the reader (decision 058). */
    dayId: integer('day_id').references(() => tillDays.id),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('counter_card_payments_waiting_uq')
      .on(t.orderId)
      .where(sql`${t.status} = 'waiting'`),
    check('counter_card_payments_amount', sql`${t.amountPence} > 0`),
  ],
);

/** Every status change of an order, for the customer's timeline and the shop's records. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    at: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId)],
);

/**
 * Each time an itemised order came to more than its cap: the amount put to the customer, the
 * link's expiry, and their answer (issue 15). A link answers once; an approval is audited.
 */
export const priceApprovals = pgTable(
  'price_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountPence: integer('amount_pence').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    answer: text('answer', { enum: ['approved', 'question', 'superseded'] }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** How it was answered: 'link' (the e-mailed link) or 'account'. */
    answeredVia: text('answered_via'),
  },
  (t) => [index('price_approvals_order_idx').on(t.orderId)],
);

/** The conversation on an order: a customer's question and the shop's answers (issue 15). */
export const orderMessages = pgTable(
  'order_messages',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['customer', 'staff'] }).notNull(),
    staffId: uuid('staff_id'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_messages_order_idx').on(t.orderId)],
);

// ─── Mail ───────────────────────────────────────────────────────────────────

/**
 * Every message the site sends. Without SMTP it is the development mailbox; with SMTP it is
 * the queue the sender drains, so an SMTP outage delays mail but loses none.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    textBody: text('text_body').notNull(),
    /** Free-form tag for tests and the mailbox page, e.g. 'order-confirmation'. */
    template: text('template').notNull(),
    /** Files sent with the message (an invoice PDF), base64, as they were when it was queued. */
    attachments:
      jsonb('attachments').$type<
        { filename: string; contentType: string; contentBase64: string }[]
      >(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * Set instead of sending a message that waited longer than MAIL_EXPIRES_AFTER_MS (mail kept
     * in the outbox before SMTP was configured: old reset links and sign-in codes): never sent.
     */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [index('outbox_pending_idx').on(t.sentAt, t.nextAttemptAt)],
);

// ─── Payments (payment after cleaning) ──────────────────────────────────────

/**
 * Every payment step of an order: a card saved for later (card_setup, £0.00), the PayPal
 * £0.35 verification, and the charge after cleaning. Rows change only after the provider
 * confirmed what the browser claimed.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'paypal', 'test'] }).notNull(),
    kind: text('kind', {
      enum: ['card_setup', 'paypal_verification', 'charge', 'refund'],
    }).notNull(),
    /** SetupIntent, PayPal order, PaymentIntent or refund id. */
    providerRef: text('provider_ref').notNull(),
    /** PayPal's capture of a PayPal order (what a refund is made against). */
    captureRef: text('capture_ref'),
    /** For a refund: the charge it gives money back from. */
    refundOf: uuid('refund_of'),
    status: text('status', {
      enum: ['started', 'requires_action', 'succeeded', 'failed'],
    }).notNull(),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull().default('GBP'),
    providerCustomerId: text('provider_customer_id'),
    paymentMethodId: text('payment_method_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /**
     * The provider's fingerprint of the card number (Stripe's `card.fingerprint`): the same
     * card saved by two accounts has the same one. The app's offer is once per card (064).
     */
    cardFingerprint: text('card_fingerprint'),
    /** The provider's message for a failure, shown to staff. */
    message: text('message'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_uq').on(t.provider, t.providerRef),
    index('payments_order_idx').on(t.orderId),
    index('payments_card_fingerprint_idx').on(t.cardFingerprint),
  ],
);

/** Webhook events already processed, so a replayed event changes nothing. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

// ─── Back office ────────────────────────────────────────────────────────────

export const staffUsers = pgTable(
  'staff_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** 'driver' sees only the driver's view and its stops (issue 16). */
    role: text('role', { enum: ['owner', 'staff', 'driver'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_users_email_uq').on(t.email)],
);

/** The branches a member of staff works in (issue 32); they work in one at a time (their session's). */
export const branchStaff = pgTable(
  'branch_staff',
  {
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.branchId, t.staffId] }),
    index('branch_staff_staff_idx').on(t.staffId),
  ],
);

export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The branch this session works in (issue 32); null: all the member's branches (the owner: all). */
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'set null' }),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** Who changed what and when, with the record before and after; the owner reads it. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    staffId: uuid('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: createdAt(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_at_idx').on(t.at),
  ],
);

// ─── Uploaded images ────────────────────────────────────────────────────────

/**
 * Images uploaded in the back office, kept in PostgreSQL so every instance behind the load
 * balancer serves them (they are few and small: 2 MB at most, checked by their bytes).
 */
export const uploads = pgTable('uploads', {
  /** Fingerprinted file name, served at /uploads/{name} with a year-long cache. */
  name: text('name').primaryKey(),
  mime: text('mime').notNull(),
  bytes: bytea('bytes').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: createdAt(),
});

// ─── Account credit ─────────────────────────────────────────────────────────

/**
 * A customer's account credit, as a ledger: a positive row adds credit (an overpayment kept
 * for them, goodwill), a negative row uses it. The balance is the sum.
 */
export const customerCredits = pgTable(
  'customer_credits',
  {
    id: serial('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    amountPence: integer('amount_pence').notNull(),
    /** Why, in words shown to the customer and to staff. */
    reason: text('reason').notNull(),
    staffId: uuid('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('customer_credits_customer_idx').on(t.customerId)],
);

// ─── VAT documents ──────────────────────────────────────────────────────────

/**
 * The last number issued in each series of VAT documents ('invoice', 'credit-note'). Taken
 * with `UPDATE … RETURNING` in the transaction that inserts the document: the row lock
 * queues concurrent issuers, and a transaction that rolls back gives its number back, so the
 * series has no gaps (HMRC: unique and sequential).
 */
export const documentNumbers = pgTable('document_numbers', {
  series: text('series', { enum: ['invoice', 'credit-note'] }).primaryKey(),
  last: integer('last').notNull().default(0),
});

/**
 * Every VAT invoice and credit note issued, exactly as issued (`snapshot`, the document the
 * PDF is drawn from): never recomputed from an order that may have changed since, and kept
 * when the customer's account is erased (the law asks for six years of VAT records).
 */
export const financialDocuments = pgTable(
  'financial_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['invoice', 'credit-note'] }).notNull(),
    /** The number in its series (INV-000012 is 12 in 'invoice'). */
    seq: integer('seq').notNull(),
    /** As printed: 'INV-000012', 'CN-000003'. */
    number: text('number').notNull().unique(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Date of issue, and the tax point of an invoice. */
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** VAT included; a credit note's amount is positive (what it gives back). */
    totalPence: integer('total_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    /** For a credit note: the invoice it credits. */
    creditsId: uuid('credits_id'),
    /** For a credit note of a refund: the refund's payment row. */
    paymentId: uuid('payment_id'),
    snapshot: jsonb('snapshot').notNull(),
  },
  (t) => [
    uniqueIndex('financial_documents_series_uq').on(t.kind, t.seq),
    index('financial_documents_order_idx').on(t.orderId),
  ],
);

// ─── Secrets the instances share ────────────────────────────────────────────

/**
 * Keys made once and shared by every instance through the database (the key that signs
 * e-mailed payment links, unless LINK_SIGNING_SECRET sets it).
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

// ─── TEST MODE payment provider ─────────────────────────────────────────────

/**
 * The embedded TEST MODE provider's own objects (its stand-ins for Stripe's SetupIntents and
 * PaymentIntents and PayPal's orders), kept here rather than in memory so that several
 * instances without keys (the compose demo) agree on them. Unused with real keys.
 */
export const testPaymentObjects = pgTable('test_payment_objects', {
  id: text('id').primaryKey(),
  kind: text('kind', {
    enum: ['setup', 'payment', 'charge', 'paypal', 'refund', 'reader'],
  }).notNull(),
  /** A payment asked for again with the same key is the same payment. */
  idempotencyKey: text('idempotency_key').unique(),
  data: jsonb('data').notNull(),
  createdAt: createdAt(),
});

// ─── Chain of custody (issue 16) ────────────────────────────────────────────

/**
 * Bytes of the embedded object store (the default without S3): photos' resized images, keyed
 * as the S3 store would key them, so moving to S3 is a copy of this table.
 */
export const storedObjects = pgTable('stored_objects', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: createdAt(),
});

/**
 * A photo taken for an order: at collection, at delivery (proof), of a garment at intake or
 * of damage found on it. The image itself is in the object store under `storageKey`,
 * resized and without its metadata (no GPS position).
 */
export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['collection', 'delivery', 'garment', 'damage'] }).notNull(),
    /** The garment of the order it shows (intake and damage photos). */
    orderGarmentId: integer('order_garment_id').references(() => orderGarments.id, {
      onDelete: 'cascade',
    }),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('photos_order_idx').on(t.orderId),
    index('photos_order_garment_idx').on(t.orderGarmentId),
  ],
);

/**
 * What a driver did at a stop: collected (bags, seal or tag numbers, a photo), nobody home,
 * or delivered (where it was left or with whom, a proof photo). One row per action; the
 * phone sends an idempotency key with each, so a retry on a weak signal adds nothing.
 */
export const stopEvents = pgTable(
  'stop_events',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    leg: text('leg', { enum: ['collection', 'delivery'] }).notNull(),
    outcome: text('outcome', { enum: ['collected', 'not-home', 'delivered'] }).notNull(),
    /**
     * The window the stop was for (the order's collection or delivery start then): an event
     * counts for the stop while the order keeps that window, so a stop rescheduled after "not
     * home" is to do again, and the e-mailed rescheduling link stops working once it moved.
     */
    windowStartsAt: timestamp('window_starts_at', { withTimezone: true }).notNull(),
    bags: integer('bags'),
    sealNumbers: text('seal_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    note: text('note').notNull().default(''),
    /** Delivered: "Handed to the concierge", "Left with neighbour at no. 9". */
    leftWith: text('left_with').notNull().default(''),
    photoId: uuid('photo_id').references(() => photos.id, { onDelete: 'set null' }),
    staffId: uuid('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    at: createdAt(),
  },
  (t) => [
    index('stop_events_order_idx').on(t.orderId),
    check('stop_events_bags_positive', sql`${t.bags} is null or ${t.bags} > 0`),
  ],
);

/**
 * A garment as the shop knows it across orders: the same coat coming back is linked to its
 * earlier visits, so its history (treatments, damage notes, photos) follows it.
 */
export const garments = pgTable(
  'garments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('garments_customer_idx').on(t.customerId)],
);

/**
 * One garment of one order, recorded at intake: its tag, the price-list item it is cleaned
 * as (the invoice lines are made from these), what it looks like, damage already present and
 * what was found in its pockets.
 */
export const orderGarments = pgTable(
  'order_garments',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    garmentId: uuid('garment_id')
      .notNull()
      .references(() => garments.id, { onDelete: 'cascade' }),
    tagNumber: text('tag_number').notNull(),
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'set null' }),
    itemName: text('item_name').notNull(),
    unitPricePence: integer('unit_price_pence').notNull(),
    colour: text('colour').notNull().default(''),
    brand: text('brand').notNull().default(''),
    /** The treatment it had this time ("Dry clean, pressed"), for its history. */
    treatment: text('treatment').notNull().default(''),
    damageNote: text('damage_note').notNull().default(''),
    pocketNote: text('pocket_note').notNull().default(''),
    staffId: uuid('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_garments_tag_uq').on(t.orderId, t.tagNumber),
    index('order_garments_tag_idx').on(t.tagNumber),
    index('order_garments_garment_idx').on(t.garmentId),
    check('order_garments_price_non_negative', sql`${t.unitPricePence} >= 0`),
  ],
);

/** Why a garment's tag was scanned or typed by staff (issue 34): each kind is a place. */
export const garmentScanKinds = ['tagged', 'looked-up', 'counter'] as const;
export type GarmentScanKind = (typeof garmentScanKinds)[number];

/**
 * Every scan of a garment's tag by staff (issue 34, decision 063): tagged at intake, looked up
 * (the tag search, the board's scan box), found at the counter. Written by the use-case that
 * acted on the scan, in its transaction when it has one; a claim's evidence lists them.
 */
export const garmentScans = pgTable(
  'garment_scans',
  {
    id: serial('id').primaryKey(),
    orderGarmentId: integer('order_garment_id')
      .notNull()
      .references(() => orderGarments.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    what: text('what', { enum: garmentScanKinds }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('garment_scans_garment_idx').on(t.orderGarmentId, t.at)],
);

/**
 * A customer's objection to the intake report ("an item is missing", "this note is wrong"),
 * open until staff answer it; shown on the board while open.
 */
export const orderCases = pgTable(
  'order_cases',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['missing-item', 'wrong-note'] }).notNull(),
    orderGarmentId: integer('order_garment_id').references(() => orderGarments.id, {
      onDelete: 'set null',
    }),
    body: text('body').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: uuid('answered_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  },
  (t) => [index('order_cases_order_idx').on(t.orderId)],
);

// ─── Text messages (issue 17) ────────────────────────────────────────────────

export { textChannels, textStatuses, type TextChannel, type TextStatus };

/**
 * Every text, both ways: the outbox of SMS and WhatsApp messages (read in the back office
 * beside the mails) and the record of replies. A row is written in the same transaction as
 * the change that caused it.
 */
export const textMessages = pgTable(
  'text_messages',
  {
    id: serial('id').primaryKey(),
    direction: text('direction', { enum: ['outbound', 'inbound'] }).notNull(),
    channel: text('channel', { enum: textChannels }).notNull(),
    /** Service messages about an order, or marketing (consent and an opt-out required). */
    purpose: text('purpose', { enum: ['service', 'marketing'] })
      .notNull()
      .default('service'),
    /** e.g. 'collection-reminder', 'help-reply', 'inbound'. */
    template: text('template').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The customer's number in E.164 (+447…): `to` when outbound, `from` when inbound. */
    phone: text('phone').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: textStatuses }).notNull(),
    statusReason: text('status_reason'),
    /** Not before this instant (quiet hours hold texts until 08:00 London time). */
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    /** The provider's message id (Twilio's SID). */
    providerSid: text('provider_sid'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Makes a message once-only: e.g. 'collection-reminder:<order id>'. */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('text_messages_dedupe_uq').on(t.dedupeKey),
    uniqueIndex('text_messages_provider_sid_uq').on(t.providerSid),
    index('text_messages_customer_idx').on(t.customerId, t.createdAt),
    index('text_messages_order_idx').on(t.orderId),
    index('text_messages_phone_idx').on(t.phone, t.createdAt),
  ],
);

/** Numbers that replied STOP: no texts of any purpose until they reply START. */
export const textOptOuts = pgTable('text_opt_outs', {
  phone: text('phone').primaryKey(),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
});

// ─── Returning customers (issue 18) ─────────────────────────────────────────

/**
 * How the customer likes their garments and visits handled (issue 18), one row per customer:
 * shown on the driver's stop and the intake panel. Null or '' means "no preference".
 */
export const carePreferences = pgTable('care_preferences', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  shirts: text('shirts', { enum: ['hanger', 'folded'] }),
  starch: text('starch', { enum: ['none', 'light', 'medium', 'heavy'] }),
  noPlasticCovers: boolean('no_plastic_covers').notNull().default(false),
  returnHangers: boolean('return_hangers').notNull().default(false),
  /** e.g. "Sensitive skin: non-bio, fragrance-free". */
  detergentNotes: text('detergent_notes').notNull().default(''),
  /** Access and handover at the door: "Leave with the concierge", "Ring twice". */
  handoverNotes: text('handover_notes').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const recurringFrequencies = ['weekly', 'fortnightly', 'four-weekly'] as const;
export type RecurringFrequency = (typeof recurringFrequencies)[number];

/**
 * A repeat collection (issue 18): every one, two or four weeks on a weekday and window. The
 * scheduled jobs book each occurrence ahead as an order (capacity taken like any booking),
 * after announcing it to the customer.
 */
export const recurringPlans = pgTable(
  'recurring_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The address book entry it collects from; its parts are copied to each order. */
    addressId: uuid('address_id').references(() => customerAddresses.id, {
      onDelete: 'set null',
    }),
    /** The address as the orders take it (the spec's address object), kept if the entry goes. */
    addressJson: jsonb('address_json').notNull(),
    frequency: text('frequency', { enum: recurringFrequencies }).notNull(),
    /** ISO weekday of the collection, 1 = Monday … 7 = Sunday. */
    weekday: smallint('weekday').notNull(),
    /** London start of the collection window, 'HH:MM'. */
    windowStart: text('window_start').notNull(),
    /** London start of the delivery window, 'HH:MM', on the first day after the turnaround. */
    deliveryStart: text('delivery_start').notNull(),
    /** The first collection date (London); later ones are this plus whole periods. */
    anchorDate: date('anchor_date', { mode: 'string' }).notNull(),
    notes: text('notes').notNull().default(''),
    status: text('status', { enum: ['active', 'paused', 'stopped'] })
      .notNull()
      .default('active'),
    /** While paused: occurrences before this London date are not booked (null: until resumed). */
    pausedUntil: date('paused_until', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recurring_plans_customer_idx').on(t.customerId),
    check('recurring_plans_weekday', sql`${t.weekday} between 1 and 7`),
  ],
);

/**
 * One collection of a plan: announced first, then booked as an order (or skipped, or not
 * bookable when the window is full). Unique per plan and date, so two instances running the
 * schedule create it once.
 */
export const recurringOccurrences = pgTable(
  'recurring_occurrences',
  {
    id: serial('id').primaryKey(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => recurringPlans.id, { onDelete: 'cascade' }),
    /** London date of the collection. */
    collectionDate: date('collection_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['announced', 'booked', 'skipped', 'failed'] })
      .notNull()
      .default('announced'),
    /** Why it failed (e.g. the window was full), in words for the customer and staff. */
    reason: text('reason'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    announcedAt: timestamp('announced_at', { withTimezone: true }).notNull().defaultNow(),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('recurring_occurrences_plan_date_uq').on(t.planId, t.collectionDate),
    index('recurring_occurrences_order_idx').on(t.orderId),
  ],
);

/**
 * Promo codes (issue 18): a percentage or a fixed amount off, with rules. The discount is
 * worked out when the order is invoiced. `used` counts redemptions and is raised with a
 * conditional update, so the total limit is kept by the database.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    /** Upper case, as customers type it (compared case-insensitively). */
    code: text('code').notNull().unique(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    /** 1–100 when kind is 'percent'. */
    percentOff: smallint('percent_off'),
    /** Pence off when kind is 'fixed'. */
    amountOffPence: integer('amount_off_pence'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    minSpendPence: integer('min_spend_pence').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Uses per customer (null: no limit). */
    perCustomerLimit: integer('per_customer_limit'),
    /** Uses in total (null: no limit). */
    totalLimit: integer('total_limit'),
    used: integer('used').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'promo_codes_amount',
      sql`(${t.kind} = 'percent' and ${t.percentOff} between 1 and 100) or (${t.kind} = 'fixed' and ${t.amountOffPence} > 0)`,
    ),
    check('promo_codes_used', sql`${t.totalLimit} is null or ${t.used} <= ${t.totalLimit}`),
  ],
);

/**
 * A customer's friend's first order that named their referral code (issue 18): the referrer is
 * credited once, when that order is paid (`creditedAt` is set by a conditional update).
 */
export const referrals = pgTable('referrals', {
  id: serial('id').primaryKey(),
  referrerId: uuid('referrer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  orderId: uuid('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  creditedAt: timestamp('credited_at', { withTimezone: true }),
  creditId: integer('credit_id').references(() => customerCredits.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * A customer's rating and words about a delivered order (issue 18), one per order. Staff may
 * reply; nobody edits or removes the customer's words (an erased customer's review keeps its
 * rating and loses the name).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    body: text('body').notNull().default(''),
    /** As shown on the site: "Sarah K." */
    displayName: text('display_name').notNull(),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: uuid('replied_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating', sql`${t.rating} between 1 and 5`),
    index('reviews_created_idx').on(t.createdAt),
  ],
);

// ─── Web Push (issue 33) ─────────────────────────────────────────────────────

export { pushStatuses, staffPushEvents, type PushStatus, type StaffPushEvent };

/**
 * A browser's push subscription (issue 33, decision 060): one per device and browser (the
 * push service's endpoint is unique), a customer's or a member of staff's. Posting an endpoint
 * again refreshes its keys and passes it to whoever is signed in on that device now. Removed
 * by its owner, or when the push service answers that it is gone (404, 410).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id').references(() => staffUsers.id, { onDelete: 'cascade' }),
    /** The push service's URL for this browser: a secret capability, never shown. */
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret, base64url, as PushManager gives them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** What the owner recognises the device by: "Chrome on Android". */
    label: text('label').notNull(),
    /** A member of staff's choice of events (staffPushEvents); empty for customers. */
    staffEvents: text('staff_events')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint),
    index('push_subscriptions_customer_idx').on(t.customerId),
    index('push_subscriptions_staff_idx').on(t.staffId),
    check('push_subscriptions_one_owner', sql`(${t.customerId} is null) <> (${t.staffId} is null)`),
  ],
);

/**
 * A notification to one person's devices (issue 33): written in the transaction of the event
 * beside its text and e-mail, sent by its 'deliver-push' job to every subscription the person
 * has when it goes. Quiet hours and the daily cap are the texts' (a customer's row counts
 * towards their push cap only); `delivered_to` keeps the subscriptions already reached, so a
 * retry after one device failed does not notify the others twice.
 */
export const pushMessages = pgTable(
  'push_messages',
  {
    id: serial('id').primaryKey(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    staffId: uuid('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** e.g. 'booking-confirmed', 'new-order'. */
    template: text('template').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Where a click on the notification goes: the order's tracking page, a staff page. */
    url: text('url').notNull(),
    /** Notifications with one tag replace each other on a device (one per order). */
    tag: text('tag').notNull(),
    status: text('status', { enum: pushStatuses }).notNull(),
    statusReason: text('status_reason'),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    deliveredTo: uuid('delivered_to')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_messages_dedupe_uq').on(t.dedupeKey),
    index('push_messages_customer_idx').on(t.customerId, t.sendAfter),
  ],
);

// ─── Fair claims (issue 34, decision 063) ───────────────────────────────────

/**
 * The owner's claims table, versioned: each edit is a new row, never an update, and every
 * offer names the version it used. No row reads as the default table (shared/claims/table.ts).
 */
export const claimTables = pgTable('claim_tables', {
  version: serial('version').primaryKey(),
  /** shared/claims/table.ts's `ClaimTable`: categories, age bands and the owner's settings. */
  body: jsonb('body').$type<ClaimTable>().notNull(),
  staffId: uuid('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * A customer's claim on an order (or a counter ticket): one or more garments, each missing,
 * not theirs, damaged or to re-clean. `status` moves open → offered (or awaiting the owner's
 * sign-off) → paid, or declined / disputed; a claim of re-cleans only is closed once they are
 * opened. `answer_due_at` is the promise shown to the customer.
 */
export const claims = pgTable(
  'claims',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    status: text('status', { enum: claimStatuses }).notNull(),
    note: text('note').notNull().default(''),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull(),
    answerDueAt: timestamp('answer_due_at', { withTimezone: true }).notNull(),
    /** Why the shop declined it (not ours, or after a dispute). */
    declinedReason: text('declined_reason'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('claims_order_idx').on(t.orderId),
    index('claims_customer_idx').on(t.customerId),
    index('claims_status_idx').on(t.status, t.madeAt),
  ],
);

/** One garment of a claim: what happened to it, what the customer says of it, staff's finding. */
export const claimItems = pgTable(
  'claim_items',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    orderGarmentId: integer('order_garment_id')
      .notNull()
      .references(() => orderGarments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: claimItemKinds }).notNull(),
    damageKind: text('damage_kind', { enum: damageKinds }),
    category: text('category', { enum: garmentCategories }).notNull(),
    ageMonths: integer('age_months').notNull(),
    /** A comparable new item's cost, as the customer says (null: not said). */
    statedCostPence: integer('stated_cost_pence'),
    receiptPhotoId: uuid('receipt_photo_id').references(() => photos.id, { onDelete: 'set null' }),
    /** The condition the offer uses: at intake, or as staff corrected it (with the reason). */
    condition: text('condition', { enum: garmentConditions }).notNull(),
    conditionReason: text('condition_reason'),
    cleaningChargePence: integer('cleaning_charge_pence').notNull(),
    note: text('note').notNull().default(''),
    fault: text('fault', { enum: claimFaults }),
    faultBy: uuid('fault_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    faultAt: timestamp('fault_at', { withTimezone: true }),
    /** A re-clean's order on the board (a counter-style order for the garment, free). */
    recleanOrderId: uuid('reclean_order_id').references(() => orders.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('claim_items_garment_uq').on(t.claimId, t.orderGarmentId),
    index('claim_items_order_garment_idx').on(t.orderGarmentId),
    check('claim_items_age', sql`${t.ageMonths} between 0 and 1200`),
    check(
      'claim_items_cost',
      sql`${t.statedCostPence} is null or ${t.statedCostPence} between 0 and 1000000`,
    ),
  ],
);

/** The customer's photos of a claimed garment (the damage, or the receipt). */
export const claimPhotos = pgTable(
  'claim_photos',
  {
    claimItemId: integer('claim_item_id')
      .notNull()
      .references(() => claimItems.id, { onDelete: 'cascade' }),
    photoId: uuid('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.claimItemId, t.photoId] })],
);

/**
 * An offer on a claim, as made: its total and the numbers behind each garment's part
 * (shared/claims/offer.ts `Offer`, with the table version), so a later table reads the same.
 * A raise after a dispute is a new row; the newest is the one standing. `signed_off_at` is
 * set when the owner signs off an offer above the threshold (null below it: made at once).
 */
export const claimOffers = pgTable(
  'claim_offers',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    tableVersion: integer('table_version').notNull(),
    totalPence: integer('total_pence').notNull(),
    lines: jsonb('lines').$type<ClaimOfferLine[]>().notNull(),
    /** The credit bonus of the table it was made from: what accepting it as credit adds. */
    creditBonusPercent: integer('credit_bonus_percent').notNull(),
    needsSignOff: boolean('needs_sign_off').notNull(),
    signedOffBy: uuid('signed_off_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    signedOffAt: timestamp('signed_off_at', { withTimezone: true }),
    /** Why the owner raised it (a raise only). */
    reason: text('reason'),
    staffId: uuid('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('claim_offers_claim_idx').on(t.claimId),
    check('claim_offers_total', sql`${t.totalPence} >= 0`),
  ],
);

/**
 * The payment of a claim: one per claim (the primary key), so a claim is paid once even when
 * accepted twice at the same moment: the second insert finds the row and pays nothing.
 */
export const claimPayments = pgTable(
  'claim_payments',
  {
    claimId: integer('claim_id')
      .primaryKey()
      .references(() => claims.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => claimOffers.id),
    method: text('method', { enum: ['refund', 'credit'] }).notNull(),
    /** The offer accepted, and what was paid (the credit with its bonus). */
    offerPence: integer('offer_pence').notNull(),
    paidPence: integer('paid_pence').notNull(),
    /**
     * A refund's plan, fixed under the order's lock when accepted: which charge gives back
     * how much. Carried out (and retried, by the repair job) with one idempotency key per part.
     */
    refundPlan: jsonb('refund_plan').$type<ClaimRefundPart[]>(),
    /** Of `paid_pence`: what went back to the card or PayPal, and what went on as credit. */
    refundedPence: integer('refunded_pence').notNull().default(0),
    creditPence: integer('credit_pence').notNull().default(0),
    /**
     * paying; paid; needs-attention: still unanswered when the provider may have forgotten its
     * keys (~20 h), left to staff (decision 063).
     */
    status: text('status', { enum: ['paying', 'paid', 'needs-attention'] }).notNull(),
    /**
     * This payment attempt's own id, in each refund part's idempotency key (a later accept of
     * a raised offer is another attempt, another key). Null on rows made before it (their key:
     * `claim:<claim>:<charge>`).
     */
    attempt: uuid('attempt'),
    creditNoteId: uuid('credit_note_id').references(() => financialDocuments.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [check('claim_payments_paid', sql`${t.paidPence} >= 0`)],
);

/** The customer's dispute of an offer, and the owner's answer (raised, or declined). */
export const claimDisputes = pgTable(
  'claim_disputes',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** What was disputed: an offer, or the decline (null on rows before it). */
    disputed: text('disputed', { enum: ['offered', 'declined'] }),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull(),
    answer: text('answer', { enum: ['raised', 'declined'] }),
    answerReason: text('answer_reason'),
    answeredBy: uuid('answered_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    // One open dispute per claim.
    uniqueIndex('claim_disputes_open_uq')
      .on(t.claimId)
      .where(sql`${t.answer} is null`),
  ],
);
