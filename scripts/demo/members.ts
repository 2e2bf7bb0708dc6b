/**
 * The demo community's members (supabase/seed.sql is made from these by scripts/make-seed.ts).
 * Each has a home, a way of writing and things they care about, so their reviews read as theirs:
 *
 *   ada          Paris, Left Bank: coffee, pastry, small museums; precise, wry, gives the price
 *   ben_travels  Manchester: two cities a year on foot; steps, minutes, tickets, practical tips
 *   chloe        London (Hackney), grew up in Lyon: markets, galleries; long, sensory, em dashes
 *   dev_s        South London (Peckham): food first, galleries when it rains; short and funny
 *   emma_nyc     Brooklyn, with Leo (7): parks, delis, museums with a child; toilets and subways
 *   felix        architect between New York and Berlin: buildings, materials, acoustics
 *   greta_b      Berlin (Kreuzberg), on a bicycle: blunt, dry, hates queues and tourist traps
 *   haru         Tokyo (Yanaka), photographer of early mornings: spare, present-tense, light
 *   mina         Tokyo (Setagaya), moderator; travels with her mother, who uses a wheelchair
 *   sam          an Englishman in Paris (Belleville), admin: music, venues, late nights
 *   aiko         Tokyo (Kōenji), student on a budget: yen, konbini, exclamation marks
 *   lena_k       Berlin (Prenzlauer Berg), art historian: context, dates, the labels' omissions
 *   marcus       New York (Harlem), retired history teacher: jazz, stories, his late wife Dolores
 *   tom_b        Dublin: pubs and queues; grumpy, comic, rates hard
 *   deals4u      a spam account, hidden by the moderators
 *
 * Dates are days before the moment the seed runs. `lastSeen`: when the member last opened
 * their notifications (older ones are read, newer ones wait under the bell).
 */
export interface DemoMember {
  /** Last hex digits of the member's id, a0000000-0000-4000-8000-00000000000N. */
  n: number;
  username: string;
  /** Home city (felix lives half the year in Berlin too). */
  home: string;
  email: string;
  password: string;
  displayName: string;
  bio: string;
  role: 'member' | 'moderator' | 'admin';
  joinedDaysAgo: number;
  lastSeenDaysAgo: number;
  /** Places they starred. */
  stars: string[];
  /** Asked to hear about new reviews of places they keep (off by default). */
  newReviewNotices?: boolean;
}

