/**
 * A category for a new place from what an imported row says of it: the type the file names
 * (Google's "Coffee shop", "Art museum") or, failing that, words in its title ("Café de Flore",
 * "Hyde Park"). "other" when nothing fits; the member changes it in the preview.
 * (No imports: the tests read this file in Node.)
 */
export type GuessedCategory = 'cafe' | 'restaurant' | 'bar' | 'park' | 'museum' | 'shop' | 'viewpoint' | 'venue' | 'other';

// whole words, in any script (\b would not see the end of "Café")
const words = (alternatives: string) => new RegExp(`(?<!\\p{L})(?:${alternatives})(?!\\p{L})`, 'iu');

const rules: [GuessedCategory, RegExp][] = [
  [
    'cafe',
    words('caf[eé]s?|coffee|espresso|tea ?room|teahouse|salon de th[eé]|bakery|boulangerie|p[aâ]tisserie|kaffee|konditorei|kissaten'),
  ],
  ['bar', words('bar|pub|tavern|brewery|taproom|wine bar|cocktails?|izakaya|biergarten|ale house|speakeasy')],
  ['museum', words('museum|mus[eé]e|museo|galer(y|ie|ia)|gallery|kunsthalle|exhibition')],
  ['park', words('park|parc|garden|gardens|jardin|gyoen|botanical|square|common|heath|green|feld|wood|woods|forest|beach')],
  ['viewpoint', words('viewpoint|lookout|belvedere|observation|tower|skydeck|summit|overlook|panorama|bridge')],
  ['venue', words('theat(er|re)|opera|concert|hall|arena|stadium|cinema|club|philharmoni[a-z]*|auditorium')],
  ['shop', words('shop|store|market|march[eé]|markt|bookshop|bookstore|librairie|boutique|mall|deli|grocery|supermarket')],
  [
    'restaurant',
    words(
      'restaurant|bistro|brasserie|trattoria|pizzeria|pizza|sushi|ramen|diner|grill|kitchen|taqueria|steakhouse|burger|noodles?|eatery|canteen|delicatessen',
    ),
  ],
];

export function guessCategory(title: string, type = ''): GuessedCategory {
  for (const text of [type, title]) {
    if (!text.trim()) continue;
    for (const [category, words] of rules) if (words.test(text)) return category;
  }
  return 'other';
}
