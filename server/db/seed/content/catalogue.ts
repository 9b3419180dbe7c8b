import type { DayHours } from '@shared/branch-hours';
import { minimumOrder } from '@shared/price-rules';
import { BRANCH_DISTRICTS } from './branch-areas';

/**
 * The demo catalogue: prices a Maida Vale dry cleaner charged in 2026 (GBP including VAT;
 * 0 = call for price), landing pages, branches, FAQs and blog posts. A shop running this
 * software replaces it in the back office; the seed runs only on an empty database.
 */

export type SeedService = { name: string; pence: number; description?: string };
export type SeedCategory = {
  name: string;
  code: string;
  image: string;
  description: string;
  services: SeedService[];
  /** Working days its items take at the counter when longer than a branch's turnaround. */
  turnaroundDays?: number;
};

export const CATEGORIES: SeedCategory[] = [
  {
    name: 'Dry Cleaning',
    code: 'dry-cleaning|dc',
    image: '/images/categories/dry-cleaning.svg',
    description:
      '<p>Everyday garments cleaned with gentle solvents, hand-finished and returned on hangers. Stains are treated before cleaning; tell us about any you know of.</p>',
    services: [
      { name: 'Trousers', pence: 850 },
      { name: 'Jeans', pence: 850 },
      { name: 'Skirt (plain)', pence: 850 },
      { name: 'Skirt (pleated)', pence: 1250 },
      { name: 'Blouse', pence: 750 },
      { name: 'Jumper / knitwear', pence: 850 },
      { name: 'Cardigan', pence: 850 },
      { name: 'Waistcoat', pence: 650 },
      { name: 'Tie', pence: 550 },
      { name: 'Scarf', pence: 650 },
      { name: 'Silk top', pence: 950 },
      { name: 'Shorts', pence: 750 },
    ],
  },
  {
    name: 'Shirts',
    code: 'shirts',
    image: '/images/categories/shirts.svg',
    description:
      '<p>Washed, pressed and returned on hangers or folded. Collars and cuffs are pre-treated. Buttons replaced free of charge.</p>',
    services: [
      { name: 'Shirt on hanger', pence: 350 },
      { name: 'Shirt folded', pence: 395 },
      { name: 'Shirt hand-finished', pence: 550 },
      { name: 'Dress shirt (wing collar)', pence: 750 },
      { name: 'Polo shirt', pence: 450 },
      { name: 'Five shirts on hangers (bundle)', pence: 1595 },
    ],
  },
  {
    name: 'Suits & Formal Wear',
    code: 'suits|formal-wear',
    image: '/images/categories/suits.svg',
    description:
      '<p>Suits are cleaned as a set so the colours stay matched, then steam-pressed by hand with sharp creases and soft lapel rolls.</p>',
    services: [
      { name: 'Two-piece suit', pence: 1850 },
      { name: 'Three-piece suit', pence: 2350 },
      { name: 'Suit jacket / blazer', pence: 1150 },
      { name: 'Dinner suit (tuxedo)', pence: 2450 },
      { name: 'Morning suit', pence: 2950 },
      {
        name: 'Kilt',
        pence: 0,
        description: 'Kilts vary greatly in weight and pleating. Please call us for a price.',
      },
    ],
  },
  {
    name: 'Dresses & Eveningwear',
    code: 'dresses|eveningwear',
    image: '/images/categories/dresses.svg',
    description:
      '<p>From day dresses to beaded gowns. Delicate trims are protected and every dress is finished by hand.</p>',
    services: [
      { name: 'Day dress', pence: 1450 },
      { name: 'Cocktail dress', pence: 1950 },
      { name: 'Evening gown', pence: 2950 },
      { name: 'Jumpsuit', pence: 1650 },
      {
        name: 'Beaded or sequinned dress',
        pence: 0,
        description: 'Beading and sequins need inspection first. Call us and we will quote.',
      },
      { name: 'Sari', pence: 2450 },
    ],
  },
  {
    name: 'Coats & Outerwear',
    code: 'coats|outerwear',
    image: '/images/categories/coats.svg',
    description:
      '<p>Wool, cashmere, down and waxed cotton. We reproof raincoats on request and check linings and buttons as we go.</p>',
    services: [
      { name: 'Overcoat (wool)', pence: 2250 },
      { name: 'Cashmere coat', pence: 2650 },
      { name: 'Raincoat / trench coat', pence: 2150 },
      { name: 'Down jacket', pence: 2450 },
      { name: 'Parka', pence: 2650 },
      { name: 'Gilet', pence: 1450 },
    ],
  },
  {
    name: 'Laundry (Wash & Iron)',
    code: 'laundry|wash-and-iron',
    image: '/images/categories/laundry.svg',
    description:
      '<p>Service washes by weight and by item. Washed at the right temperature, tumble-dried or air-dried, then ironed and folded.</p>',
    services: [
      { name: 'Wash & fold (per 6 kg bag)', pence: 1895 },
      { name: 'Wash, dry & iron (per 6 kg bag)', pence: 2995 },
      { name: 'Ironing only (per item)', pence: 250 },
      { name: 'Bath towel', pence: 350 },
      { name: 'Bathrobe', pence: 750 },
      { name: "Children's school uniform set", pence: 995 },
    ],
  },
  {
    name: 'Household & Bedding',
    code: 'household|bedding',
    image: '/images/categories/bedding.svg',
    description:
      '<p>Duvets, pillows and linen washed at high temperature for allergy sufferers. Feather and down are dried slowly so they loft again.</p>',
    services: [
      { name: 'Duvet (single)', pence: 2250 },
      { name: 'Duvet (double / king)', pence: 2750 },
      { name: 'Feather duvet (king)', pence: 3450 },
      { name: 'Pillow', pence: 1250 },
      { name: 'Bed linen set (double)', pence: 1650 },
      { name: 'Tablecloth (large)', pence: 1450 },
      {
        name: 'Rug (per square metre)',
        pence: 0,
        description: 'Rugs are quoted after inspection. Please call us.',
      },
    ],
  },
  {
    name: 'Curtains',
    code: 'curtains',
    turnaroundDays: 5,
    image: '/images/categories/curtains.svg',
    description:
      '<p>Curtains cleaned and pressed to their original drop. We can take them down and rehang them: ask when you book.</p>',
    services: [
      { name: 'Curtains, unlined (per square metre)', pence: 900 },
      { name: 'Curtains, lined (per square metre)', pence: 1200 },
      { name: 'Curtains, interlined (per square metre)', pence: 1500 },
      {
        name: 'Curtain take-down and rehang',
        pence: 0,
        description: 'Priced by window and height. Please call us for a quote.',
      },
    ],
  },
  {
    name: 'Alterations & Repairs',
    code: 'alterations|repairs',
    image: '/images/categories/alterations.svg',
    description:
      '<p>Our tailor in Maida Vale shortens, takes in and mends. Pin the garment or tell us the measurements in your order notes.</p>',
    services: [
      { name: 'Trouser hem', pence: 1200 },
      { name: 'Trouser waist in or out', pence: 1800 },
      { name: 'Jacket sleeves shortened', pence: 2800 },
      { name: 'Zip replacement (trousers / skirt)', pence: 1800 },
      { name: 'Zip replacement (coat)', pence: 3200 },
      {
        name: 'Dress taken in',
        pence: 0,
        description:
          'Depends on the dress and its lining. Call us or bring it to a branch for a fitting.',
      },
    ],
  },
  {
    name: 'Leather, Suede & Wedding',
    code: 'leather-suede|wedding',
    turnaroundDays: 10,
    image: '/images/categories/specialist.svg',
    description:
      '<p>Specialist cleaning by our partner workshop: leather and suede re-coloured and re-oiled, wedding dresses cleaned and boxed in acid-free tissue.</p>',
    services: [
      { name: 'Leather jacket', pence: 4950 },
      { name: 'Suede jacket', pence: 5450 },
      { name: 'Leather trousers', pence: 3950 },
      {
        name: 'Wedding dress cleaning',
        pence: 0,
        description: 'Every wedding dress is inspected and quoted first. Call us to arrange.',
      },
      { name: 'Wedding dress boxing', pence: 6500 },
      {
        name: 'Handbag clean',
        pence: 0,
        description: 'Call us with the make and material for a quote.',
      },
    ],
  },
];

