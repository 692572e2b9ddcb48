import type { ReactNode } from 'react';
import { can, type PodcastAction } from '../../../../../shared/roles.ts';
import type { Podcast } from '../../../../../shared/podcasts.ts';
import { Banner } from '../../../../components/banner.tsx';
import { SectionHeading } from '../../../../components/section-nav.tsx';
import { usePodcast } from '../../api/get-context.ts';

/**
 * The selected podcast and whether the member may change this section (the layout renders its
 * children only once the podcast is there).
 */
export function useEditablePodcast(action: PodcastAction): { podcast: Podcast; editable: boolean } {
  const podcast = usePodcast()!;
  return { podcast, editable: can(podcast.role.key, action) };
}

type Props = { title: string; intro?: string; editable: boolean; podcast: Podcast; children: ReactNode };

/** One section of podcast.edit: heading, and for read-only roles a note why nothing can be saved. */
export function EditSection({ title, intro, editable, podcast, children }: Props) {
  return (
    <section className="max-w-2xl">
      <SectionHeading title={title} screen="Podcast bearbeiten">
        {intro}
      </SectionHeading>
      {!editable && (
        <div className="mb-5">
          <Banner tone="info">
            Als {podcast.role.trans} kannst du diese Angaben ansehen, aber nicht ändern.
          </Banner>
        </div>
      )}
      {children}
    </section>
  );
}

/** Saved: the success line above the form (polite live region). */
export function SavedBanner({
  show,
  children = 'Deine Angaben wurden gespeichert.',
}: {
  show: boolean;
  children?: string;
}) {
  return show ? <Banner tone="success">{children}</Banner> : null;
}
