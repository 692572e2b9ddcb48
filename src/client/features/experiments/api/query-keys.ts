// The experiments' query keys. Podcast-scoped keys start with ['podcast', id, …] (refetched on a
// context switch); one experiment's with ['experiment', id, …].
export const experimentsQueryKey = (podcastId: number) => ['podcast', podcastId, 'experiments'] as const;

export const experimentQueryKey = (id: number) => ['experiment', id] as const;

export const commentsQueryKey = (id: number) => [...experimentQueryKey(id), 'comments'] as const;

export const eventsQueryKey = (id: number) => [...experimentQueryKey(id), 'events'] as const;