export type SeedServicePage = {
  code: string;
  name: string;
  pageTitle: string;
  pageMeta: string;
  details: string;
};

export const SERVICE_PAGES: SeedServicePage[] = [
  {
    code: 'dry-cleaning',
    name: 'Dry Cleaning',
    pageTitle: 'Dry Cleaning in London with Free Collection & Delivery',
    pageMeta:
      'Professional dry cleaning across London. Free collection and delivery at a time that suits you, hand-finished garments, prices including VAT.',
    details:
      '<h2>Dry cleaning, collected from your door</h2><p>Book a one-hour collection window, hand your bag to our driver and have your clothes back, cleaned and pressed, 24 to 48 hours later.</p><ul><li>Stains pre-treated by hand</li><li>Buttons and small repairs checked</li><li>Returned on hangers in recyclable covers</li></ul>',
  },
  {
    code: 'laundry-service',
    name: 'Laundry Service',
    pageTitle: 'Laundry Service London: Wash, Dry & Iron Collected',
    pageMeta:
      'Wash and fold or wash and iron laundry service in London, collected and delivered free. Priced per bag, ready in 24 to 48 hours.',
    details:
      '<h2>Your weekly wash, done</h2><p>Fill a bag, we collect it, wash it at the right temperature, dry it and fold or iron it. One price per 6 kg bag.</p><ul><li>Separate washes per customer, never mixed</li><li>Hypoallergenic detergent on request</li></ul>',
  },
  {
    code: 'shirt-service',
    name: 'Shirt Service',
    pageTitle: 'Shirt Laundry & Pressing in London from £3.50',
    pageMeta:
      'Shirts washed and pressed from £3.50, on hangers or folded, with free collection and delivery across London.',
    details:
      '<h2>Crisp shirts every week</h2><p>Shirts are washed, collars and cuffs pre-treated, then machine- or hand-pressed. Order five on hangers for £15.95.</p>',
  },
  {
    code: 'curtain-cleaning',
    name: 'Curtain Cleaning',
    pageTitle: 'Curtain Cleaning London: Take-down, Clean & Rehang',
    pageMeta:
      'Curtain cleaning in London priced per square metre, with optional take-down and rehang service and free collection.',
    details:
      '<h2>Curtains cleaned to their original drop</h2><p>We measure before and after cleaning so the drop stays true. Our team can take them down and rehang them for you.</p>',
  },
  {
    code: 'wedding-dress-cleaning',
    name: 'Wedding Dress Cleaning',
    pageTitle: 'Wedding Dress Cleaning & Preservation in London',
    pageMeta:
      'Specialist wedding dress cleaning and boxing in acid-free tissue. Inspected and quoted first; free collection in London.',
    details:
      '<h2>Keep your dress as it was on the day</h2><p>Each dress is inspected, quoted and cleaned by our specialist partner, then boxed in acid-free tissue to keep it from yellowing.</p>',
  },
  {
    code: 'alterations-and-repairs',
    name: 'Alterations & Repairs',
    pageTitle: 'Clothing Alterations & Repairs in London',
    pageMeta:
      'Hems, waists, sleeves and zips by our Maida Vale tailor, with free collection and delivery across London.',
    details:
      '<h2>A tailor without the trip</h2><p>Pin the garment or write the measurements in your order notes. Our tailor shortens, takes in and mends, then we deliver it back pressed.</p>',
  },
  {
    code: 'duvet-cleaning',
    name: 'Duvet & Bedding Cleaning',
    pageTitle: 'Duvet Cleaning London from £22.50',
    pageMeta:
      'Duvets, pillows and bedding washed at high temperature, dried slowly and returned fresh. Free collection and delivery.',
    details:
      '<h2>Fresh bedding without the launderette</h2><p>Duvets are too big for home machines. We wash them at 60°C, dry feather and down slowly so they loft again, and return them bagged.</p>',
  },
];

