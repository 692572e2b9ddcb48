// POST /api/podcasts:import creates a podcast from its RSS feed; POST /api/podcasts/{id}:refresh
// reads the feed again. Both fetch through the guard of safe-fetch.ts (the feed, its cover and the
// cover's header for the Feed-Check) before they write anything, and then write in one
// transaction: a fetch inside a transaction is refused (db/transaction-scope.ts), and the
// throttle's count commits on its own before the fetch (auth/throttle.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import { podcastImportSchema, podcastResource } from '../../shared/podcasts.ts';
import type { AppContext } from '../context.ts';
import { withTx } from '../db/database.ts';
import { requireUser } from '../access/session.ts';
import { limits, throttle } from '../auth/throttle.ts';
import { invalid } from '../http/errors.ts';
import { insertImage } from '../images/store-image.ts';
import { createdPodcast, createPodcast } from './create-podcast.ts';
import { requirePodcast } from '../access/guard.ts';
import { serializePodcast } from './serialize-podcast.ts';
import { mapCategories } from '../feeds/feed-categories.ts';
import { readCover, readFeed, saveEpisodes } from '../feeds/feed-import.ts';
import { readArtwork } from '../feeds/artwork.ts';
import { feedMessages } from '../feeds/parse-feed.ts';
import { evaluateTipsAfter } from '../access/written-podcast.ts';
import { checkParsedFeed } from '../feed-check/feed-check.ts';
import { refreshScores } from '../practices/recommend.ts';

export const refreshMessages = {
  noFeed: 'Dieser Podcast hat keinen RSS-Feed. Trage ihn zuerst bei den allgemeinen Angaben ein.',
};

export function feedRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock, config } = ctx;
  // The Feed-Check of a feed just read; a failure is logged and never fails the import.
  const runFeedCheck = (check: () => Promise<void>) =>
    check().catch((error: unknown) => app.log.warn({ err: error }, 'feed check failed'));
  const api = app.withTypeProvider<ZodTypeProvider>();

  // One request; the client shows an indeterminate progress state while it runs.
  api.post(
    '/api/podcasts::import',
    { schema: { body: podcastImportSchema, response: { 201: podcastResource } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { rss_uri, name } = request.body;
      // Every import makes the server fetch a URL: limited per user.
      await throttle(ctx, `feed:${user.id}`, limits.feedFetch);
      const feed = await readFeed(config.feeds, rss_uri);
      const title = feed.title ?? name;
      if (!title) throw invalid({ rss_uri: [feedMessages.noTitle] });
      const [categories, cover] = await Promise.all([
        mapCategories(db, feed.categories),
        readCover(config.feeds, feed.imageUrl),
      ]);
      const podcastId = await withTx(db, async (tx) => {
        const image = cover.image && (await insertImage(tx, cover.image, clock.now()));
        const id = await createPodcast(
          tx,
          {
            title,
            name,
            author: feed.author,
            category_id_1: categories?.[0] ?? null,
            category_id_2: categories?.[1] ?? null,
            image_id: image ? image.id : null,
            rss_uri,
            web_uri: feed.webUri,
          },
          user.id,
          clock.now(),
        );
        await saveEpisodes(tx, id, feed.episodes);
        return id;
      });
      await runFeedCheck(() => checkParsedFeed(ctx, podcastId, rss_uri, feed, cover.artwork));
      evaluateTipsAfter(request, podcastId);
      return reply.status(201).send(await createdPodcast(ctx, user, podcastId));
    },
  );

  // New episodes are added and known ones updated; of the podcast's own fields only the empty
  // ones are filled (author, website, cover, categories): the title and everything the team
  // entered or edited stay as they are.
  api.post(
    '/api/podcasts/:id(^[^:/]+)::refresh',
    {
      schema: { params: idParam, response: { 200: podcastResource } },
      config: { podcast: { action: 'podcast.refresh' } },
    },
    async (request) => {
      const access = requirePodcast(request);
      const { podcast } = access;
      if (!podcast.rss_uri) throw invalid({ rss_uri: [refreshMessages.noFeed] });
      await throttle(ctx, `feed:${requireUser(request).id}`, limits.feedFetch);
      const feed = await readFeed(config.feeds, podcast.rss_uri);
      const [categories, cover] = await Promise.all([
        podcast.category_id_1 === null ? mapCategories(db, feed.categories) : null,
        podcast.image_id === null ? readCover(config.feeds, feed.imageUrl) : null,
      ]);
      // The Feed-Check's look at the cover, when the podcast keeps its own: before the writes.
      const artwork = cover?.artwork ?? (await readArtwork(config.feeds, feed.facts.imageHref));
      const updated = await withTx(db, async (tx) => {
        const image = cover?.image && (await insertImage(tx, cover.image, clock.now()));
        await saveEpisodes(tx, podcast.id, feed.episodes);
        // COALESCE in the statement: an edit saved while the feed was read is not overwritten.
        return tx
          .updateTable('podcasts')
          .set((eb) => {
            // Both categories or none ('choose two'): filled only when neither is set.
            const none = eb.and([eb('category_id_1', 'is', null), eb('category_id_2', 'is', null)]);
            const category = (column: 'category_id_1' | 'category_id_2', value: number) =>
              eb.case().when(none).then(eb.val(value)).else(eb.ref(column)).end();
            return {
              author: eb.fn.coalesce('author', eb.val(feed.author)),
              web_uri: eb.fn.coalesce('web_uri', eb.val(feed.webUri)),
              image_id: eb.fn.coalesce('image_id', eb.val(image ? image.id : null)),
              ...(categories && {
                category_id_1: category('category_id_1', categories[0]),
                category_id_2: category('category_id_2', categories[1]),
              }),
              updated_at: clock.now().toISOString(),
            };
          })
          .where('id', '=', podcast.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      // The findings are the engine's input (like the goals): the scores follow in the request, so
      // 'Als Nächstes empfohlen' read after this answer already shows the methods they raise (the
      // tip job after the answer finds them unchanged). Entscheidung POD-1.
      await runFeedCheck(async () => {
        await checkParsedFeed(ctx, podcast.id, podcast.rss_uri!, feed, artwork);
        await refreshScores(db, podcast.id, clock.now());
      });
      return { data: await serializePodcast(db, { ...access, podcast: updated }) };
    },
  );
}
