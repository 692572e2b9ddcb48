import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { berlinDate } from '../../../../shared/calendar.ts';
import { api } from '../../../api/client.ts';
import { methodsQueryKey } from './get-practice.ts';

/** §4 Practice flags: each is set by POST and unset by DELETE, independently of the others. */
export type PracticeFlag = 'applied' | 'bookmarked' | 'rejected';

const resource: Record<PracticeFlag, string> = {
  applied: 'applications',
  bookmarked: 'bookmarks',
  rejected: 'rejections',
};

export type FlagChange = { practiceId: number; flag: PracticeFlag; value: boolean };

/** Today as a Berlin calendar day, for the optimistic 'added on' of an application. */
const berlinToday = () => berlinDate(new Date());

/**
 * Sets the flag on every copy of the method in a cached answer (lists, pages, widgets, the method
 * itself); a method is any object with its id and the flags.
 */
function patch(value: unknown, { practiceId, flag, value: on }: FlagChange): unknown {
  if (Array.isArray(value)) return value.map((v) => patch(v, { practiceId, flag, value: on }));
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([k, v]) => [k, patch(v, { practiceId, flag, value: on })]);
  const copy = Object.fromEntries(entries) as Record<string, unknown>;
  if (copy.id === practiceId && flag in copy && 'title' in copy) {
    copy[flag] = on;
    if (flag === 'applied' && 'applied_on' in copy) copy.applied_on = on ? berlinToday() : null;
  }
  return copy;
}

/**
 * Toggles a flag of a method for the podcast. The change shows at once everywhere the method is
 * on screen; a failure puts every answer back as it was (§4, §8); afterwards the podcast's method
 * answers refetch (the recommendations leave out applied and rejected methods).
 */
export function useToggleFlag(podcastId: number) {
  const queryClient = useQueryClient();
  const key = methodsQueryKey(podcastId);
  return useMutation({
    mutationFn: async ({ practiceId, flag, value }: FlagChange) => {
      const url = `api/podcasts/${podcastId}/${resource[flag]}`;
      const json = { practice_id: practiceId };
      await (value ? api.post(url, { json }) : api.delete(url, { json }));
    },
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before: [QueryKey, unknown][] = queryClient.getQueriesData({ queryKey: key });
      for (const [queryKey, data] of before) {
        if (data !== undefined) queryClient.setQueryData(queryKey, patch(data, change));
      }
      return { before };
    },
    onError: (_error, _change, context) => {
      for (const [queryKey, data] of context?.before ?? []) queryClient.setQueryData(queryKey, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
