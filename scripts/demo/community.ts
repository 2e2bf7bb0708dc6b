/**
 * The demo community's history besides reviews: who follows whom, replies (a few that disagree,
 * a few that say thank you), lists with notes, members and followers, and what was reported and
 * moderated. Helpful votes are decided in make-seed.ts from these (followers and neighbours vote
 * more). Dates are days before the seed runs; fractions are hours. A data file, hence its length.
 */
import type { Username } from './members.ts';
import type { PlaceName } from './places.ts';

export interface DemoFollow {
  from: Username;
  to: Username;
  daysAgo: number;
}

/** [follower, followee, days ago]: nobody follows everyone; the last few are this week's. */
export const demoFollows: DemoFollow[] = (
  [
    ['ada', 'sam', 280],
    ['ada', 'chloe', 270],
    ['ada', 'haru', 200],
    ['ada', 'felix', 150],
    ['ada', 'lena_k', 6.5],
    ['ben_travels', 'emma_nyc', 240],
    ['ben_travels', 'greta_b', 235],
    ['ben_travels', 'haru', 230],
    ['ben_travels', 'aiko', 180],
    ['ben_travels', 'ada', 120],
    ['ben_travels', 'tom_b', 60],
    ['chloe', 'ada', 268],
    ['chloe', 'dev_s', 258],
    ['chloe', 'lena_k', 160],
    ['chloe', 'felix', 140],
    ['chloe', 'marcus', 2],
    ['dev_s', 'chloe', 259],
    ['dev_s', 'tom_b', 190],
    ['dev_s', 'aiko', 100],
    ['dev_s', 'greta_b', 3.5],
    ['emma_nyc', 'marcus', 236],
    ['emma_nyc', 'felix', 220],
    ['emma_nyc', 'chloe', 130],
    ['emma_nyc', 'mina', 0.4],
    ['felix', 'greta_b', 250],
    ['felix', 'lena_k', 228],
    ['felix', 'marcus', 200],
    ['felix', 'haru', 90],
    ['greta_b', 'felix', 255],
    ['greta_b', 'lena_k', 226],
    ['greta_b', 'dev_s', 55],
    ['haru', 'mina', 272],
    ['haru', 'aiko', 215],
    ['haru', 'ada', 120],
    ['haru', 'chloe', 1.5],
    ['mina', 'sam', 288],
    ['mina', 'haru', 273],
    ['mina', 'aiko', 210],
    ['mina', 'emma_nyc', 190],
    ['sam', 'mina', 289],
    ['sam', 'ada', 283],
    ['sam', 'chloe', 260],
    ['sam', 'greta_b', 240],
    ['sam', 'tom_b', 200],
    ['sam', 'dev_s', 3],
    ['aiko', 'haru', 218],
    ['aiko', 'greta_b', 80],
    ['aiko', 'dev_s', 45],
    ['aiko', 'chloe', 42],
    ['aiko', 'tom_b', 3],
    ['aiko', 'ben_travels', 1],
    ['lena_k', 'felix', 230],
    ['lena_k', 'greta_b', 229],
    ['lena_k', 'marcus', 110],
    ['lena_k', 'chloe', 96],
    ['lena_k', 'sam', 2.5],
    ['marcus', 'emma_nyc', 238],
    ['marcus', 'felix', 237],
    ['marcus', 'lena_k', 100],
    ['marcus', 'ada', 5.5],
    ['tom_b', 'dev_s', 195],
    ['tom_b', 'greta_b', 150],
    ['tom_b', 'aiko', 66],
    ['tom_b', 'emma_nyc', 1.2],
  ] as const
).map(([from, to, daysAgo]) => ({ from, to, daysAgo }));

export interface DemoReply {
  /** The review: its author and place. */
  on: [Username, PlaceName];
  by: Username | 'deals4u';
  daysAgo: number;
  text: string;
}

