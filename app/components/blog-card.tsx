import { Link } from 'react-router';
import { LONDON_ZONE } from '@shared/london-zone';
import type { BlogPost } from '@server/use-cases/catalogue/catalogue';

export function formatBlogDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: LONDON_ZONE,
  });
}

/** A post with image, category, title, body, author and date; "Read More" in lists (spec 2). */
export function BlogCard({ post, featured = false }: { post: BlogPost; featured?: boolean }) {
  return (
    <article
      className={`overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm ${featured ? 'grid grid-cols-2' : ''}`}
    >
      <img
        src={post.image}
        alt=""
        width="600"
        height="340"
        loading="lazy"
        className="aspect-[60/34] h-full w-full object-cover"
      />
      <div className="p-5">
        <p className="text-xs font-semibold tracking-wide text-accent uppercase">{post.category}</p>
        <h2 className={`mt-2 font-bold text-slate-900 ${featured ? 'text-2xl' : 'text-lg'}`}>
          <Link to={`/blog/${post.slug}`} className="hover:text-brand">
            {post.title}
          </Link>
        </h2>
        <div
          className={`rich-text mt-2 text-sm ${featured ? 'line-clamp-6' : 'line-clamp-3'}`}
          dangerouslySetInnerHTML={{ __html: post.body }}
        />
        <p className="mt-3 text-sm text-slate-500">
          {post.author} · <time dateTime={post.date}>{formatBlogDate(post.date)}</time>
        </p>
        <Link
          to={`/blog/${post.slug}`}
          className="mt-3 inline-block font-semibold text-brand underline"
        >
          Read More <span className="sr-only">of “{post.title}”</span>
        </Link>
      </div>
    </article>
  );
}
