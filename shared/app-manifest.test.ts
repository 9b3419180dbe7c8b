import { describe, expect, it } from 'vitest';
import brandFile from '../config/brand.json';
import { brandSchema } from './brand';
import { appIconPath, parseAppIconFile, webAppManifest } from './app-manifest';

/* The web app manifest from the brand file (issue 33, decision 059). */

const brand = brandSchema.parse(brandFile);

describe('the web app manifest', () => {
  it('names the brand, opens standalone on /app/start within the whole site, with two shortcuts', () => {
    const manifest = webAppManifest(brand);
    expect(manifest).toMatchObject({
      name: 'Maida Vale Dry Cleaners',
      short_name: 'Maida Vale Cleaners',
      start_url: '/app/start',
      scope: '/',
      display: 'standalone',
      theme_color: '#0f4c5c',
      background_color: '#ffffff',
    });
    expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Book a collection', '/#order'],
      ['My orders', '/account/orders'],
    ]);
  });

  it("lists regular icons at the installers' sizes and maskable ones at 192 and 512", () => {
    const icons = webAppManifest(brand).icons;
    const sizes = (purpose: string) =>
      icons.filter((i) => i.purpose === purpose).map((i) => i.sizes);
    expect(sizes('any')).toEqual(
      expect.arrayContaining(['192x192', '512x512', '144x144', '96x96']),
    );
    expect(sizes('maskable')).toEqual(['192x192', '512x512']);
    for (const icon of icons) {
      const file = icon.src.replace('/icons/', '');
      expect(parseAppIconFile(file)).toEqual({
        size: Number(icon.sizes.split('x')[0]),
        purpose: icon.purpose,
      });
    }
  });

  it('serves no icon it does not list', () => {
    expect(parseAppIconFile('icon-193.png')).toBeNull();
    expect(parseAppIconFile('maskable-96.png')).toBeNull();
    expect(parseAppIconFile('../secret.png')).toBeNull();
    expect(appIconPath(512, 'maskable')).toBe('/icons/maskable-512.png');
  });

  it('another brand file gets its own name and colours', () => {
    const other = brandSchema.parse({
      ...brandFile,
      name: 'Hackney Cleaners',
      shortName: 'Hackney',
      colours: { primary: '#123456', accent: '#654321' },
    });
    expect(webAppManifest(other)).toMatchObject({
      name: 'Hackney Cleaners',
      short_name: 'Hackney',
      theme_color: '#123456',
    });
  });

  it('store links are optional: null says no store app (the default)', () => {
    const { appStoreUrl: _a, playStoreUrl: _p, ...rest } = brandFile;
    const parsed = brandSchema.parse(rest);
    expect(parsed.appStoreUrl).toBeNull();
    expect(parsed.playStoreUrl).toBeNull();
    expect(brand.appStoreUrl).toBeNull();
  });
});
