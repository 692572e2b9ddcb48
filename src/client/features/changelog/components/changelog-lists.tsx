import { useQuery } from '@tanstack/react-query';
import Markdown from 'react-markdown';
import { changelogQueryOptions } from '../api/get-changelog.ts';
import { roadmapQueryOptions } from '../api/get-roadmap.ts';

const dateFormat = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' });
const prose = 'mt-2 space-y-2 break-words text-slate-700 [&_a]:underline [&_ul]:list-disc [&_ul]:pl-5';

/**
 * The roadmap list and the changelog list (spec §2). A list that fails to load shows as empty
 * (§8), with a sentence instead of nothing.
 */
export function ChangelogLists() {
  const roadmap = useQuery(roadmapQueryOptions());
  const changelog = useQuery(changelogQueryOptions());
  return (
    <div className="space-y-10">
      <section aria-labelledby="roadmap">
        <h2 id="roadmap" className="text-xl font-semibold text-slate-900">
          Roadmap: Was als Nächstes kommt
        </h2>
        {roadmap.isPending ? (
          <p className="mt-3 text-slate-600">Lade Roadmap …</p>
        ) : roadmap.data?.length ? (
          <ol className="mt-4 space-y-4">
            {roadmap.data.map((item) => (
              <li key={item.id} className="rounded-2xl border border-slate-200 bg-white p-5">
                <h3 className="font-semibold text-slate-900">{item.title}</h3>
                <div className={prose}>
                  <Markdown>{item.content}</Markdown>
                </div>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-3 text-slate-600">Gerade sind keine Pläne eingetragen.</p>
        )}
      </section>
      <section aria-labelledby="changelog">
        <h2 id="changelog" className="text-xl font-semibold text-slate-900">
          Changelog: Was ist neu
        </h2>
        {changelog.isPending ? (
          <p className="mt-3 text-slate-600">Lade Changelog …</p>
        ) : changelog.data?.length ? (
          <ol className="mt-4 space-y-4">
            {changelog.data.map((item) => (
              <li key={item.id} className="rounded-2xl border border-slate-200 bg-white p-5">
                <h3 className="font-semibold text-slate-900">{item.title}</h3>
                <p className="text-sm text-slate-600">
                  Version {item.release} vom {dateFormat.format(new Date(item.released_at))}
                </p>
                <div className={prose}>
                  <Markdown>{item.content}</Markdown>
                </div>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-3 text-slate-600">Noch keine Einträge.</p>
        )}
      </section>
    </div>
  );
}