export const demoReplies: DemoReply[] = [
  {
    on: ['tom_b', 'Eiffel Tower'],
    by: 'ada',
    daysAgo: 61,
    text: 'The Trocadéro is lovely, but you skipped the best part: the stairs. No lift queue, and the ironwork up close is the whole point. Come back in February at opening.',
  },
  { on: ['tom_b', 'Eiffel Tower'], by: 'tom_b', daysAgo: 60, text: 'February in Paris, on a stairwell. You’ve sold it, Ada.' },
  {
    on: ['greta_b', 'Berliner Fernsehturm'],
    by: 'aiko',
    daysAgo: 78,
    text: 'I loved it at sunset, sorry Greta! But which rooftop in Neukölln? I’ll try it next time.',
  },
  {
    on: ['greta_b', 'Berliner Fernsehturm'],
    by: 'greta_b',
    daysAgo: 77,
    text: 'Klunkerkranich, on the roof of the Neukölln Arcaden car park. Take the lift to the top floor and keep going.',
  },
  {
    on: ['lena_k', 'Pergamon Museum'],
    by: 'marcus',
    daysAgo: 87,
    text: 'Thank you for explaining the panorama. I would have walked straight past it, and it was the consolation I needed.',
  },
  {
    on: ['emma_nyc', 'Brooklyn Bridge'],
    by: 'ben_travels',
    daysAgo: 113,
    text: 'Followed your route from Washington Street at sunrise. Thank you — the best hour of my trip.',
  },
  { on: ['ada', 'Louvre Museum'], by: 'chloe', daysAgo: 180, text: 'The Carrousel entrance saved us an hour in the rain. Merci!' },
  {
    on: ['tom_b', 'The High Line'],
    by: 'felix',
    daysAgo: 74,
    text: 'Walk it at eight on a February morning and you will have it to yourself. The dead grasses are the best part of Oudolf’s planting.',
  },
  {
    on: ['tom_b', 'The High Line'],
    by: 'tom_b',
    daysAgo: 73,
    text: 'Eight in the morning in February. You people and your early mornings.',
  },
  {
    on: ['dev_s', 'Hyde Park'],
    by: 'chloe',
    daysAgo: 117,
    text: 'A big field with a lake! Come swimming at the Lido with me one morning, Dev, and then we’ll talk.',
  },
  { on: ['dev_s', 'Hyde Park'], by: 'dev_s', daysAgo: 116, text: 'Not in this life, Chloé.' },
  {
    on: ['felix', 'teamLab Planets'],
    by: 'aiko',
    daysAgo: 74,
    text: 'I think it’s more fun with friends, once you stop trying to understand it :)',
  },
  { on: ['felix', 'teamLab Planets'], by: 'felix', daysAgo: 72, text: 'That is probably fair. I went alone, with a notebook.' },
  {
    on: ['ben_travels', 'Monmouth Coffee Company'],
    by: 'dev_s',
    daysAgo: 23,
    text: 'Four quid for a filter brewed to order is a bargain by London standards, mate. Try the Borough shop, there’s a bench.',
  },
  { on: ['ben_travels', 'Monmouth Coffee Company'], by: 'ben_travels', daysAgo: 22, text: 'Fair. Borough it is, next time.' },
  {
    on: ['mina', 'Tower of London'],
    by: 'sam',
    daysAgo: 88,
    text: 'This is exactly the kind of review that helps people plan a day. Thank you, Mina.',
  },
  {
    on: ['haru', 'Sensō-ji'],
    by: 'mina',
    daysAgo: 200,
    text: 'Your early-morning notes have changed how my mother and I plan our days out. Thank you, Haruto.',
  },
  {
    on: ['marcus', 'Grand Central Terminal'],
    by: 'emma_nyc',
    daysAgo: 150,
    text: 'Leo and I tried the whispering arches yesterday. He made me do it eleven times.',
  },
  {
    on: ['greta_b', 'Café Einstein Stammhaus'],
    by: 'lena_k',
    daysAgo: 148,
    text: 'A little unfair, I think: the waiters are like that with everyone, it’s the Viennese school. Try the garden on a weekday morning.',
  },
  { on: ['greta_b', 'Café Einstein Stammhaus'], by: 'greta_b', daysAgo: 147, text: 'The Viennese school of rudeness, yes.' },
  {
    on: ['aiko', 'Shibuya Crossing'],
    by: 'tom_b',
    daysAgo: 67,
    text: 'The Mark City window was a cracking tip, thanks. Much better than fighting for a spot at street level.',
  },
  {
    on: ['chloe', 'Royal Albert Hall'],
    by: 'felix',
    daysAgo: 79.5,
    text: 'Mahler Two from the arena is the way to hear it. Which orchestra?',
  },
  {
    on: ['chloe', 'Royal Albert Hall'],
    by: 'chloe',
    daysAgo: 79,
    text: 'The BBC Symphony — and the chorus came in so softly that nobody noticed until the whole arena did.',
  },
  {
    on: ['dev_s', "Katz's Delicatessen"],
    by: 'marcus',
    daysAgo: 170,
    text: 'A man after my own heart. Next time try the corned beef. Heresy, I know.',
  },
  {
    on: ['emma_nyc', 'American Museum of Natural History'],
    by: 'ben_travels',
    daysAgo: 110,
    text: 'Took my nephew on your advice, and the titanosaur’s head was an instant win.',
  },
  {
    on: ['lena_k', 'Memorial to the Murdered Jews of Europe'],
    by: 'greta_b',
    daysAgo: 190,
    text: 'Thank you for the line about not jumping between the stelae. Some people need it in writing.',
  },
  {
    on: ['ada', 'Café de Flore'],
    by: 'sam',
    daysAgo: 185,
    text: 'Fair, but upstairs on a rainy Tuesday is one of the best places in Paris to write. Worth every cent of the hot chocolate.',
  },
  { on: ['ada', 'Café de Flore'], by: 'ada', daysAgo: 184, text: 'On that we agree. Downstairs is the tax.' },
  {
    on: ['tom_b', 'Golden Gai'],
    by: 'haru',
    daysAgo: 149,
    text: 'The bar with the record player: up the stairs with the blue door, in the second alley?',
  },
  { on: ['tom_b', 'Golden Gai'], by: 'tom_b', daysAgo: 148, text: 'That’s the one. Tell him the Irish fella sent you.' },
  {
    on: ['haru', 'Primrose Hill'],
    by: 'chloe',
    daysAgo: 43,
    text: 'I have never been up there at 7:30. You’ve made me want to set an alarm.',
  },
  {
    on: ['ada', 'Jardin des Tuileries'],
    by: 'emma_nyc',
    daysAgo: 148,
    text: 'With a seven-year-old, the trampolines make it a five! But yes, the dust.',
  },
  { on: ['aiko', 'Angelina'], by: 'chloe', daysAgo: 66, text: 'Three minutes! Respect. I needed forty.' },
  { on: ['marcus', 'Louvre Museum'], by: 'lena_k', daysAgo: 117, text: 'Your wife’s note was right. Thank you for sharing this.' },
  { on: ['tom_b', 'teamLab Planets'], by: 'emma_nyc', daysAgo: 49, text: 'Your niece is right, Tom.' },
  {
    on: ['dev_s', 'Camden Market'],
    by: 'aiko',
    daysAgo: 40,
    text: 'The Stables food was the best part for me too! Did you try the arepas?',
  },
  { on: ['dev_s', 'Camden Market'], by: 'dev_s', daysAgo: 39, text: 'Twice in one day. No regrets.' },
  {
    on: ['lena_k', 'Camden Market'],
    by: 'dev_s',
    daysAgo: 15,
    text: 'Harsh! Go back on a weekday morning and eat something in the Stables before you judge it.',
  },
  { on: ['lena_k', 'Camden Market'], by: 'lena_k', daysAgo: 14, text: 'Perhaps. The souvenirs will still be there.' },
  {
    on: ['felix', 'Sky Garden'],
    by: 'dev_s',
    daysAgo: 11,
    text: 'Fair on the building, Felix, but free is free and the sunset doesn’t care who designed it.',
  },
  { on: ['felix', 'Sky Garden'], by: 'tom_b', daysAgo: 10, text: 'With Felix on this one. And nine quid a pint.' },
  {
    on: ['emma_nyc', 'Empire State Building'],
    by: 'marcus',
    daysAgo: 11,
    text: 'Next time, Top of the Rock at opening, and bring the boy up to Harlem for lunch afterwards.',
  },
  {
    on: ['haru', 'Tsukiji Outer Market'],
    by: 'aiko',
    daysAgo: 6,
    text: 'Which stall for the tamagoyaki, the one on the corner? I go to the same one!',
  },
  { on: ['haru', 'Tsukiji Outer Market'], by: 'haru', daysAgo: 4, text: 'The corner one. The man with the radio.' },
  {
    on: ['aiko', 'Tokyo Tower'],
    by: 'mina',
    daysAgo: 1.5,
    text: 'Tokyo Tower will always be our favourite too. My mother says hello.',
  },
  {
    on: ['greta_b', 'Reichstag Building'],
    by: 'lena_k',
    daysAgo: 9,
    text: 'I would add: the walk down is the better view, with the sun behind you.',
  },
  { on: ['dev_s', 'National Gallery'], by: 'chloe', daysAgo: 4, text: 'Sorted indeed. Did you go and see the Temeraire?' },
  {
    on: ['dev_s', 'National Gallery'],
    by: 'dev_s',
    daysAgo: 3.2,
    text: 'Ten minutes in front of it, like you said. Fair play, it’s a good one.',
  },
  { on: ['tom_b', 'Tempelhofer Feld'], by: 'greta_b', daysAgo: 13, text: 'Come back with a kite.' },
  {
    on: ['sam', 'Shakespeare and Company'],
    by: 'ada',
    daysAgo: 18,
    text: 'And the café next door for a cookie, if its queue is short.',
  },
];

