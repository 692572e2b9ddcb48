import type { Podcast } from '../../../../shared/podcasts.ts';
import { deferred, MenuPlaceholder } from '../../../components/deferred.tsx';
import type { CardPractice } from './practice-card.tsx';

const Menu = deferred(() => import('./practice-menu-content.tsx').then((m) => m.PracticeMenuContent));

/** The method action menu (practice-menu-content.tsx); its code loads after the first screen. */
export function PracticeMenu(props: { podcast: Podcast; practice: CardPractice & { rejected: boolean } }) {
  const trigger = {
    'aria-label': `Aktionen für ${props.practice.title}`,
    className:
      'flex size-11 items-center justify-center rounded-xl text-2xl leading-none text-slate-700 ring-1 ring-slate-200 hover:ring-brand-600',
    children: <span aria-hidden="true">⋯</span>,
  };
  return (
    <Menu
      {...props}
      trigger={trigger}
      placeholder={(open) => (
        <div className="shrink-0">
          <MenuPlaceholder open={open} {...trigger} />
        </div>
      )}
    />
  );
}