export type SeedBranch = {
  slug: string;
  name: string;
  line1: string;
  postcode: string;
  phone: string;
  latitude: number;
  longitude: number;
  /** London wall-clock hours per ISO weekday; a day left out is closed (issue 32). */
  hours: DayHours[];
  /** The postcode districts whose collection orders it processes. */
  districts: string[];
  counter?: boolean;
};

const days = (from: number, to: number, opensAt: string, closesAt: string): DayHours[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ weekday: from + i, opensAt, closesAt }));

const shopHours = [
  ...days(1, 5, '07:30', '19:30'),
  ...days(6, 6, '08:30', '18:00'),
  ...days(7, 7, '10:00', '16:00'),
];

export const BRANCHES: SeedBranch[] = [
  {
    slug: 'maida-vale',
    counter: true,
    districts: BRANCH_DISTRICTS['maida-vale'],
    name: 'Maida Vale',
    line1: '48 Castellain Road',
    postcode: 'W9 1EX',
    phone: '(020) 7328 5621',
    latitude: 51.5265,
    longitude: -0.1888,
    hours: shopHours,
  },
  {
    slug: 'st-johns-wood',
    districts: BRANCH_DISTRICTS['st-johns-wood'],
    name: "St John's Wood",
    line1: "112 St John's Wood High Street",
    postcode: 'NW8 7SG',
    phone: '(020) 7328 5622',
    latitude: 51.5334,
    longitude: -0.1707,
    hours: shopHours,
  },
  {
    slug: 'notting-hill',
    districts: BRANCH_DISTRICTS['notting-hill'],
    name: 'Notting Hill',
    line1: '23 Westbourne Park Road',
    postcode: 'W11 1EG',
    phone: '(020) 7328 5623',
    latitude: 51.5176,
    longitude: -0.201,
    hours: shopHours,
  },
  {
    slug: 'west-hampstead',
    districts: BRANCH_DISTRICTS['west-hampstead'],
    name: 'West Hampstead',
    line1: '207 West End Lane',
    postcode: 'NW6 1XJ',
    phone: '(020) 7328 5624',
    latitude: 51.5478,
    longitude: -0.1915,
    hours: shopHours,
  },
  {
    slug: 'marylebone',
    name: 'Marylebone',
    line1: '9 Crawford Street',
    postcode: 'W1H 1BS',
    phone: '(020) 7328 5625',
    latitude: 51.5196,
    longitude: -0.1597,
    hours: [...days(1, 5, '07:00', '19:00'), ...days(6, 6, '09:00', '17:00')],
    districts: BRANCH_DISTRICTS.marylebone,
  },
];

