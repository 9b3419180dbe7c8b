import type { MetaDescriptor } from 'react-router';

type RootData = { publicUrl: string; brand: { name: string } };

/**
 * Title, description and canonical link of a page. The canonical URL uses the configured
 * public origin, so search engines see one address per page whatever host served it.
 */
export function seo(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
  page: { title: string; description: string; path: string; noindex?: boolean },
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root');
  // loaderData: the `data` of meta matches goes away in React Router v8.
  const data = root?.loaderData as RootData | undefined;
  const origin = data?.publicUrl ?? '';
  const name = data?.brand.name;
  const title = name && !page.title.includes(name) ? `${page.title} | ${name}` : page.title;
  return [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: `${origin}${page.path}` },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: `${origin}${page.path}` },
    ...(page.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}
