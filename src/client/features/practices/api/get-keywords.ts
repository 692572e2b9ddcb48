import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { READS } from '../../../../shared/reads.ts';
import { parseLazily } from '../../../api/parse.ts';

/** GET /api/keywords: the keyword filter's choices; a failed load leaves it empty (§8). */
export const useKeywords = () =>
  useQuery({
    queryKey: ['keywords'],
    queryFn: async () =>
      (
        await api
          .read(READS.keywords({}))
          .json()
          .then(
            parseLazily(() => import('../../../../shared/content-api.ts').then((m) => m.keywordsResponse)),
          )
      ).data,
    staleTime: 60 * 60_000,
  });