export const FAQS: { question: string; answer: string }[] = [
  {
    question: 'How does free collection and delivery work?',
    answer: `Enter your postcode on our home page, choose a one-hour collection window and a delivery window, and check out. Our driver collects your bag at the time you chose and brings everything back cleaned. Collection and delivery are free on orders of ${minimumOrder} or more.`,
  },
  {
    question: 'How long does cleaning take?',
    answer:
      'Cleaning takes 24 to 48 hours, so the first delivery window we offer is at least a day after your collection. Same-day service is available in some areas: call us on (020) 7328 5621.',
  },
  {
    question: 'When do I pay?',
    answer:
      'After cleaning. At booking you save a card (nothing is charged) or make a 35p PayPal verification. Once your items are cleaned and priced, we e-mail the invoice with a payment link before delivery.',
  },
  {
    question: 'Can I cancel or change my order?',
    answer:
      'Yes, up to 2 hours before your collection window starts, from your account or by phone. After that our driver may already be on the way, so please call us.',
  },
  {
    question: 'Which areas do you cover?',
    answer:
      'Most of central, west and north London, from Canary Wharf to Chiswick. See the Areas page, or type your postcode on the home page to check.',
  },
];

export type SeedBlogPost = {
  slug: string;
  category: string;
  title: string;
  author: string;
  publishedAt: string;
  image: string;
  body: string;
};

export const BLOG_POSTS: SeedBlogPost[] = [
  {
    slug: 'how-to-store-winter-coats',
    category: 'Garment care',
    title: 'How to store your winter coats for the summer',
    author: 'Sofia Marinou',
    publishedAt: '2026-04-14T09:00:00Z',
    image: '/images/blog/coats.svg',
    body: '<p>Moths love wool that has been worn. Before you put a coat away, have it cleaned: body oils and food traces are what attract them.</p><h2>Breathable covers, not plastic</h2><p>Plastic traps moisture. Use a cotton cover and a cedar block, and keep coats in a cool, dark wardrobe.</p>',
  },
  {
    slug: 'red-wine-stains',
    category: 'Stain removal',
    title: 'Red wine on a silk blouse? What to do (and not do) tonight',
    author: 'Daniel Okafor',
    publishedAt: '2026-06-02T09:00:00Z',
    image: '/images/blog/stain.svg',
    body: '<p>Blot, do not rub. Rubbing pushes the wine deeper into the fibres and can break silk threads.</p><p>Skip the salt and the white wine: both can set the stain. Bring it to us within a few days and tell us what the stain is.</p>',
  },
  {
    slug: 'suit-care-between-cleans',
    category: 'Garment care',
    title: 'Five ways to make a suit last longer between cleans',
    author: 'Sofia Marinou',
    publishedAt: '2026-07-21T09:00:00Z',
    image: '/images/blog/suit.svg',
    body: '<ol><li>Hang it on a shaped wooden hanger.</li><li>Let it rest a day between wears.</li><li>Brush it after wearing.</li><li>Steam out creases rather than ironing.</li><li>Clean jacket and trousers together.</li></ol>',
  },
  {
    slug: 'duvet-washing-guide',
    category: 'Home',
    title: 'How often should you wash your duvet?',
    author: 'Priya Shah',
    publishedAt: '2026-08-30T09:00:00Z',
    image: '/images/blog/duvet.svg',
    body: '<p>Twice a year for most homes, every three months if anyone has a dust allergy. Pillows need it more often than duvets.</p>',
  },
  {
    slug: 'our-greener-cleaning',
    category: 'News',
    title: 'Greener cleaning: what changed in our workshop this year',
    author: 'Nikos Marinou',
    publishedAt: '2026-09-18T09:00:00Z',
    image: '/images/blog/green.svg',
    body: '<p>We replaced our last perchloroethylene machine with a modern hydrocarbon system, switched to recycled hanger covers and moved two delivery vans to electric.</p>',
  },
  {
    slug: 'wedding-dress-after-the-day',
    category: 'Weddings',
    title: 'Your wedding dress after the big day',
    author: 'Priya Shah',
    publishedAt: '2026-10-27T09:00:00Z',
    image: '/images/blog/wedding.svg',
    body: '<p>Invisible sugar stains from champagne turn brown over the years. Have the dress cleaned within a few weeks and stored in acid-free tissue.</p>',
  },
];
