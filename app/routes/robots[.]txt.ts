import type { Route } from './+types/robots[.]txt';

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context.services.config;
  const body = [
    'User-agent: *',
    'Disallow: /account',
    'Disallow: /customer',
    'Disallow: /order/',
    'Disallow: /payment/',
    'Disallow: /admin',
    'Disallow: /api/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