/** A reply from the spam account that a member reported and a moderator hid. */
export const spamReply = {
  on: ['emma_nyc', 'Central Park'] as [Username, PlaceName],
  daysAgo: 38,
  text: 'Cheap Central Park carriage tours 70% OFF!!! DM for the link',
  reportedBy: 'emma_nyc' as Username,
  reportedDaysAgo: 37.8,
  hiddenDaysAgo: 37,
  reason: 'Spam: advertising in a reply',
};

/** The spam account's review, reported and hidden. */
export const spamReview = {
  place: 'Eiffel Tower' as PlaceName,
  daysAgo: 41.5,
  text: 'BEST CHEAP WATCHES!!! visit my shop link in profile, 90% off today only!!!',
  reportedBy: 'ada' as Username,
  reportedDaysAgo: 41,
  hiddenDaysAgo: 40.5,
  reason: 'Spam: advertising, not a review',
};

export interface DemoReport {
  by: Username;
  daysAgo: number;
  reason: 'spam' | 'offensive' | 'wrong_info' | 'closed_or_moved' | 'duplicate' | 'other';
  note: string;
  /** A place, or a review by its author and place. */
  target: { place: PlaceName } | { review: [Username, PlaceName] };
  /** Dismissed by a moderator (no action, so not in the public log). */
  dismissed?: { by: Username; daysAgo: number };
}

