// iTunes category texts of a feed onto our categories (categories.yaml mirrors Apple's top
// level, in German; its ids never change). Old Apple names (before 2019) and our German names
// map too; subcategories only where one clearly belongs to a top level of ours.
import type { Db } from '../db/database.ts';

const BY_TEXT: Record<string, number> = {
  arts: 1,
  kunst: 1,
  business: 2,
  wirtschaft: 2,
  comedy: 3,
  education: 4,
  bildung: 4,
  fiction: 5,
  fiktion: 5,
  government: 6,
  'government & organizations': 6,
  regierung: 6,
  history: 7,
  geschichte: 7,
  'health & fitness': 8,
  health: 8,
  'gesundheit & fitness': 8,
  'kids & family': 9,
  'kinder & familie': 9,
  leisure: 10,
  'games & hobbies': 10,
  'video games': 10,
  hobbies: 10,
  freizeit: 10,
  music: 11,
  musik: 11,
  news: 12,
  'news & politics': 12,
  nachrichten: 12,
  'religion & spirituality': 13,
  'religion & spiritualität': 13,
  science: 14,
  'science & medicine': 14,
  wissenschaft: 14,
  'society & culture': 15,
  'gesellschaft & kultur': 15,
  sports: 16,
  'sports & recreation': 16,
  sport: 16,
  technology: 17,
  technologie: 17,
  'true crime': 18,
  'tv & film': 19,
};

const key = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ').replace(/ and /g, ' & ');

/**
 * The first two different categories the texts name, as long as both exist; otherwise none
 * ('choose two': the user picks them in the confirm step).
 */
export async function mapCategories(db: Db, texts: string[]): Promise<[number, number] | null> {
  const ids = [...new Set(texts.map((t) => BY_TEXT[key(t)]).filter((id) => id !== undefined))];
  if (ids.length < 2) return null;
  const known = new Set(
    (await db.selectFrom('categories').select('id').where('id', 'in', ids).execute()).map((r) => r.id),
  );
  const [first, second] = ids.filter((id) => known.has(id));
  return first !== undefined && second !== undefined ? [first, second] : null;
}
