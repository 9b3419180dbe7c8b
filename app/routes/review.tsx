import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { RefusedLinkPanel } from '~/components/refused-link-panel';
import { reviewInput } from '@shared/review-input';
import { reviewMessages, REVIEW_BODY_MAX, stars } from '@shared/reviews';
import { ErrorSummary } from '~/components/form/error-summary';
import { Notice } from '~/components/form/form-field';
import { TextAreaField } from '~/components/form/text-field';
import { formFailure, formFields, parseFields } from '~/components/form/form-action.server';
import { reviewPage, submitReview } from '~/server/reviews.server';
import { currentCustomerId, linkedPageId, readLinkedPage } from '~/utils/linked-page.server';
import { seo } from '~/utils/seo';
import type { Route } from './+types/review';

/*
 * Rate a delivered order (issue 18, decision 038), from the delivered e-mail's signed link
 * (`t`, no login) or from the order in the account. The form posts to this route's action,
 * which calls the same use-case as POST /api/account/orders/:id/review; it works without
 * JavaScript. A link made for another order, or changed, is the 404 page.
 */

export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  const { services } = context;
  const orderId = linkedPageId(params.orderId);
  const token = url.searchParams.get('t');
  const customerId = await currentCustomerId(services, request);
  const read = await readLinkedPage(() => reviewPage(services, { orderId, token, customerId }));
  if (read.refused !== null) {
    return data({ refused: read.refused, page: null, token: null, thanks: false }, 401);
  }
  const page = read.value;
  return {
    refused: null,
    thanks: url.searchParams.get('thanks') === '1',
    token: page.via === 'link' ? token : null,
    page: {
      orderNo: page.orderNo,
      delivered: page.delivered,
      displayName: page.displayName,
      review: page.review
        ? { rating: page.review.rating, body: page.review.body, reply: page.review.reply }
        : null,
    },
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { services } = context;
  const orderId = linkedPageId(params.orderId);
  const fields = await formFields(request);
  const customerId = await currentCustomerId(services, request);
  try {
    const body = parseFields(
      reviewInput,
      { rating: fields.rating, body: fields.body ?? '' },
      'Please check your review.',
    );
    await submitReview(services, { orderId, token: fields.t ?? null, customerId, ...body });
    // Back to the page (the link's token kept), which now shows the review and the thanks.
    const query = new URLSearchParams({ ...(fields.t ? { t: fields.t } : {}), thanks: '1' });
    return redirect(`/review/${orderId}?${query}`, 303);
  } catch (error) {
    return formFailure(error, { values: { rating: fields.rating ?? '', body: fields.body ?? '' } });
  }
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Rate your order',
    description: 'Tell us how we did with your dry cleaning.',
    path: '/review',
    noindex: true,
  });
}

const ratingWords = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

function RatingChoice({ chosen, error }: { chosen: string; error?: string }) {
  return (
    <fieldset aria-describedby={error ? 'review-rating-error' : undefined}>
      <legend className="font-medium text-slate-900">Your rating</legend>
      {error ? (
        <p id="review-rating-error" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-2 grid grid-cols-5 gap-2">
        {[5, 4, 3, 2, 1].map((n) => (
          <label
            key={n}
            className="flex min-h-16 cursor-pointer flex-col items-center justify-center rounded-lg border border-slate-300 bg-white px-1 py-2 text-center text-xs text-slate-700 has-[:checked]:border-brand has-[:checked]:bg-brand/10 has-[:checked]:text-brand has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand"
          >
            <input
              type="radio"
              name="rating"
              value={n}
              defaultChecked={chosen === String(n)}
              id={n === 5 ? 'review-rating' : undefined}
              className="sr-only"
            />
            <span aria-hidden="true" className="text-lg leading-none text-amber-800">
              {n}★
            </span>
            <span className="mt-1">{ratingWords[n]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export default function Review({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { page } = loaderData;
  if (!page) {
    return <RefusedLinkPanel title="Rate your order" reason={loaderData.refused} />;
  }
  const failed = actionData ?? null;
  return (
    <main id="main" className="bg-slate-50 px-4 py-8 sm:py-12">
      <div className="card mx-auto max-w-xl">
        <p className="text-sm font-medium text-slate-500">Order {page.orderNo}</p>
        <h1 className="page-title mt-1">Rate your order</h1>
        {page.review ? (
          <div className="mt-4 space-y-4" data-testid="your-review">
            {loaderData.thanks ? <Notice tone="success">{reviewMessages.thanks}</Notice> : null}
            <p className="text-slate-700">Your review, as it appears on our site:</p>
            <figure className="rounded-lg border border-slate-200 p-4">
              <p className="text-amber-800" aria-label={`${page.review.rating} out of 5 stars`}>
                {stars(page.review.rating)}
              </p>
              {page.review.body ? (
                <blockquote className="mt-2 text-slate-700">“{page.review.body}”</blockquote>
              ) : null}
              <figcaption className="mt-2 text-sm font-semibold text-slate-900">
                {page.displayName}
              </figcaption>
              {page.review.reply ? (
                <p className="mt-3 border-l-4 border-brand/40 pl-3 text-sm text-slate-600">
                  <span className="font-semibold text-slate-800">Our reply: </span>
                  {page.review.reply}
                </p>
              ) : null}
            </figure>
            <Link to="/" className="btn-secondary inline-block">
              Back to the home page
            </Link>
          </div>
        ) : !page.delivered ? (
          <p className="mt-4 text-slate-700">{reviewMessages.notDelivered}</p>
        ) : (
          <Form method="post" className="mt-4 space-y-5" noValidate>
            <p className="text-slate-700">
              How did we do? Your review appears on our site as{' '}
              <strong className="text-slate-900">{page.displayName}</strong>.
            </p>
            {loaderData.token ? <input type="hidden" name="t" value={loaderData.token} /> : null}
            {failed ? (
              <ErrorSummary
                message={failed.errors.message}
                fields={failed.errors.fields}
                links={{
                  rating: { id: 'review-rating', label: 'Your rating' },
                  body: { id: 'review-body', label: 'Your review' },
                }}
              />
            ) : null}
            <RatingChoice
              chosen={failed?.values.rating ?? ''}
              error={failed?.errors.fields.rating}
            />
            <TextAreaField
              id="review-body"
              name="body"
              label="Your review (optional)"
              rows={4}
              maxLength={REVIEW_BODY_MAX}
              defaultValue={failed?.values.body ?? ''}
              hint="What went well, or what we could do better."
              error={failed?.errors.fields.body}
            />
            <button type="submit" className="btn-primary min-h-11 w-full sm:w-auto" disabled={busy}>
              {busy ? 'Sending…' : 'Publish my review'}
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}
