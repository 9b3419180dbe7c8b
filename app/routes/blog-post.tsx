import { data, Link } from 'react-router';
import { findBlogPost } from '~/server/catalogue.server';
import { htmlToText } from '~/server/catalogue.server';
import { formatBlogDate } from '~/components/blog-card';
import { seo } from '~/utils/seo';
import type { Route } from './+types/blog-post';
import type { PageHandle } from '~/components/site/chrome-rules';

export async function loader({ context, params }: Route.LoaderArgs) {
  const post = await findBlogPost(context.services.content, params.id);
  if (!post) throw data(null, { status: 404 });
  return { post, summary: htmlToText(post.body).slice(0, 155) };
}

/** The same for every visitor: the server may reuse its HTML (docs/decisions/011). */
/** The same for every visitor: rendered once per content change (server/http/page-cache.ts). */
// Nothing interactive: the page ships no JavaScript (docs/decisions/041).
export const handle: PageHandle = { sharedPage: true, hydrate: false };

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Page not found' }];
  return seo(matches, {
    title: loaderData.post.title,
    description: loaderData.summary,
    path: `/blog/${loaderData.post.slug}`,
  });
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/blogs" className="text-sm font-semibold text-brand underline">
        ← All posts
      </Link>
      <article className="mt-4">
        <p className="text-xs font-semibold tracking-wide text-accent uppercase">{post.category}</p>
        <h1 className="page-title mt-2">{post.title}</h1>
        <p className="mt-2 text-sm text-slate-500">
          {post.author} · <time dateTime={post.date}>{formatBlogDate(post.date)}</time>
        </p>
        <img src={post.image} alt="" width="600" height="340" className="mt-6 w-full rounded-xl" />
        <div className="rich-text mt-6 text-lg" dangerouslySetInnerHTML={{ __html: post.body }} />
      </article>
    </main>
  );
}
