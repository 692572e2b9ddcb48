// Which of the feed's episodes a per-episode row means (an uploaded table's row, OP3's count).
// Entscheidung AUD-18:
// - By guid first (OP3 and a few hosts name it), else by title (compared without case,
//   punctuation or extra spaces: exports retype them), else by the publication day (UTC) when
//   exactly one feed episode came out that day. Each feed episode is taken by one row at most.
// - A row that matches none is returned with why, so the preview and the result list it: a row is
//   never dropped silently.
export type FeedEpisode = { guid: string; title: string; published_at: string | null };
export type EpisodeRef = { guid?: string | null; title?: string | null; published_on?: string | null };

export const matchMessages = {
  unmatched: (what: string) =>
    `Keine Folge im Feed passt zu ${what} (weder GUID noch Titel noch Veröffentlichungstag).`,
  taken: (title: string) => `Die Folge „${title}“ ist schon einer anderen Zeile zugeordnet.`,
};

export const titleKey = (title: string) =>
  title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const describe = (row: EpisodeRef) =>
  row.title ? `„${row.title}“` : row.guid ? `GUID ${row.guid}` : `dem ${row.published_on ?? '?'}`;

/** Each row's feed episode, or the German reason why it has none. */
export function matchEpisodes<Row extends EpisodeRef>(feed: readonly FeedEpisode[], rows: readonly Row[]) {
  const byGuid = new Map(feed.map((e) => [e.guid, e]));
  const byTitle = new Map<string, FeedEpisode[]>();
  const byDay = new Map<string, FeedEpisode[]>();
  for (const e of feed) {
    const key = titleKey(e.title);
    if (key) byTitle.set(key, [...(byTitle.get(key) ?? []), e]);
    const day = e.published_at?.slice(0, 10);
    if (day) byDay.set(day, [...(byDay.get(day) ?? []), e]);
  }
  const taken = new Set<string>();
  const matched: { row: Row; episode: FeedEpisode }[] = [];
  const unmatched: { row: Row; message: string }[] = [];
  // Guids first over all rows, so a row found by title cannot take a guid's episode.
  const pending: Row[] = [];
  for (const row of rows) {
    const episode = row.guid ? byGuid.get(row.guid) : undefined;
    if (episode && !taken.has(episode.guid)) {
      taken.add(episode.guid);
      matched.push({ row, episode });
    } else pending.push(row);
  }
  for (const row of pending) {
    const one = (list: FeedEpisode[] | undefined) => {
      const free = (list ?? []).filter((e) => !taken.has(e.guid));
      return free.length === 1 ? free[0] : undefined;
    };
    const episode =
      (row.title ? one(byTitle.get(titleKey(row.title))) : undefined) ??
      (row.published_on ? one(byDay.get(row.published_on)) : undefined);
    if (episode) {
      taken.add(episode.guid);
      matched.push({ row, episode });
    } else {
      const guidTaken = row.guid && byGuid.has(row.guid);
      unmatched.push({
        row,
        message: guidTaken
          ? matchMessages.taken(byGuid.get(row.guid!)!.title)
          : matchMessages.unmatched(describe(row)),
      });
    }
  }
  return { matched, unmatched };
}