/** Reports besides the spam: one dismissed, two still open in the queue. */
export const demoReports: DemoReport[] = [
  {
    by: 'aiko',
    daysAgo: 78,
    reason: 'wrong_info',
    note: 'It says the museum is closed, but the panorama is open.',
    target: { review: ['greta_b', 'Pergamon Museum'] },
    dismissed: { by: 'mina', daysAgo: 76 },
  },
  {
    by: 'ben_travels',
    daysAgo: 3,
    reason: 'closed_or_moved',
    note: 'Closed for renovation until 2030. Could the map say so?',
    target: { place: 'Centre Pompidou' },
  },
  {
    by: 'marcus',
    daysAgo: 2,
    reason: 'wrong_info',
    note: 'The address is the closed museum’s. The panorama that is open is across the water, at Am Kupfergraben 2.',
    target: { place: 'Pergamon Museum' },
  },
];

/** The admin made Mina a moderator early on (the public log shows it). */
export const demoRoleChange = { by: 'sam' as Username, member: 'mina' as Username, daysAgo: 280 };

export interface DemoList {
  owner: Username;
  name: string;
  emoji: string;
  description: string;
  visibility: 'private' | 'unlisted' | 'public';
  daysAgo: number;
  /** In order; `by`: a member of the list who added it (the owner by default). */
  places: { place: PlaceName; note?: string; by?: Username; daysAgo?: number }[];
  members?: { user: Username; role: 'editor' | 'viewer'; invitedDaysAgo: number; acceptedDaysAgo: number | null }[];
  followers?: { user: Username; daysAgo: number }[];
}

