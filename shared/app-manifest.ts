import type { Brand } from './brand';

/**
 * The installable app's web app manifest (issue 33), made from the brand file: another dry
 * cleaner's BRAND_FILE gets its own name, colours and icons. Served at /manifest.webmanifest
 * (server/http/app-manifest.ts). The app opens on /app/start, which sends a signed-in
 * customer to their orders and anyone else to booking.
 */

/** The square PNG icons installers ask for (Android, desktop Chromium, Windows tiles). */
export const APP_ICON_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512] as const;
/** Maskable icons (Android's adaptive shapes): the logo inside the 80 % safe zone. */
export const MASKABLE_ICON_SIZES = [192, 512] as const;
/** iPhone and iPad read /apple-touch-icon.png (no transparency, 180 × 180). */
export const APPLE_TOUCH_ICON_SIZE = 180;

/** Where the installed app opens: decides by the visitor (app/routes/app-start.ts). */
export const APP_START_URL = '/app/start';

export type IconPurpose = 'any' | 'maskable';

/** The path of one icon: /icons/icon-192.png, /icons/maskable-512.png. */
export function appIconPath(size: number, purpose: IconPurpose): string {
  return `/icons/${purpose === 'maskable' ? 'maskable' : 'icon'}-${size}.png`;
}

/** What /icons/<file> names, or null for a file we do not make. */
export function parseAppIconFile(file: string): { size: number; purpose: IconPurpose } | null {
  const match = /^(icon|maskable)-(\d+)\.png$/.exec(file);
  if (!match) return null;
  const purpose: IconPurpose = match[1] === 'maskable' ? 'maskable' : 'any';
  const size = Number(match[2]);
  const sizes: readonly number[] = purpose === 'maskable' ? MASKABLE_ICON_SIZES : APP_ICON_SIZES;
  return sizes.includes(size) ? { size, purpose } : null;
}

export type WebAppManifest = {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  display_override: string[];
  orientation: 'portrait';
  background_color: string;
  theme_color: string;
  categories: string[];
  icons: { src: string; sizes: string; type: 'image/png'; purpose: IconPurpose }[];
  shortcuts: {
    name: string;
    short_name: string;
    url: string;
    icons: { src: string; sizes: string; type: 'image/png' }[];
  }[];
};

/** The manifest for a brand. Pure: the same brand gives the same bytes (an ETag holds). */
export function webAppManifest(brand: Brand): WebAppManifest {
  const icon = (size: number, purpose: IconPurpose) => ({
    src: appIconPath(size, purpose),
    sizes: `${size}x${size}`,
    type: 'image/png' as const,
    purpose,
  });
  const shortcutIcon = [
    { src: appIconPath(96, 'any'), sizes: '96x96', type: 'image/png' as const },
  ];
  return {
    id: '/',
    name: brand.name,
    short_name: brand.shortName,
    description: brand.tagline,
    lang: 'en-GB',
    dir: 'ltr',
    start_url: APP_START_URL,
    scope: '/',
    display: 'standalone',
    display_override: ['standalone', 'minimal-ui'],
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: brand.colours.primary,
    categories: ['lifestyle', 'shopping'],
    icons: [
      ...APP_ICON_SIZES.map((size) => icon(size, 'any')),
      ...MASKABLE_ICON_SIZES.map((size) => icon(size, 'maskable')),
    ],
    shortcuts: [
      {
        name: 'Book a collection',
        short_name: 'Book',
        url: '/#order',
        icons: shortcutIcon,
      },
      {
        name: 'My orders',
        short_name: 'Orders',
        url: '/account/orders',
        icons: shortcutIcon,
      },
    ],
  };
}
