import type { ReactNode } from 'react';
import type { Brand } from '@shared/brand';

/**
 * The hero of home and landing pages: heading, promise and, as its children, the booking
 * form, which the page passes in (the booking feature's; components import no feature).
 */
export function Hero({
  brand,
  heading,
  intro,
  banner = '/images/hero.svg',
  children,
}: {
  brand: Pick<Brand, 'establishedYear' | 'awardClaim'>;
  heading: string;
  intro: string;
  banner?: string;
  /** The booking form. */
  children: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden bg-brand text-white">
      <img
        src={banner}
        alt=""
        width="1200"
        height="400"
        className="absolute inset-0 h-full w-full object-cover opacity-60"
      />
      <div className="relative mx-auto grid max-w-7xl items-start gap-8 px-4 py-10 md:py-16 lg:grid-cols-[1fr_460px]">
        <div className="lg:pt-8">
          <p className="inline-block rounded-full bg-white/15 px-3 py-1 text-sm font-medium">
            Family-run since {brand.establishedYear} · {brand.awardClaim}
          </p>
          <h1 className="mt-4 text-3xl leading-tight font-bold tracking-tight md:text-5xl">
            {heading}
          </h1>
          <p className="mt-4 max-w-xl text-lg text-white/90">{intro}</p>
          <ul className="mt-6 grid max-w-xl gap-2 text-white/95 sm:grid-cols-2">
            {[
              'Free collection & delivery',
              'One-hour time windows',
              'Cleaned in 24 to 48 hours',
              'Pay after cleaning',
            ].map((point) => (
              <li key={point} className="flex items-center gap-2">
                <span aria-hidden="true" className="text-accent">
                  ●
                </span>
                {point}
              </li>
            ))}
          </ul>
        </div>
        {children}
      </div>
    </section>
  );
}