export const demoLists: DemoList[] = [
  {
    owner: 'lena_k',
    name: 'Rainy day in Berlin',
    emoji: '☔',
    description: 'Seven places for a grey Berlin day, nearly all indoors and a short U-Bahn ride apart.',
    visibility: 'public',
    daysAgo: 120,
    places: [
      { place: 'Neues Museum', note: 'Book the timed ticket online; the wait for Nefertiti is indoors.' },
      { place: 'Pergamon Museum', note: 'Only the panorama across the water until 2027, but an hour well spent.' },
      { place: 'Berliner Philharmonie', note: 'Tuesday, 1 pm: free chamber music in the foyer (September to June).' },
      { place: 'Café Einstein Stammhaus', note: 'Strudel and a newspaper until it stops.' },
      { place: 'Memorial to the Murdered Jews of Europe', note: 'In heavy rain, the information centre underneath.' },
      { place: 'Reichstag Building', note: 'The dome is roofed; the ramp stays dry.' },
      { place: 'Markthalle Neun', note: 'Thursday evening, everything under one roof.', by: 'lena_k', daysAgo: 30 },
    ],
    followers: [
      { user: 'greta_b', daysAgo: 118 },
      { user: 'chloe', daysAgo: 95 },
      { user: 'marcus', daysAgo: 90 },
      { user: 'felix', daysAgo: 60 },
      { user: 'ben_travels', daysAgo: 20 },
    ],
  },
  {
    owner: 'aiko',
    name: 'Tokyo on a budget',
    emoji: '💴',
    description: 'Free or nearly free, tested on a student’s wallet. Prices in yen, as I paid them.',
    visibility: 'public',
    daysAgo: 140,
    places: [
      { place: 'Sensō-ji', note: 'Free. The omikuji is 100 yen.' },
      { place: 'Meiji Jingu', note: 'Free; only the inner garden charges.' },
      { place: 'Shibuya Crossing', note: 'Free view from the Mark City corridor window.' },
      { place: 'Yoyogi Park', note: 'Sunday rockabilly dancers, free.' },
      { place: 'Tsukiji Outer Market', note: 'Tamagoyaki on a stick, about 200 yen.' },
      { place: 'Ueno Park', note: 'The park is free; the museums have student prices.' },
      { place: 'Shinjuku Gyoen National Garden', note: '500 yen and worth every one.' },
      { place: 'Tokyo Tower', note: 'Cheaper than Skytree. Walk the stairs on a weekend.', daysAgo: 4 },
    ],
    followers: [
      { user: 'ben_travels', daysAgo: 130 },
      { user: 'tom_b', daysAgo: 75 },
      { user: 'dev_s', daysAgo: 62 },
      { user: 'greta_b', daysAgo: 42 },
      { user: 'emma_nyc', daysAgo: 30 },
      { user: 'mina', daysAgo: 12 },
    ],
  },
  {
    owner: 'mina',
    name: 'Paris with Mum, step-free',
    emoji: '♿',
    description: 'Where a wheelchair goes in Paris, and where it doesn’t, from one trip with my mother.',
    visibility: 'public',
    daysAgo: 94,
    places: [
      { place: 'Eiffel Tower', note: 'Lifts to the second floor; the summit is closed to wheelchairs.' },
      { place: 'Notre-Dame de Paris', note: 'Ask the guard for the step-free door at the west front.' },
      { place: 'Musée Rodin', note: 'Firm gravel, a lift in the house, many benches.' },
      { place: 'Angelina', note: 'They found a table with room for the chair.' },
    ],
    followers: [
      { user: 'emma_nyc', daysAgo: 85 },
      { user: 'sam', daysAgo: 80 },
    ],
  },
  {
    owner: 'ada',
    name: 'Coffee before museums',
    emoji: '☕',
    description: 'Where I have a coffee before a museum, and which museum it is before.',
    visibility: 'public',
    daysAgo: 150,
    places: [
      { place: 'Café de Flore', note: 'Upstairs only. Then the Orsay, twenty minutes on foot.' },
      { place: 'Monmouth Coffee Company', note: 'The filter, standing. Then the British Museum.' },
      { place: 'Angelina', note: 'Only on a cold day. Then the Orangerie across the garden.' },
      { place: 'Café Einstein Stammhaus', note: 'Not tried yet; Lena swears by it. Then the Neue Nationalgalerie.', daysAgo: 100 },
    ],
    followers: [
      { user: 'chloe', daysAgo: 148 },
      { user: 'haru', daysAgo: 110 },
      { user: 'felix', daysAgo: 99 },
      { user: 'ben_travels', daysAgo: 70 },
    ],
  },
  {
    owner: 'dev_s',
    name: 'London for free',
    emoji: '🆓',
    description: 'Everything here costs nothing to get into. Food not included.',
    visibility: 'public',
    daysAgo: 140,
    places: [
      { place: 'British Museum', note: 'Use the Montague Place door.' },
      { place: 'Tate Modern', note: 'Collection free, shows paid.' },
      { place: 'National Gallery' },
      { place: 'Victoria and Albert Museum' },
      { place: 'Natural History Museum', note: 'Not at half-term. Trust me.' },
      { place: 'Sky Garden', note: 'Free, but book a couple of weeks ahead.' },
      { place: 'Primrose Hill', note: 'Sunset.' },
      { place: 'Hyde Park' },
    ],
    followers: [
      { user: 'aiko', daysAgo: 44 },
      { user: 'ben_travels', daysAgo: 138 },
      { user: 'tom_b', daysAgo: 64 },
      { user: 'ada', daysAgo: 110 },
    ],
  },
  {
    owner: 'felix',
    name: 'Concert halls worth the flight',
    emoji: '🎻',
    description: 'Rooms that sound as good as they look.',
    visibility: 'public',
    daysAgo: 160,
    places: [
      { place: 'Berliner Philharmonie', note: 'Sit behind the orchestra.' },
      { place: 'Carnegie Hall', note: 'The balcony sounds better than the parquet.' },
      { place: 'Royal Albert Hall', note: 'For big orchestral works, and the Proms.' },
      { place: 'Palais Garnier', note: 'For the room more than the sound.' },
    ],
    followers: [
      { user: 'marcus', daysAgo: 120 },
      { user: 'lena_k', daysAgo: 150 },
      { user: 'chloe', daysAgo: 78 },
      { user: 'sam', daysAgo: 70 },
    ],
  },
  {
    owner: 'emma_nyc',
    name: 'Saturdays with Leo',
    emoji: '🦕',
    description: 'New York with a seven-year-old, tested most weekends. Bathrooms noted.',
    visibility: 'public',
    daysAgo: 190,
    places: [
      { place: 'American Museum of Natural History', note: 'Fourth floor first.' },
      { place: 'Prospect Park', note: 'Greenmarket, then the Long Meadow.' },
      { place: 'Central Park', note: 'Alice statue, boats, carousel.' },
      { place: 'The Metropolitan Museum of Art', note: 'Knights and the temple, one hour max.' },
      { place: 'Bryant Park', note: 'The cleanest restrooms in Midtown.' },
      { place: 'Brooklyn Bridge', note: 'Early, before the crowds.' },
    ],
    followers: [
      { user: 'marcus', daysAgo: 180 },
      { user: 'mina', daysAgo: 150 },
    ],
  },
  {
    owner: 'ben_travels',
    name: 'Berlin in May',
    emoji: '🚲',
    description: 'Planning with Greta, who lives there and vetoes things.',
    visibility: 'private',
    daysAgo: 35,
    places: [
      { place: 'Tempelhofer Feld', note: 'Bring a kite; I have a spare.', by: 'greta_b', daysAgo: 33 },
      {
        place: 'East Side Gallery',
        note: 'Walk it on the river side, then cross the Oberbaum Bridge for dinner.',
        by: 'greta_b',
        daysAgo: 33,
      },
      { place: 'Markthalle Neun', note: 'Thursday! Not Wednesday.', by: 'greta_b', daysAgo: 32 },
      { place: 'Mauerpark', note: 'Sunday only.', by: 'greta_b', daysAgo: 32 },
      { place: 'Berliner Fernsehturm', note: 'Greta says no. Booking it anyway.', daysAgo: 31 },
    ],
    members: [{ user: 'greta_b', role: 'editor', invitedDaysAgo: 34, acceptedDaysAgo: 33.5 }],
  },
  {
    owner: 'haru',
    name: 'Paris in October',
    emoji: '🍂',
    description: 'Early mornings, if the weather holds. Ada knows the cafés.',
    visibility: 'private',
    daysAgo: 5,
    places: [
      { place: 'Jardin du Luxembourg' },
      { place: 'Sainte-Chapelle', note: 'Only on a sunny day.' },
      { place: 'Shakespeare and Company' },
      { place: "Musée d'Orsay", note: 'Thursday evening.' },
    ],
    members: [{ user: 'ada', role: 'editor', invitedDaysAgo: 4, acceptedDaysAgo: null }],
  },
];
