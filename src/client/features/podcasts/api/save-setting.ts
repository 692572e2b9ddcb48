import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';
import { settingsQueryKey } from './get-settings.ts';

type Setting = { key: string; value: string };

/** POST /api/podcasts/{id}/settings: sets one key (creates or overwrites it). */
export const saveSetting = async (podcastId: number, setting: Setting) =>
  (
    await api
      .post(`api/podcasts/${podcastId}/settings`, { json: setting })
      .json()
      .then(parseLazily(() => import('../../../../shared/podcasts.ts').then((m) => m.settingResource)))
  ).data;

/** The saved setting joins the cached list at once, so whatever it switches off disappears. */
export function useSaveSetting(podcastId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setting: Setting) => saveSetting(podcastId, setting),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQueryKey(podcastId), (list: Setting[] | undefined) => [
        ...(list ?? []).filter((s) => s.key !== saved.key),
        saved,
      ]);
      return queryClient.invalidateQueries({ queryKey: settingsQueryKey(podcastId) });
    },
  });
}
