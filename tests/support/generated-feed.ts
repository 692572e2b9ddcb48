// A synthetic podcast feed of any size, for the feed tests and the import bench. Every URL in
// it is {{ORIGIN}}/…, which the serving side replaces with its loopback origin.

/** A feed of `count` episodes (newest first), each description padded to `padding` characters. */
export function generatedFeed(
  count: number,
  { padding = 0, title = 'Generierter Podcast', cover = '{{ORIGIN}}/cover.png' } = {},
) {
  const start = Date.UTC(2020, 0, 1);
  const items = Array.from({ length: count }, (_, n) => {
    const i = count - n; // newest first
    const date = new Date(start + i * 86_400_000).toUTCString();
    return `<item><title>Folge ${i} &amp; mehr</title><link>{{ORIGIN}}/folge/${i}</link><guid isPermaLink="false">folge-${i}</guid><pubDate>${date}</pubDate><description><![CDATA[${'Shownotes '.repeat(Math.ceil(padding / 10)).slice(0, padding)}]]></description></item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
<title>${title}</title><link>{{ORIGIN}}/</link><itunes:author>Team Test</itunes:author>
<itunes:image href="${cover}"/>
<itunes:category text="Technology"/><itunes:category text="Education"/>
${items.join('\n')}
</channel></rss>`;
}
