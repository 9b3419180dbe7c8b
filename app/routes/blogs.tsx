import { Link } from 'react-router';
import { listBlogPosts } from '~/server/catalogue.server';
import { BlogCard } from '~/components/blog-card';
import { seo } from '~/utils/seo';
import type { Route } from './+types/blogs';
import type { PageHandle } from '~/components/site/chrome-rules';

export async function loader({ context }: Route.LoaderArgs) {
  return { posts: await listBlogPosts(context.services.content) };
}

/** The same for every visitor: the server may reuse its HTML (docs/decisions/011). */
/** The same for every visitor: rendered once per content change (server/http/page-cache.ts). */
export const handle: PageHandle = { sharedPage: true };

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Blog: Garment Care Tips and News',
    description: 'Stain removal, storing clothes, caring for suits and news from our workshop.',
    path: '/blogs',
  });
}

export default function Blogs({ loaderData }: Route.ComponentProps) {
  const [first, ...rest] = loaderData.posts;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="page-title">Blog</h1>
      {!first ? (
        <div className="mt-10 flex flex-col items-center text-center">
          <img src="/images/empty-blog.svg" alt="" width="300" height="200" />
          <p className="mt-4 text-lg text-slate-600">No posts yet. Please come back soon.</p>
          <Link to="/" className="btn-secondary mt-6">
            Back to home
          </Link>
        </div>
      ) : (
        <>
          {/* Featured on wide screens; an ordinary card in the grid on narrow ones. */}
          <div className="mt-8 hidden lg:block">
            <BlogCard post={first} featured />
          </div>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            <li className="lg:hidden">
              <BlogCard post={first} />
            </li>
            {rest.map((p) => (
              <li key={p.id}>
                <BlogCard post={p} />
              </li>
            ))}
          </ul>
        </>
      )}
    </main>
  );
}
