// The landing's interactive parts ("islands"). Entscheidung CLI-14: a guest's
// '/' is the page rendered at build time (build/prerender.ts) with only these made interactive by
// a script of their own (src/client/landing-script.tsx, 7 KB gzipped; React and these components, 76 KB,
// load when the first island comes near the screen), not the whole app hydrating the whole page. Hydrating the app cost the landing 0.5–1.4 s of
// Lighthouse's TBT (its entry, router, route tree and cache, then every component of the page)
// against the bare page's 0, for a page whose links work as plain links. In the app (a client-side
// visit of '/', or offline from the service worker's shell) the same components render as usual.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentProps, type ReactNode, startTransition, useEffect, useSyncExternalStore } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { create } from 'zustand';
import type { BillingPeriod } from '../../shared/billing.ts';
import { offerings } from '../../shared/offerings.ts';
import { InstallPanel } from './install-app.tsx';
import { NewsletterForm } from './newsletter-form.tsx';
import { PeriodToggle, Price } from './pricing.tsx';

/** The pricing section's period, shared by its toggle and its cards' prices (separate islands). */
const usePeriod = create<{ period: BillingPeriod }>(() => ({ period: 'monthly' }));
const setPeriod = (period: BillingPeriod) => usePeriod.setState({ period });

function LandingPeriodToggle({ className }: { className: string }) {
  return <PeriodToggle period={usePeriod((s) => s.period)} onChange={setPeriod} className={className} />;
}

function LandingPrice({ tier }: { tier: keyof typeof offerings }) {
  return <Price offering={offerings[tier]} period={usePeriod((s) => s.period)} />;
}

const subscribeToNothing = () => () => {};

/**
 * The footer's year: the page is rendered at build time, and a new year may begin before the next
 * build. It hydrates as built, then shows this year.
 */
function CopyrightYear({ built }: { built: number }) {
  const year = useSyncExternalStore(
    subscribeToNothing,
    () => new Date().getFullYear(),
    () => built,
  );
  return <>{year}</>;
}

export const islandComponents = {
  'period-toggle': LandingPeriodToggle,
  price: LandingPrice,
  // Shown on the landing by its script from templates, without React (src/client/landing-script.tsx).
  install: InstallPanel,
  newsletter: NewsletterForm,
  year: CopyrightYear,
};

type Islands = typeof islandComponents;
export type IslandName = keyof Islands;

/**
 * Marks a part the landing's script makes interactive (src/client/landing-script.tsx finds it by
 * `data-island` and starts it with the props in `data-props`); in the app it is just its content.
 * The wrapper takes no box of its own (`display: contents`); `inline` makes it a span (inside text).
 */
export function Island<N extends IslandName>({
  name,
  props,
  inline = false,
}: {
  name: N;
  props: ComponentProps<Islands[N]>;
  inline?: boolean;
}) {
  const Component = islandComponents[name] as (props: object) => ReactNode;
  const Wrapper = inline ? 'span' : 'div';
  return (
    <Wrapper className="contents" data-island={name} data-props={JSON.stringify(props)}>
      <Component {...(props as object)} />
    </Wrapper>
  );
}

/** Calls `onReady` once its island answers input. */
function Ready({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return null;
}

let queryClient: QueryClient | undefined;

/**
 * Makes an island of the served landing interactive: React adopts its elements (hydration), in a
 * transition, so it yields to the browser every few milliseconds. Once it answers input the island
 * is marked `data-ready` (what tests wait for).
 */
export function startIsland(element: HTMLElement) {
  const Component = islandComponents[element.dataset.island as IslandName] as (props: object) => ReactNode;
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  const island = (
    <QueryClientProvider client={(queryClient ??= new QueryClient())}>
      <Component {...props} />
      <Ready
        onReady={() => {
          element.dataset.ready = '';
        }}
      />
    </QueryClientProvider>
  );
  startTransition(() => void hydrateRoot(element, island));
}
