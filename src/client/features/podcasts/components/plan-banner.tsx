import { Link } from '@tanstack/react-router';
import { can } from '../../../../shared/roles.ts';
import { useContextQuery } from '../api/get-context.ts';

/**
 * §2 Navigation: the selected podcast's plan. Not active: 'Kompass-KI aktivieren'; only the trial
 * makes it Pro: 'Noch {days_left} Tage im Studio Pro'. Both lead to the conversion page.
 */
export function PlanBanner() {
  const podcast = useContextQuery().data;
  if (!podcast || (podcast.active && !podcast.only_trial)) return null;
  const { days_left } = podcast.trial;
  const text = !podcast.active
    ? 'Kompass-KI aktivieren'
    : `Noch ${days_left} ${days_left === 1 ? 'Tag' : 'Tage'} im Studio Pro`;
  // Only who may buy gets the way to the sales page; the others read the countdown.
  const mayBuy = can(podcast.role.key, 'contract.redeem');
  if (!mayBuy && !podcast.active) return null;
  return (
    <div className="border-t border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-5xl justify-center px-4">
        {!mayBuy ? (
          <p className="flex min-h-11 items-center gap-2 text-sm font-semibold text-amber-950">
            <span aria-hidden="true">✦</span>
            {text}
          </p>
        ) : (
          <Link
            to="/app/podcasts/$id/conversion"
            params={{ id: String(podcast.id) }}
            className="flex min-h-11 items-center gap-2 text-sm font-semibold text-amber-950 hover:underline"
          >
            <span aria-hidden="true">✦</span>
            {text}
          </Link>
        )}
      </div>
    </div>
  );
}