export const demoMembers = [
  {
    n: 1,
    username: 'ada',
    home: 'Paris',
    email: 'ada@pinstar.local',
    password: 'pinstar-demo-1',
    displayName: 'Ada Moreau',
    bio: 'Left Bank, Paris. Coffee first, museums second, pastry whenever. I note the price so you don’t have to ask.',
    role: 'member',
    joinedDaysAgo: 285,
    lastSeenDaysAgo: 6,
    stars: ["Musée d'Orsay", 'Sainte-Chapelle', 'Monmouth Coffee Company', 'Shinjuku Gyoen National Garden', 'Tsukiji Outer Market'],
  },
  {
    n: 2,
    username: 'ben_travels',
    home: 'Manchester',
    email: 'ben@pinstar.local',
    password: 'pinstar-demo-2',
    displayName: 'Ben Okafor',
    bio: 'Manchester. Two cities a year, always on foot — I count the steps so you can plan yours.',
    role: 'member',
    joinedDaysAgo: 250,
    lastSeenDaysAgo: 9,
    stars: ['Tempelhofer Feld', 'East Side Gallery', 'Markthalle Neun', 'Mauerpark', 'Reichstag Building', 'Tokyo Tower'],
    newReviewNotices: true,
  },
  {
    n: 3,
    username: 'chloe',
    home: 'London',
    email: 'chloe@pinstar.local',
    password: 'pinstar-demo-3',
    displayName: 'Chloé Martin',
    bio: 'Grew up in Lyon, Londoner by choice (Hackney). Markets, galleries, long walks by the river.',
    role: 'member',
    joinedDaysAgo: 280,
    lastSeenDaysAgo: 3,
    stars: ['Borough Market', 'Tate Modern', 'Neues Museum', 'Shakespeare and Company', 'The High Line'],
  },
  {
    n: 4,
    username: 'dev_s',
    home: 'London',
    email: 'dev@pinstar.local',
    password: 'pinstar-demo-4',
    displayName: 'Dev Sharma',
    bio: 'Peckham. Food markets on Saturdays, galleries when it rains, and a list of every doughnut I have ever rated.',
    role: 'member',
    joinedDaysAgo: 262,
    lastSeenDaysAgo: 5,
    stars: ["Katz's Delicatessen", 'Tsukiji Outer Market', 'Markthalle Neun', 'Marché des Enfants Rouges', 'Chelsea Market'],
  },
  {
    n: 5,
    username: 'emma_nyc',
    home: 'New York',
    email: 'emma@pinstar.local',
    password: 'pinstar-demo-5',
    displayName: 'Emma Rossi',
    bio: 'Park Slope, Brooklyn, with Leo (7). Parks, delis, free museum nights — and where the clean bathrooms are.',
    role: 'member',
    joinedDaysAgo: 270,
    lastSeenDaysAgo: 2,
    stars: ['American Museum of Natural History', 'Prospect Park', 'teamLab Planets', 'Jardin du Luxembourg', 'Natural History Museum'],
    newReviewNotices: true,
  },
  {
    n: 6,
    username: 'felix',
    home: 'New York',
    email: 'felix@pinstar.local',
    password: 'pinstar-demo-6',
    displayName: 'Felix Wagner',
    bio: 'Architect, between New York and Berlin. I review buildings as much as what is in them, and concert halls by ear.',
    role: 'member',
    joinedDaysAgo: 258,
    lastSeenDaysAgo: 12,
    stars: ['Berliner Philharmonie', 'Neues Museum', 'Carnegie Hall', 'Tokyo National Museum', 'Grand Central Terminal'],
  },
  {
    n: 7,
    username: 'greta_b',
    home: 'Berlin',
    email: 'greta@pinstar.local',
    password: 'pinstar-demo-7',
    displayName: 'Greta Schulz',
    bio: 'Kreuzberg, by bike. I review the places I would take friends to, and say so when I wouldn’t.',
    role: 'member',
    joinedDaysAgo: 278,
    lastSeenDaysAgo: 4,
    stars: ['Tempelhofer Feld', 'Mauerpark', 'Yoyogi Park', 'Parc des Buttes-Chaumont'],
  },
  {
    n: 8,
    username: 'haru',
    home: 'Tokyo',
    email: 'haru@pinstar.local',
    password: 'pinstar-demo-8',
    displayName: 'Haruto Sato',
    bio: 'Yanaka, Tokyo. I photograph cities before breakfast.',
    role: 'member',
    joinedDaysAgo: 275,
    lastSeenDaysAgo: 8,
    stars: ['Jardin du Luxembourg', 'Sainte-Chapelle', 'Primrose Hill', 'Central Park', 'Shinjuku Gyoen National Garden'],
  },
  {
    n: 9,
    username: 'mina',
    home: 'Tokyo',
    email: 'mina@pinstar.local',
    password: 'pinstar-moderator',
    displayName: 'Mina Takeda',
    bio: 'Setagaya, Tokyo. I travel with my mother, who uses a wheelchair, and write down what is step-free. I also help moderate here.',
    role: 'moderator',
    joinedDaysAgo: 290,
    lastSeenDaysAgo: 1,
    stars: ["Regent's Park", 'Tokyo Skytree', 'Shinjuku Gyoen National Garden', 'Musée Rodin', 'Notre-Dame de Paris'],
    newReviewNotices: true,
  },
  {
    n: 10,
    username: 'sam',
    home: 'Paris',
    email: 'sam@pinstar.local',
    password: 'pinstar-admin',
    displayName: 'Sam Whitfield',
    bio: 'An Englishman in Belleville. Gigs, late bars and cheap seats at the opera. I look after this community.',
    role: 'admin',
    joinedDaysAgo: 300,
    lastSeenDaysAgo: 3,
    stars: ['Palais Garnier', 'Parc des Buttes-Chaumont', 'Golden Gai', 'Royal Albert Hall', 'Berliner Philharmonie'],
  },
  {
    n: 11,
    username: 'deals4u',
    home: '',
    email: 'deals4u@pinstar.local',
    password: 'pinstar-demo-spam',
    displayName: 'Deals 4 U',
    bio: 'Daily deals, follow for more!!!',
    role: 'member',
    joinedDaysAgo: 44,
    lastSeenDaysAgo: 40,
    stars: [],
  },
  {
    n: 12,
    username: 'aiko',
    home: 'Tokyo',
    email: 'aiko@pinstar.local',
    password: 'pinstar-demo-9',
    displayName: 'Aiko Tanaka',
    bio: 'Student in Kōenji. Tokyo on a budget: free views, 200-yen breakfasts and the best konbini onigiri.',
    role: 'member',
    joinedDaysAgo: 220,
    lastSeenDaysAgo: 2,
    stars: ['Tempelhofer Feld', 'Camden Market', 'Brooklyn Bridge', 'Angelina'],
  },
  {
    n: 13,
    username: 'lena_k',
    home: 'Berlin',
    email: 'lena@pinstar.local',
    password: 'pinstar-demo-10',
    displayName: 'Lena Krüger',
    bio: 'Prenzlauer Berg. Art historian; I read the labels so you can read the short version here.',
    role: 'member',
    joinedDaysAgo: 232,
    lastSeenDaysAgo: 7,
    stars: ['National Gallery', 'Victoria and Albert Museum', 'Tokyo National Museum', 'Louvre Museum'],
  },
  {
    n: 14,
    username: 'marcus',
    home: 'New York',
    email: 'marcus@pinstar.local',
    password: 'pinstar-demo-11',
    displayName: 'Marcus Bell',
    bio: 'Harlem. Taught history for thirty-one years; now I walk, listen to jazz and finally see the places I taught.',
    role: 'member',
    joinedDaysAgo: 240,
    lastSeenDaysAgo: 10,
    stars: ['Pergamon Museum', 'Berliner Philharmonie', "Shakespeare's Globe", 'Sainte-Chapelle'],
  },
  {
    n: 15,
    username: 'tom_b',
    home: 'Dublin',
    email: 'tom@pinstar.local',
    password: 'pinstar-demo-12',
    displayName: 'Tom Brennan',
    bio: 'Dublin. Pubs, football and any queue I can complain about. Five stars are earned.',
    role: 'member',
    joinedDaysAgo: 205,
    lastSeenDaysAgo: 5,
    stars: ["McSorley's Old Ale House", 'Golden Gai'],
  },
] as const satisfies readonly DemoMember[];

export type Username = (typeof demoMembers)[number]['username'];

export function memberId(n: number): string {
  return `a0000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}
