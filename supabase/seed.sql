-- Demo data for a fresh LOCAL database (`npm start`, `supabase start` / `db reset`).
-- `supabase db push` never applies this file to a hosted project.
--
-- 75 real, well-known public places in Paris, London, New York, Berlin and Tokyo (landmarks,
-- museums, parks, markets, a few cafés and bars) with their real coordinates; demo members
-- who can sign in (bcrypt passwords, as the auth service stores them); reviews and ratings
-- spread over the past months, each composed from its place's own details so no sentence
-- repeats; generated illustrations as photos on 52 places (their alt text says so, files in
-- seed/place-photos) and as every member's avatar (seed/avatars), made by
-- scripts/make-seed-photos.ts; every member has a bio; a few stars, open
-- reports, a hidden spam review and the matching public moderation log.
--
-- Demo accounts (email / password):
--   ada@pinstar.local   / pinstar-demo-1   member (Paris)
--   ben@pinstar.local   / pinstar-demo-2   member
--   chloe@pinstar.local / pinstar-demo-3   member (London)
--   dev@pinstar.local   / pinstar-demo-4   member (London)
--   emma@pinstar.local  / pinstar-demo-5   member (New York)
--   felix@pinstar.local / pinstar-demo-6   member
--   greta@pinstar.local / pinstar-demo-7   member (Berlin)
--   haru@pinstar.local  / pinstar-demo-8   member (Tokyo)
--   mina@pinstar.local  / pinstar-moderator  moderator
--   sam@pinstar.local   / pinstar-admin      admin

-- members --------------------------------------------------------------------------------
create temporary table demo_members (n integer primary key, id uuid not null, email text not null, username text not null,
  display_name text not null, bio text, password text not null, role public.user_role not null, joined_days_ago integer not null);
insert into demo_members values
  (1, 'a0000000-0000-4000-8000-000000000001', 'ada@pinstar.local', 'ada', 'Ada Moreau', 'Left Bank regular. Coffee first, museums second.', 'pinstar-demo-1', 'member', 240),
  (2, 'a0000000-0000-4000-8000-000000000002', 'ben@pinstar.local', 'ben_travels', 'Ben Okafor', 'Two cities a year, always on foot.', 'pinstar-demo-2', 'member', 231),
  (3, 'a0000000-0000-4000-8000-000000000003', 'chloe@pinstar.local', 'chloe', 'Chloé Martin', 'Londoner by choice. Markets, galleries, long walks.', 'pinstar-demo-3', 'member', 226),
  (4, 'a0000000-0000-4000-8000-000000000004', 'dev@pinstar.local', 'dev_s', 'Dev Sharma', 'South London. Food markets on Saturdays, galleries when it rains.', 'pinstar-demo-4', 'member', 198),
  (5, 'a0000000-0000-4000-8000-000000000005', 'emma@pinstar.local', 'emma_nyc', 'Emma Rossi', 'Brooklyn. Parks, delis and free museum nights.', 'pinstar-demo-5', 'member', 215),
  (6, 'a0000000-0000-4000-8000-000000000006', 'felix@pinstar.local', 'felix', 'Felix Wagner', 'Between New York and Berlin.', 'pinstar-demo-6', 'member', 187),
  (7, 'a0000000-0000-4000-8000-000000000007', 'greta@pinstar.local', 'greta_b', 'Greta Schulz', 'Kreuzberg. I review the places I would take friends to.', 'pinstar-demo-7', 'member', 205),
  (8, 'a0000000-0000-4000-8000-000000000008', 'haru@pinstar.local', 'haru', 'Haruto Sato', 'Tokyo walks, early mornings.', 'pinstar-demo-8', 'member', 176),
  (9, 'a0000000-0000-4000-8000-000000000009', 'mina@pinstar.local', 'mina_mod', 'Mina (moderator)', 'Keeping Pinstar friendly and accurate.', 'pinstar-moderator', 'moderator', 245),
  (10, 'a0000000-0000-4000-8000-00000000000a', 'sam@pinstar.local', 'sam_admin', 'Sam (admin)', 'Runs this Pinstar community.', 'pinstar-admin', 'admin', 250),
  (11, 'a0000000-0000-4000-8000-00000000000b', 'deals4u@pinstar.local', 'deals4u', 'Deals 4 U', 'Daily deals, follow for more!!!', 'pinstar-demo-spam', 'member', 20);

-- The profile trigger on auth.users creates each profile (username from the metadata).
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_token,
  recovery_token, email_change_token_new, email_change, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, last_sign_in_at)
select '00000000-0000-0000-0000-000000000000', m.id, 'authenticated', 'authenticated', m.email,
       extensions.crypt(m.password, extensions.gen_salt('bf', 10)), now() - make_interval(days => m.joined_days_ago), '', '', '', '',
       '{"provider": "email", "providers": ["email"]}'::jsonb,
       jsonb_build_object('username', m.username, 'display_name', m.display_name),
       now() - make_interval(days => m.joined_days_ago), now() - make_interval(days => m.joined_days_ago), now() - interval '2 days'
  from demo_members m;
insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select m.id::text, m.id, jsonb_build_object('sub', m.id::text, 'email', m.email, 'email_verified', true, 'phone_verified', false),
       'email', now() - interval '2 days', now() - make_interval(days => m.joined_days_ago), now() - make_interval(days => m.joined_days_ago)
  from demo_members m;
-- Avatars: generated patterns (scripts/make-seed-photos.ts), uploaded from seed/avatars.
update public.profiles p set bio = m.bio, role = m.role, avatar_path = m.id || '/avatar.webp' from demo_members m where p.id = m.id;

-- places ---------------------------------------------------------------------------------
create temporary table demo_places (name text primary key, category public.place_category, description text, address text,
  lat double precision, lng double precision);
insert into demo_places values
  ('Eiffel Tower', 'viewpoint', 'Gustave Eiffel''s wrought-iron tower, finished for the 1889 World''s Fair; lifts and stairs lead to two platforms and a summit deck above the Champ de Mars.', 'Champ de Mars, 5 Avenue Anatole France, 75007 Paris', 48.8584, 2.2945),
  ('Louvre Museum', 'museum', 'The world''s most-visited art museum, in the former royal palace, home of the Mona Lisa and the Venus de Milo; enter through I. M. Pei''s glass pyramid.', 'Rue de Rivoli, 75001 Paris', 48.8606, 2.3376),
  ('Musée d''Orsay', 'museum', 'Impressionist and post-impressionist masterpieces in a converted Beaux-Arts railway station on the Left Bank.', 'Esplanade Valéry Giscard d''Estaing, 75007 Paris', 48.8600, 2.3266),
  ('Notre-Dame de Paris', 'other', 'Gothic cathedral on the Île de la Cité, reopened in December 2024 after the restoration that followed the 2019 fire.', '6 Parvis Notre-Dame, Place Jean-Paul II, 75004 Paris', 48.8530, 2.3499),
  ('Sacré-Cœur Basilica', 'viewpoint', 'White-domed basilica at the top of Montmartre; the steps in front give one of the widest free views over Paris.', '35 Rue du Chevalier de la Barre, 75018 Paris', 48.8867, 2.3431),
  ('Jardin du Luxembourg', 'park', 'Formal gardens of the Luxembourg Palace with the Medici Fountain, tree-lined alleys, chess players and the famous green chairs.', 'Rue de Médicis, 75006 Paris', 48.8462, 2.3372),
  ('Centre Pompidou', 'museum', 'Inside-out building by Piano and Rogers housing Europe''s largest collection of modern art (closed for renovation from 2025).', 'Place Georges-Pompidou, 75004 Paris', 48.8607, 2.3522),
  ('Arc de Triomphe', 'viewpoint', 'Napoleon''s triumphal arch at the top of the Champs-Élysées, above the Tomb of the Unknown Soldier; its roof terrace looks down the twelve avenues of the Étoile.', 'Place Charles de Gaulle, 75008 Paris', 48.8738, 2.2950),
  ('Café de Flore', 'cafe', 'Art-deco café on Boulevard Saint-Germain since the 1880s, long a haunt of writers and philosophers; famous for its hot chocolate and its terrace.', '172 Boulevard Saint-Germain, 75006 Paris', 48.8541, 2.3326),
  ('Marché des Enfants Rouges', 'shop', 'Paris''s oldest covered market, founded in 1615 in the Marais, with produce stalls and counters serving food from around the world.', '39 Rue de Bretagne, 75003 Paris', 48.8628, 2.3620),
  ('Shakespeare and Company', 'shop', 'English-language bookshop facing Notre-Dame, with creaking floors, reading nooks and a café next door.', '37 Rue de la Bûcherie, 75005 Paris', 48.8526, 2.3471),
  ('Jardin des Tuileries', 'park', 'The palace garden between the Louvre and Place de la Concorde, with ponds, statues and the Orangerie museum at its western end.', 'Place de la Concorde, 75001 Paris', 48.8635, 2.3275),
  ('Parc des Buttes-Chaumont', 'park', 'Hilly 19th-century park in north-east Paris built on old quarries, with a lake, cliffs and a temple on a rocky island.', '1 Rue Botzaris, 75019 Paris', 48.8809, 2.3828),
  ('Musée Rodin', 'museum', 'Auguste Rodin''s works, including The Thinker and The Kiss, in the Hôtel Biron and its rose garden.', '77 Rue de Varenne, 75007 Paris', 48.8553, 2.3159),
  ('Palais Garnier', 'venue', 'The opulent 1875 opera house of the Paris Opera, with its grand staircase and Chagall''s painted ceiling.', 'Place de l''Opéra, 75009 Paris', 48.8720, 2.3316),
  ('Sainte-Chapelle', 'other', '13th-century royal chapel on the Île de la Cité, known for its walls of stained glass.', '10 Boulevard du Palais, 75001 Paris', 48.8554, 2.3450),
  ('Angelina', 'cafe', 'Belle-époque tea room on Rue de Rivoli since 1903, known for its thick "L''Africain" hot chocolate and Mont-Blanc pastry.', '226 Rue de Rivoli, 75001 Paris', 48.8651, 2.3284),
  ('British Museum', 'museum', 'Two million years of human history with free entry, from the Rosetta Stone to the Parthenon sculptures, under Norman Foster''s Great Court roof.', 'Great Russell Street, London WC1B 3DG', 51.5194, -0.1270),
  ('Tower of London', 'museum', 'Norman fortress on the Thames, home of the Crown Jewels and the Yeoman Warders.', 'London EC3N 4AB', 51.5081, -0.0759),
  ('Tate Modern', 'museum', 'International modern and contemporary art in the former Bankside Power Station; the Turbine Hall hosts large commissions. Free entry to the collection.', 'Bankside, London SE1 9TG', 51.5076, -0.0994),
  ('Borough Market', 'shop', 'One of London''s oldest food markets, beside London Bridge, with produce, cheese, bakeries and street food.', '8 Southwark Street, London SE1 1TL', 51.5055, -0.0910),
  ('Hyde Park', 'park', 'One of London''s Royal Parks, with the Serpentine lake, Speakers'' Corner and wide lawns.', 'London W2 2UH', 51.5073, -0.1657),
  ('National Gallery', 'museum', 'Western European painting from the 13th to the 19th century on Trafalgar Square, free to visit.', 'Trafalgar Square, London WC2N 5DN', 51.5089, -0.1283),
  ('St Paul''s Cathedral', 'other', 'Christopher Wren''s domed cathedral; climb to the Whispering Gallery and the Golden Gallery for views over the City.', 'St. Paul''s Churchyard, London EC4M 8AD', 51.5138, -0.0984),
  ('Primrose Hill', 'viewpoint', 'Grassy hill north of Regent''s Park with a protected view of the central London skyline.', 'Primrose Hill Road, London NW1 4NR', 51.5394, -0.1607),
  ('Natural History Museum', 'museum', 'Romanesque cathedral of natural history in South Kensington: the blue whale in Hintze Hall, dinosaurs and minerals; free entry.', 'Cromwell Road, London SW7 5BD', 51.4967, -0.1764),
  ('Camden Market', 'shop', 'Sprawling markets along the Regent''s Canal at Camden Lock with vintage clothes, crafts and street food.', 'Camden Lock Place, London NW1 8AF', 51.5415, -0.1466),
  ('Royal Albert Hall', 'venue', 'Victorian concert hall in South Kensington, home of the BBC Proms every summer.', 'Kensington Gore, London SW7 2AP', 51.5010, -0.1774),
  ('Sky Garden', 'viewpoint', 'Free public garden on the top floors of 20 Fenchurch Street ("the Walkie-Talkie"); book a slot in advance.', '1 Sky Garden Walk, London EC3M 8AF', 51.5112, -0.0835),
  ('Regent''s Park', 'park', 'Royal Park with Queen Mary''s Rose Gardens, a boating lake and the open-air theatre, at the edge of London Zoo.', 'London NW1 4NR', 51.5313, -0.1570),
  ('Shakespeare''s Globe', 'venue', 'Reconstruction of Shakespeare''s open-air playhouse on the South Bank; standing "groundling" tickets are cheap.', '21 New Globe Walk, London SE1 9DT', 51.5081, -0.0972),
  ('Victoria and Albert Museum', 'museum', 'The world''s leading museum of art, design and performance, with a garden café in the John Madejski Garden; free entry.', 'Cromwell Road, London SW7 2RL', 51.4966, -0.1722),
  ('Monmouth Coffee Company', 'cafe', 'Small Covent Garden coffee house roasting its own single-origin beans since 1978.', '27 Monmouth Street, London WC2H 9EU', 51.5143, -0.1267),
  ('Central Park', 'park', '843 acres of lawns, lakes and woodland in the middle of Manhattan, designed by Olmsted and Vaux.', 'New York, NY 10024', 40.7812, -73.9665),
  ('The Metropolitan Museum of Art', 'museum', 'The largest art museum in the Americas, on Fifth Avenue at the edge of Central Park; its roof garden opens in summer.', '1000 5th Ave, New York, NY 10028', 40.7794, -73.9632),
  ('Museum of Modern Art', 'museum', 'MoMA''s collection of modern art, from Van Gogh''s The Starry Night to Warhol, in Midtown.', '11 W 53rd St, New York, NY 10019', 40.7614, -73.9776),
  ('The High Line', 'park', 'A park on a disused elevated railway along Manhattan''s West Side, from Gansevoort Street to Hudson Yards.', 'New York, NY 10011', 40.7480, -74.0048),
  ('Brooklyn Bridge', 'viewpoint', 'The 1883 suspension bridge across the East River; walk its wooden promenade for views of Lower Manhattan.', 'Brooklyn Bridge, New York, NY 10038', 40.7061, -73.9969),
  ('Statue of Liberty', 'viewpoint', 'Bartholdi''s copper statue on Liberty Island, reached by ferry from Battery Park; crown tickets sell out early.', 'Liberty Island, New York, NY 10004', 40.6892, -74.0445),
  ('Chelsea Market', 'shop', 'Food hall in the former Nabisco factory where the Oreo was born, under the High Line.', '75 9th Ave, New York, NY 10011', 40.7424, -74.0061),
  ('Grand Central Terminal', 'other', 'Beaux-Arts railway terminal with the celestial ceiling in its Main Concourse and the Whispering Gallery below.', '89 E 42nd St, New York, NY 10017', 40.7527, -73.9772),
  ('Empire State Building', 'viewpoint', 'Art-deco skyscraper of 1931 with observation decks on the 86th and 102nd floors.', '20 W 34th St, New York, NY 10001', 40.7484, -73.9857),
  ('American Museum of Natural History', 'museum', 'Dinosaur halls, the blue whale in the Hall of Ocean Life and the Hayden Planetarium on the Upper West Side.', '200 Central Park West, New York, NY 10024', 40.7813, -73.9740),
  ('Katz''s Delicatessen', 'restaurant', 'Lower East Side deli since 1888, known for hand-cut pastrami on rye; keep your ticket.', '205 E Houston St, New York, NY 10002', 40.7223, -73.9874),
  ('Prospect Park', 'park', 'Brooklyn''s 526-acre park by Olmsted and Vaux, with the Long Meadow and a lake.', 'Brooklyn, NY 11225', 40.6602, -73.9690),
  ('Carnegie Hall', 'venue', 'Concert hall of 1891 in Midtown, famous for its acoustics.', '881 7th Ave, New York, NY 10019', 40.7651, -73.9799),
  ('Solomon R. Guggenheim Museum', 'museum', 'Frank Lloyd Wright''s spiral museum of modern and contemporary art on Fifth Avenue.', '1071 5th Ave, New York, NY 10128', 40.7830, -73.9590),
  ('Bryant Park', 'park', 'Midtown lawn behind the New York Public Library, with a winter village and ice rink and summer film nights.', 'New York, NY 10018', 40.7536, -73.9832),
  ('McSorley''s Old Ale House', 'bar', 'One of New York''s oldest Irish taverns, open since the 1850s; two kinds of ale, light or dark, sawdust on the floor.', '15 E 7th St, New York, NY 10003', 40.7287, -73.9897),
  ('Brandenburg Gate', 'viewpoint', 'Neoclassical 18th-century gate on Pariser Platz, symbol of Berlin''s division and reunification.', 'Pariser Platz, 10117 Berlin', 52.5163, 13.3777),
  ('Reichstag Building', 'viewpoint', 'Seat of the Bundestag, crowned by Norman Foster''s glass dome with a spiral ramp; visits are free but must be booked.', 'Platz der Republik 1, 11011 Berlin', 52.5186, 13.3762),
  ('Pergamon Museum', 'museum', 'Museum Island''s museum of antiquities with the Ishtar Gate of Babylon (largely closed for renovation until 2027).', 'Bodestraße 1-3, 10178 Berlin', 52.5212, 13.3969),
  ('East Side Gallery', 'other', '1.3 km of the Berlin Wall along the Spree, painted by artists from around the world in 1990.', 'Mühlenstraße 3-100, 10243 Berlin', 52.5050, 13.4397),
  ('Tiergarten', 'park', 'Berlin''s great inner-city park between the Brandenburg Gate and the Zoo, with the Victory Column at its centre.', 'Straße des 17. Juni, 10557 Berlin', 52.5145, 13.3501),
  ('Tempelhofer Feld', 'park', 'The former Tempelhof airport, now a vast open park where people cycle, skate and fly kites on the runways.', 'Tempelhofer Damm, 12101 Berlin', 52.4731, 13.4039),
  ('Markthalle Neun', 'shop', 'Kreuzberg market hall of 1891 with local producers, and Street Food Thursday every week.', 'Eisenbahnstraße 42/43, 10997 Berlin', 52.5022, 13.4318),
  ('Berliner Fernsehturm', 'viewpoint', 'The TV tower on Alexanderplatz, 368 m tall; its sphere holds a viewing deck and a revolving restaurant.', 'Panoramastraße 1A, 10178 Berlin', 52.5208, 13.4094),
  ('Memorial to the Murdered Jews of Europe', 'other', 'Peter Eisenman''s field of 2,711 concrete stelae near the Brandenburg Gate, with an information centre underneath.', 'Cora-Berliner-Straße 1, 10117 Berlin', 52.5139, 13.3787),
  ('Berliner Philharmonie', 'venue', 'Hans Scharoun''s tent-like concert hall, home of the Berlin Philharmonic, with the orchestra in the middle of the audience.', 'Herbert-von-Karajan-Straße 1, 10785 Berlin', 52.5100, 13.3700),
  ('Neues Museum', 'museum', 'David Chipperfield''s restoration of a war-damaged museum on Museum Island, home of the bust of Nefertiti.', 'Bodestraße 1-3, 10178 Berlin', 52.5200, 13.3978),
  ('Mauerpark', 'park', 'Park on the former death strip in Prenzlauer Berg, famous for its Sunday flea market and open-air karaoke.', 'Bernauer Straße 63-64, 13355 Berlin', 52.5433, 13.4023),
  ('Café Einstein Stammhaus', 'cafe', 'Viennese-style coffee house in a 19th-century villa, with apple strudel and a garden.', 'Kurfürstenstraße 58, 10785 Berlin', 52.5024, 13.3543),
  ('Sensō-ji', 'other', 'Tokyo''s oldest temple, in Asakusa, reached through the Kaminarimon gate and the Nakamise shopping street.', '2-3-1 Asakusa, Taito City, Tokyo 111-0032', 35.7148, 139.7967),
  ('Meiji Jingu', 'other', 'Shinto shrine of Emperor Meiji in a forest of 100,000 trees next to Harajuku, entered through giant wooden torii.', '1-1 Yoyogikamizonocho, Shibuya City, Tokyo 151-8557', 35.6764, 139.6993),
  ('Shibuya Crossing', 'viewpoint', 'The famous scramble crossing outside Shibuya Station, best watched from above at night.', 'Shibuya City, Tokyo 150-0043', 35.6595, 139.7005),
  ('Tokyo Skytree', 'viewpoint', 'Broadcasting tower of 634 m in Sumida with decks at 350 m and 450 m.', '1-1-2 Oshiage, Sumida City, Tokyo 131-0045', 35.7101, 139.8107),
  ('Tokyo National Museum', 'museum', 'Japan''s oldest museum, in Ueno Park, with the largest collection of Japanese art and archaeology.', '13-9 Uenokoen, Taito City, Tokyo 110-8712', 35.7188, 139.7765),
  ('Shinjuku Gyoen National Garden', 'park', 'Former imperial garden mixing Japanese, English and French styles; a favourite for cherry blossoms and autumn leaves.', '11 Naitomachi, Shinjuku City, Tokyo 160-0014', 35.6852, 139.7101),
  ('Tsukiji Outer Market', 'shop', 'The market streets that stayed when the wholesale fish market moved to Toyosu: sushi counters, knives and street snacks.', '4-16-2 Tsukiji, Chuo City, Tokyo 104-0045', 35.6654, 139.7707),
  ('Ueno Park', 'park', 'Large public park with museums, a zoo, Shinobazu Pond and hundreds of cherry trees.', 'Uenokoen, Taito City, Tokyo 110-0007', 35.7156, 139.7730),
  ('teamLab Planets', 'museum', 'Immersive digital art museum in Toyosu where you walk barefoot through water and light installations.', '6-1-16 Toyosu, Koto City, Tokyo 135-0061', 35.6491, 139.7898),
  ('Tokyo Tower', 'viewpoint', 'The orange-and-white lattice tower of 1958 in Minato, with a main deck at 150 m.', '4-2-8 Shibakoen, Minato City, Tokyo 105-0011', 35.6586, 139.7454),
  ('Mori Art Museum', 'museum', 'Contemporary art museum on the 53rd floor of Roppongi Hills Mori Tower, next to the Tokyo City View deck.', '6-10-1 Roppongi, Minato City, Tokyo 106-6150', 35.6605, 139.7292),
  ('Yoyogi Park', 'park', 'One of Tokyo''s largest parks, next to Meiji Jingu, busy with picnics, musicians and weekend festivals.', '2-1 Yoyogikamizonocho, Shibuya City, Tokyo 151-0052', 35.6717, 139.6949),
  ('Golden Gai', 'bar', 'Six narrow alleys in Shinjuku packed with around 200 tiny bars, many seating only a handful of people.', '1 Kabukicho, Shinjuku City, Tokyo 160-0021', 35.6940, 139.7046);

-- What a visitor remembers of each place and where it is: the composed reviews below are
-- built from these, so each one speaks of its own place.
create temporary table demo_notes (name text primary key, area text not null, detail text not null,
  the boolean not null); -- whether people say "the" before the name
insert into demo_notes values
  ('Eiffel Tower', 'the Champ de Mars', 'the view from the second-floor platform', true),
  ('Louvre Museum', 'the Tuileries end of Rue de Rivoli', 'the Winged Victory at the top of the Daru staircase', true),
  ('Musée d''Orsay', 'the Left Bank', 'the great clock window on the fifth floor', true),
  ('Notre-Dame de Paris', 'the Île de la Cité', 'the rose windows, bright again after the restoration', false),
  ('Sacré-Cœur Basilica', 'Montmartre', 'the mosaic of Christ in Majesty above the choir', true),
  ('Jardin du Luxembourg', 'Saint-Germain and the Latin Quarter', 'the Medici Fountain under the plane trees', true),
  ('Centre Pompidou', 'Beaubourg', 'the escalator tube climbing the façade', true),
  ('Arc de Triomphe', 'the top of the Champs-Élysées', 'the roof terrace over the twelve avenues', true),
  ('Café de Flore', 'Saint-Germain-des-Prés', 'the red banquettes on the ground floor', false),
  ('Marché des Enfants Rouges', 'the northern Marais', 'the Moroccan counter with its couscous', true),
  ('Shakespeare and Company', 'the Latin Quarter', 'the upstairs reading library with its old piano', false),
  ('Jardin des Tuileries', 'the Louvre side of Concorde', 'the Grand Bassin with its toy sailing boats', true),
  ('Parc des Buttes-Chaumont', 'the 19th arrondissement', 'the Temple de la Sibylle on its rocky island', true),
  ('Musée Rodin', 'the 7th arrondissement', 'The Thinker among the roses', true),
  ('Palais Garnier', 'the Opéra district', 'the marble grand staircase', true),
  ('Sainte-Chapelle', 'the Palais de Justice', 'the upper chapel''s fifteen stained-glass windows', true),
  ('Angelina', 'Rue de Rivoli', 'the Mont-Blanc of chestnut cream and meringue', false),
  ('British Museum', 'Bloomsbury', 'the Sutton Hoo helmet', true),
  ('Tower of London', 'the City''s eastern edge', 'the Crown Jewels in the Jewel House', true),
  ('Tate Modern', 'Bankside', 'the Rothko room', false),
  ('Borough Market', 'London Bridge', 'the raclette scraped straight onto potatoes', false),
  ('Hyde Park', 'Knightsbridge and Bayswater', 'a swim at the Serpentine Lido', false),
  ('National Gallery', 'Trafalgar Square', 'Van Gogh''s Sunflowers', true),
  ('St Paul''s Cathedral', 'the City of London', 'the climb to the Golden Gallery', false),
  ('Primrose Hill', 'north of Regent''s Park', 'the skyline from the summit bench', false),
  ('Natural History Museum', 'South Kensington', 'the blue whale skeleton hanging in Hintze Hall', true),
  ('Camden Market', 'Camden Lock', 'the food stalls in the old stables', false),
  ('Royal Albert Hall', 'Kensington Gore', 'a Proms night standing in the arena', true),
  ('Sky Garden', 'Fenchurch Street', 'the terrace looking towards Tower Bridge', true),
  ('Regent''s Park', 'Marylebone', 'Queen Mary''s Rose Gardens in June', false),
  ('Shakespeare''s Globe', 'the South Bank', 'standing in the yard as a groundling', false),
  ('Victoria and Albert Museum', 'Exhibition Road', 'the cast courts with Trajan''s Column', true),
  ('Monmouth Coffee Company', 'Seven Dials', 'a filter coffee at the tiny back bench', false),
  ('Central Park', 'the middle of Manhattan', 'Bethesda Fountain', false),
  ('The Metropolitan Museum of Art', 'the Upper East Side', 'the Temple of Dendur', false),
  ('Museum of Modern Art', 'Midtown', 'The Starry Night on the fifth floor', true),
  ('The High Line', 'Chelsea and the Meatpacking District', 'the sunken overlook above Tenth Avenue', false),
  ('Brooklyn Bridge', 'DUMBO', 'the wooden promenade between the towers', false),
  ('Statue of Liberty', 'New York Harbor', 'the crown, reached by a narrow spiral stair', true),
  ('Chelsea Market', 'the Meatpacking District', 'the lobster rolls', false),
  ('Grand Central Terminal', 'Midtown East', 'the painted ceiling of the Main Concourse', true),
  ('Empire State Building', 'Koreatown and Herald Square', 'the open-air deck on the 86th floor', true),
  ('American Museum of Natural History', 'the Upper West Side', 'the Hayden Planetarium show', true),
  ('Katz''s Delicatessen', 'the Lower East Side', 'a hot pastrami on rye with pickles', false),
  ('Prospect Park', 'Park Slope', 'the Long Meadow on a Sunday morning', false),
  ('Carnegie Hall', 'West 57th Street', 'the Stern Auditorium''s sound from the balcony', false),
  ('Solomon R. Guggenheim Museum', 'Museum Mile', 'the walk up Wright''s spiral ramp', true),
  ('Bryant Park', 'the back of the Public Library', 'the free ice rink in winter', false),
  ('McSorley''s Old Ale House', 'the East Village', 'the dark ale served two mugs at a time', false),
  ('Brandenburg Gate', 'Pariser Platz', 'the quadriga lit up at night', true),
  ('Reichstag Building', 'the government quarter', 'the spiral ramp inside the glass dome', true),
  ('Pergamon Museum', 'Museum Island', 'the blue-glazed Ishtar Gate', true),
  ('East Side Gallery', 'Friedrichshain', 'the Fraternal Kiss mural', true),
  ('Tiergarten', 'the Mitte side of Charlottenburg', 'the view from the Victory Column', false),
  ('Tempelhofer Feld', 'Neukölln and Tempelhof', 'cycling the old runways', false),
  ('Markthalle Neun', 'Kreuzberg', 'Street Food Thursday', false),
  ('Berliner Fernsehturm', 'Alexanderplatz', 'the revolving restaurant in the sphere', true),
  ('Memorial to the Murdered Jews of Europe', 'Ministergärten', 'the information centre under the stelae', true),
  ('Berliner Philharmonie', 'the Kulturforum', 'a seat in the vineyard terraces behind the orchestra', true),
  ('Neues Museum', 'the Spree side of Museum Island', 'the bust of Nefertiti', true),
  ('Mauerpark', 'Prenzlauer Berg', 'the Sunday karaoke in the amphitheatre', false),
  ('Café Einstein Stammhaus', 'Schöneberg', 'the apple strudel with vanilla sauce', false),
  ('Sensō-ji', 'Asakusa', 'the Kaminarimon lantern', false),
  ('Meiji Jingu', 'Harajuku', 'the wall of sake barrels on the forest path', false),
  ('Shibuya Crossing', 'Shibuya Station', 'the view over the scramble from the Shibuya Sky deck', false),
  ('Tokyo Skytree', 'Oshiage', 'the glass floor on the Tembo Deck', false),
  ('Tokyo National Museum', 'the north end of Ueno Park', 'the Gallery of Horyuji Treasures', true),
  ('Shinjuku Gyoen National Garden', 'Shinjuku', 'the Japanese landscape garden with its teahouse', true),
  ('Tsukiji Outer Market', 'Tsukiji', 'the tamagoyaki on a stick', true),
  ('Ueno Park', 'Ueno', 'the boats on Shinobazu Pond', false),
  ('teamLab Planets', 'Toyosu', 'the room of floating flowers', false),
  ('Tokyo Tower', 'Shiba Park', 'the Top Deck tour', false),
  ('Mori Art Museum', 'Roppongi Hills', 'the Sky Deck on the roof', true),
  ('Yoyogi Park', 'Harajuku and Shibuya', 'the Sunday dancers by the entrance', false),
  ('Golden Gai', 'Kabukicho', 'a six-seat bar up a steep stair', false);

-- Each place was added by the member who lives in its city, over the first weeks.
insert into public.places (name, category, description, address, lat, lng, created_by, created_at, updated_at)
select d.name, d.category, d.description, d.address, d.lat, d.lng, m.id, t.at, t.at
  from demo_places d
  join demo_members m on m.n = case when d.lng between 2 and 3 then 1 when d.lng between -1 and 0 then 3
                                    when d.lng < -70 then 5 when d.lng between 13 and 14 then 7 else 8 end
  cross join lateral (select now() - make_interval(days => 170 + get_byte(decode(md5(d.name), 'hex'), 0) % 50,
                                                   hours => get_byte(decode(md5(d.name), 'hex'), 1) % 24) as at) t;

-- reviews: hand-written ones (with photos), then ones composed from each place's notes ---
insert into public.reviews (place_id, author_id, rating, body, visited_on, created_at, updated_at)
select p.id, m.id, r.rating, r.body, (now() - make_interval(days => r.days_ago + 3))::date,
       now() - make_interval(days => r.days_ago), now() - make_interval(days => r.days_ago)
  from (values
    (1, 'Eiffel Tower', 5, 'Went up at dusk and stayed for the sparkle on the hour. Book the summit online in advance; the queue for the stairs to the second floor is much shorter than for the lifts.', 150),
    (1, 'Louvre Museum', 4, 'Enormous and worth it, but go in with a plan. The Denon wing is packed around the Mona Lisa; the Near Eastern antiquities were almost empty on a Wednesday evening.', 120),
    (1, 'Café de Flore', 4, 'Pricey, yes, but the hot chocolate is the real thing and people-watching from the terrace on Boulevard Saint-Germain is half the point. Service is brisk and professional.', 45),
    (2, 'Jardin du Luxembourg', 5, 'Grab one of the green chairs by the Medici Fountain and you will not want to leave. Lovely in the morning before the crowds, and the puppet theatre is a treat for kids.', 98),
    (2, 'Sacré-Cœur Basilica', 4, 'The view from the steps is free and spectacular, especially at sunset. Watch out for the string-bracelet sellers at the bottom of the hill; just keep walking.', 88),
    (3, 'Borough Market', 5, 'Best on a weekday lunchtime. Cheese toasties, fresh oysters, proper bread. It gets very crowded on Saturdays, so come early or be patient.', 60),
    (3, 'Tate Modern', 5, 'The Turbine Hall commission changes every year and is always worth a look. Do not miss the free viewing level at the top of the Blavatnik Building.', 75),
    (3, 'Primrose Hill', 5, 'A short climb for one of the best views of the London skyline. Bring a blanket and a picnic on a clear evening.', 33),
    (4, 'British Museum', 5, 'Free, vast and full of wonders: the Rosetta Stone, the Lewis chessmen, the Egyptian galleries. The Great Court roof alone is worth the visit.', 110),
    (4, 'Sky Garden', 4, 'Free if you book a slot online a few weeks ahead. Great 360 degree views, though the bar is expensive. Go for sunset.', 52),
    (5, 'The High Line', 5, 'A brilliant way to walk the West Side: gardens, art and views over the streets. Start at Gansevoort and end at Hudson Yards.', 70),
    (5, 'Brooklyn Bridge', 5, 'Walk it from Brooklyn towards Manhattan for the skyline in front of you. Very early morning is magical and much calmer.', 40),
    (5, 'Central Park', 5, 'Bethesda Terrace, Bow Bridge, the Ramble: you can lose a whole day here. Rent a rowboat at the Loeb Boathouse if the weather is good.', 130),
    (6, 'The Metropolitan Museum of Art', 5, 'The Temple of Dendur at dusk and the roof garden in summer are highlights. New York State residents can pay what they wish.', 90),
    (6, 'Katz''s Delicatessen', 4, 'The pastrami on rye is enormous and excellent. Do not lose your ticket at the door, and tip the carver for a taste while you wait.', 25),
    (7, 'East Side Gallery', 4, 'A powerful open-air gallery on the longest surviving stretch of the Wall. Go early to see the murals without crowds of selfie sticks.', 140),
    (7, 'Tempelhofer Feld', 5, 'Cycling down an old runway never gets old. Huge skies, barbecues, community gardens and kite surfers on windy days.', 65),
    (7, 'Berliner Fernsehturm', 4, 'Book a time slot to skip the queue. The view from the sphere is great at night, the restaurant a bit expensive.', 22),
    (8, 'Sensō-ji', 5, 'Come before 8 am and the temple grounds are peaceful. Nakamise street opens later and is great for ningyo-yaki snacks.', 115),
    (8, 'Shibuya Crossing', 4, 'Watch from the Shibuya Sky deck or a café above the station, then cross it yourself. Best at night when everything is lit.', 80),
    (8, 'Shinjuku Gyoen National Garden', 5, 'Quiet, beautifully kept and worth the small entry fee. The autumn colours in the Japanese garden were stunning.', 35),
    (2, 'Tokyo Skytree', 4, 'The 350 m deck is enough on a clear day; you can sometimes see Mount Fuji in winter. The Solamachi mall below has good food.', 50)
  ) as r (member, place, rating, body, days_ago)
  join demo_members m on m.n = r.member
  join public.places p on p.name = r.place;

-- Everyone else's reviews are composed from each place's own name, city, neighbourhood and
-- remembered detail: an opening that matches the rating, then the detail, a tip or both.
-- Phrases are never reused within a place and every phrase names its place or its detail,
-- so no sentence repeats anywhere (tests/data/seed.test.ts checks it).
create temporary table demo_phrases (kind text, k integer, body text, primary key (kind, k));
insert into demo_phrases values
  ('open5', 0, '%6$s was the highlight of my week in %2$s.'),
  ('open5', 1, 'Everything people say about %1$s is true, and then some.'),
  ('open5', 2, 'I would go back to %1$s tomorrow.'),
  ('open5', 3, 'Of everything I saw in %2$s, %1$s stayed with me the longest.'),
  ('open5', 4, 'No hesitation about the five stars for %1$s.'),
  ('open5', 5, '%6$s is where I now send every friend who visits %2$s.'),
  ('open4', 0, 'A very good visit to %1$s, with one or two small niggles.'),
  ('open4', 1, '%6$s is well worth the time, even if it is not perfect.'),
  ('open4', 2, 'I enjoyed %1$s more than I expected to.'),
  ('open4', 3, 'A solid four stars for %1$s.'),
  ('open4', 4, 'Glad I made room for %1$s in a busy few days in %2$s.'),
  ('open4', 5, '%6$s mostly lived up to its reputation.'),
  ('open3', 0, '%6$s was fine, but I expected more.'),
  ('open3', 1, 'Mixed feelings about %1$s.'),
  ('open3', 2, 'A decent stop, though %1$s did not quite win me over.'),
  ('open3', 3, 'I can see why people love %1$s, but it was not for me that day.'),
  ('open3', 4, '%6$s is good, not great.'),
  ('open3', 5, 'Half of my visit to %1$s was wonderful and half was a slog.'),
  ('open2', 0, 'Honestly, %1$s was a disappointment.'),
  ('open2', 1, 'I left %1$s wishing I had spent the afternoon elsewhere in %2$s.'),
  ('open2', 2, '%6$s did not work for me at all this time.'),
  ('open2', 3, 'Hard to recommend %1$s as it is right now.'),
  ('open2', 4, 'Too crowded and too rushed: %1$s deserves better.'),
  ('open2', 5, 'Not my favourite part of %2$s, I am afraid: %1$s felt tired.'),
  ('good', 0, 'The best part was %3$s.'),
  ('good', 1, 'Do not leave without seeing %3$s.'),
  ('good', 2, 'I could have spent an hour on %3$s alone.'),
  ('good', 3, 'What I remember most is %3$s.'),
  ('good', 4, 'Make time for %3$s, it is the real reward.'),
  ('good', 5, 'I still think about %3$s.'),
  ('mixed', 0, 'I did like %3$s, to be fair.'),
  ('mixed', 1, 'The saving grace was %3$s.'),
  ('mixed', 2, 'Even %3$s felt rushed with so many people around.'),
  ('mixed', 3, 'I had come for %3$s and it was only partly worth it.'),
  ('mixed', 4, 'At least %3$s was as good as the pictures.'),
  ('mixed', 5, 'Skip the rest and go straight to %3$s.'),
  ('tip', 0, 'Go %5$s if you can, when %4$s is calmer.'),
  ('tip', 1, 'Pair it with a wander around %4$s afterwards.'),
  ('tip', 2, 'Getting there is easy, and %4$s has plenty of places to eat.'),
  ('tip', 3, 'Next time I am in %4$s I will go %5$s.'),
  ('tip', 4, 'If you are staying around %4$s, it is close enough to judge for yourself.'),
  ('tip', 5, 'Allow more time than you think, and keep an hour for %4$s.');

-- Locals review most of their city, travellers some of theirs, everyone else a few: all
-- decided by a hash, so every fresh database gets the same guide.
insert into public.reviews (place_id, author_id, rating, body, visited_on, created_at, updated_at)
select c.place_id, c.author_id, c.rating,
       concat_ws(' ',
         format(o.body, c.called, c.city, c.detail, c.area, c.best_time, c.called_first),
         case when c.shape <> 0 then format(d.body, c.name, c.city, c.detail, c.area, c.best_time) end,
         case when c.shape <> 1 then format(t.body, c.name, c.city, c.detail, c.area, c.best_time) end),
       c.visited_on, c.at, c.at
  from (
    select p.id as place_id, m.id as author_id, p.name, case when n.the then 'the ' || p.name else p.name end as called,
           case when n.the then 'The ' || p.name else p.name end as called_first, n.area, n.detail,
           case when h.b1 < 18 then 2 when h.b1 < 70 then 3 when h.b1 < 165 then 4 else 5 end as rating,
           case when p.lng between 2 and 3 then 'Paris' when p.lng between -1 and 0 then 'London'
                when p.lng < -70 then 'New York' when p.lng between 13 and 14 then 'Berlin' else 'Tokyo' end as city,
           case p.category when 'museum' then 'on a weekday morning' when 'park' then 'early on a weekday'
                when 'viewpoint' then 'in the hour before sunset' when 'shop' then 'before noon on a weekday'
                when 'cafe' then 'in the middle of the afternoon' when 'bar' then 'early in the evening'
                when 'restaurant' then 'for a late lunch' when 'venue' then 'on a weeknight'
                else 'first thing in the morning' end as best_time,
           h.b6 % 3 as shape, get_byte(decode(md5(p.name), 'hex'), 2) as offset_,
           row_number() over (partition by p.id order by h.b7, m.n) - 1 as i,
           (h.at - make_interval(days => h.b4 % 10))::date as visited_on, h.at
      from public.places p
      join demo_notes n on n.name = p.name
      cross join demo_members m
      cross join lateral (select decode(md5(p.name || ':' || m.username), 'hex') as d) x
      cross join lateral (select get_byte(x.d, 0) as b0, get_byte(x.d, 1) as b1, get_byte(x.d, 4) as b4,
                                 get_byte(x.d, 6) as b6, get_byte(x.d, 7) as b7,
                                 now() - make_interval(days => 3 + get_byte(x.d, 2) % 160, hours => get_byte(x.d, 3) % 24) as at) h
     where m.n <= 9
       and h.b0 < case
             when m.n = (case when p.lng between 2 and 3 then 1 when p.lng between -1 and 0 then 3
                              when p.lng < -70 then 5 when p.lng between 13 and 14 then 7 else 8 end) then 215
             when m.n = 4 and p.lng between -1 and 0 then 150
             when m.n = 2 and (p.lng between 2 and 3 or p.lng > 139) then 120
             when m.n = 6 and (p.lng < -70 or p.lng between 13 and 14) then 120
             when m.n = 9 then 20
             else 28 end
  ) c
  join demo_phrases o on o.kind = 'open' || c.rating and o.k = (c.i + c.offset_) % 6
  join demo_phrases d on d.kind = case when c.rating >= 4 then 'good' else 'mixed' end and d.k = (c.i + c.offset_ / 6) % 6
  join demo_phrases t on t.kind = 'tip' and t.k = (c.i + c.offset_ / 36) % 6
 where c.i < 6
on conflict (place_id, author_id) do nothing;

-- photos: generated illustrations stored as a member's upload is (1600 × 1200 WebP), one per
-- hand-written review that has one, with their ThumbHash placeholders (computed from the files
-- as the app computes them at upload; scripts/make-seed-photos.ts prints them) ---------------
insert into public.review_photos (review_id, place_id, uploader_id, path, alt, width, height, created_at, thumbhash)
select r.id, r.place_id, r.author_id, ph.uploader || '/' || ph.file,
       'Generated illustration (not a photo): a stylised skyline and sun on a coloured sky, standing in for ' || ph.subject,
       1600, 1200, r.created_at + interval '5 minutes', ph.thumbhash
  from (values
    ('a0000000-0000-4000-8000-000000000001', 'eiffel-tower-evening.webp', 'Eiffel Tower', 'the Eiffel Tower in the evening', 'mcYFLYpplnl/h3hid0iZiGaAewd4'),
    ('a0000000-0000-4000-8000-000000000001', 'louvre-courtyard.webp', 'Louvre Museum', 'the Louvre courtyard', '2ncKFZBYh3h/h3iBiVeIemdwg/dX'),
    ('a0000000-0000-4000-8000-000000000001', 'cafe-de-flore-terrace.webp', 'Café de Flore', 'the terrace of Café de Flore', 'GakFLYpZpWh9d4hgmTeYeHh/dwe4'),
    ('a0000000-0000-4000-8000-000000000002', 'luxembourg-garden.webp', 'Jardin du Luxembourg', 'the Jardin du Luxembourg', 'G2cKLYp4epZ8d4eAWHiIeXeAiPg3'),
    ('a0000000-0000-4000-8000-000000000002', 'sacre-coeur-steps.webp', 'Sacré-Cœur Basilica', 'the steps of Sacré-Cœur', 'mqkJNYh2WHd9h4iAeIh4h3ePhSf3'),
    ('a0000000-0000-4000-8000-000000000003', 'borough-market-stalls.webp', 'Borough Market', 'the stalls of Borough Market', 'mtkFPYSGdlePh4iCiFiXeIePpiX3'),
    ('a0000000-0000-4000-8000-000000000003', 'tate-modern-turbine-hall.webp', 'Tate Modern', 'the Turbine Hall of Tate Modern', 'WHgGDZBoZ3WPeIdxiUl3eWiHcPdn'),
    ('a0000000-0000-4000-8000-000000000003', 'primrose-hill-view.webp', 'Primrose Hill', 'the view from Primrose Hill', 'mkYKNYaJZph6h3hgl2iYiGiAieoH'),
    ('a0000000-0000-4000-8000-000000000004', 'british-museum-great-court.webp', 'British Museum', 'the Great Court of the British Museum', 'WCYGPYRXWJd7h3iAeUmIiYdwiMYH'),
    ('a0000000-0000-4000-8000-000000000004', 'sky-garden-view.webp', 'Sky Garden', 'the view from the Sky Garden', 'GlcKJYp4aKefV4aBZ0eGZnmAaPhI'),
    ('a0000000-0000-4000-8000-000000000005', 'high-line-walk.webp', 'The High Line', 'a walk on the High Line', 'WXgGFZBXdZqeeHeAmEiFeFeZYPdo'),
    ('a0000000-0000-4000-8000-000000000005', 'brooklyn-bridge-sunset.webp', 'Brooklyn Bridge', 'Brooklyn Bridge at sunset', 'WrkFNYZ3hoeOd5eAh1iWiIePlgb3'),
    ('a0000000-0000-4000-8000-000000000005', 'central-park-bow-bridge.webp', 'Central Park', 'Bow Bridge in Central Park', 'WeYFLYaFWZZ/pnhwlmmXlVdwewdn'),
    ('a0000000-0000-4000-8000-000000000006', 'met-museum-steps.webp', 'The Metropolitan Museum of Art', 'the steps of the Met', 'm1YKNYZYdoiLeIhwiXh3iXiAePYH'),
    ('a0000000-0000-4000-8000-000000000006', 'katz-deli-counter.webp', 'Katz''s Delicatessen', 'the counter at Katz''s Delicatessen', 'WUkKLYyWaZh7h4eAd2iJeIePhPh4'),
    ('a0000000-0000-4000-8000-000000000007', 'east-side-gallery-wall.webp', 'East Side Gallery', 'the murals of the East Side Gallery', 'WacFFZBYl2h/iHdyiUd4eXaAewiI'),
    ('a0000000-0000-4000-8000-000000000007', 'tempelhofer-feld-kites.webp', 'Tempelhofer Feld', 'kites over Tempelhofer Feld', 'mukJRYRpqGh/d4hyd2eIeHh/Zmj4'),
    ('a0000000-0000-4000-8000-000000000007', 'fernsehturm-night.webp', 'Berliner Fernsehturm', 'the Fernsehturm at night', '2kYKNYZXWKZ8iIhweVl5d4ZwmPY3'),
    ('a0000000-0000-4000-8000-000000000008', 'senso-ji-gate.webp', 'Sensō-ji', 'the gate of Sensō-ji', '2WgGFY54ZKitZpeAd1eWh4efcPhY'),
    ('a0000000-0000-4000-8000-000000000008', 'shibuya-crossing-night.webp', 'Shibuya Crossing', 'Shibuya Crossing at night', 'GakFLYpVl2ibiHiQeVWGeXaPpwe3'),
    ('a0000000-0000-4000-8000-000000000008', 'shinjuku-gyoen-autumn.webp', 'Shinjuku Gyoen National Garden', 'Shinjuku Gyoen in autumn', '28kJPYRoRqeNeIhwmHp3iXePpTj3'),
    ('a0000000-0000-4000-8000-000000000002', 'tokyo-skytree-dusk.webp', 'Tokyo Skytree', 'Tokyo Skytree at dusk', '2TYGNYZ3R5Ztl4iAhzqZd3ZwmPg3')
  ) as ph (uploader, file, place, subject, thumbhash)
  join public.places p on p.name = ph.place
  join public.reviews r on r.place_id = p.id and r.author_id = ph.uploader::uuid;

-- and one on the earliest review of 30 more places (files from the same script)
insert into public.review_photos (review_id, place_id, uploader_id, path, alt, width, height, created_at, thumbhash)
select r.id, r.place_id, r.author_id, ph.uploader || '/' || ph.file,
       'Generated illustration (not a photo): a stylised skyline and sun on a coloured sky, standing in for '
         || case when n.the then 'the ' || p.name else p.name end,
       1600, 1200, r.created_at + interval '5 minutes', ph.thumbhash
  from (values
    ('a0000000-0000-4000-8000-000000000006', 'carnegie-hall.webp', 'Carnegie Hall', 'mMYFNYpneXZ/eIeBaFd4eoeAegh3'),
    ('a0000000-0000-4000-8000-000000000001', 'musee-d-orsay.webp', 'Musée d''Orsay', '2XgGFY51uWeMhniQZ3eGhoWeYPhY'),
    ('a0000000-0000-4000-8000-000000000004', 'mori-art-museum.webp', 'Mori Art Museum', 'mJgFJY6DeGmMl4aghzeHh4ePmAeX'),
    ('a0000000-0000-4000-8000-000000000001', 'palais-garnier.webp', 'Palais Garnier', 'mWcKHZJ2eIiPd3iUeEiGeXhwZfho'),
    ('a0000000-0000-4000-8000-000000000003', 'angelina.webp', 'Angelina', '2lYKLYqIh4Z8h4hwiGeYiWdwiPk3'),
    ('a0000000-0000-4000-8000-000000000005', 'shakespeare-and-company.webp', 'Shakespeare and Company', 'mcYJLYpohXmPdpiEiDeHeGiAigd4'),
    ('a0000000-0000-4000-8000-000000000003', 'st-paul-s-cathedral.webp', 'St Paul''s Cathedral', '2JgFLYyFeXaMh4eAd2iHiYePhwe3'),
    ('a0000000-0000-4000-8000-000000000007', 'mauerpark.webp', 'Mauerpark', '2JgFLYxYeGd7d5hweViHeHh/hweo'),
    ('a0000000-0000-4000-8000-000000000001', 'hyde-park.webp', 'Hyde Park', 'WCYKPYR5Z5d6eHhwh2l3iYiAibcH'),
    ('a0000000-0000-4000-8000-000000000003', 'monmouth-coffee-company.webp', 'Monmouth Coffee Company', 'mGgGFZCIh4eOdphwdliYeIiPgPhn'),
    ('a0000000-0000-4000-8000-000000000002', 'tokyo-tower.webp', 'Tokyo Tower', '28kFNYZIZYmOd5mAiYh3dnePhVj4'),
    ('a0000000-0000-4000-8000-000000000003', 'solomon-r-guggenheim-museum.webp', 'Solomon R. Guggenheim Museum', 'nIcJFYxFiHaMlmmQiIh2lmlqnwfH'),
    ('a0000000-0000-4000-8000-000000000005', 'grand-central-terminal.webp', 'Grand Central Terminal', 'mZcFDZBndomPd4iBiDiHeGmAjweI'),
    ('a0000000-0000-4000-8000-000000000008', 'ueno-park.webp', 'Ueno Park', '2KgFLY6FaniMd3iQZ0iHeYePhwen'),
    ('a0000000-0000-4000-8000-000000000002', 'parc-des-buttes-chaumont.webp', 'Parc des Buttes-Chaumont', 'WXgGFZBmeGiNd3mAiGiHiHaJcPhI'),
    ('a0000000-0000-4000-8000-000000000003', 'royal-albert-hall.webp', 'Royal Albert Hall', 'mXgKFZB2eYd8h4eAaGiIeneKgPhY'),
    ('a0000000-0000-4000-8000-000000000004', 'sainte-chapelle.webp', 'Sainte-Chapelle', '25YFHY5pZ2humZdgiIdqeJSCbwio'),
    ('a0000000-0000-4000-8000-000000000008', 'reichstag-building.webp', 'Reichstag Building', 'mikKNYiVeHiLh4eQZ2iXepePdPiI'),
    ('a0000000-0000-4000-8000-000000000006', 'prospect-park.webp', 'Prospect Park', 'WGkGJY55ZVaLiWaAiFh3aHd/c/dn'),
    ('a0000000-0000-4000-8000-000000000007', 'neues-museum.webp', 'Neues Museum', 'WYgJHZCIl2eKdohwh3aniWiPiQWn'),
    ('a0000000-0000-4000-8000-000000000002', 'natural-history-museum.webp', 'Natural History Museum', 'mpcJFY5odYufZ4eBd1iGeGqFjweo'),
    ('a0000000-0000-4000-8000-000000000005', 'american-museum-of-natural-history.webp', 'American Museum of Natural History', 'mXgGFY53VoauZ4eQZ3aFdoadYPhY'),
    ('a0000000-0000-4000-8000-000000000008', 'tokyo-national-museum.webp', 'Tokyo National Museum', 'mgkKPYRXppmOd4eAiVaWeHePhfeo'),
    ('a0000000-0000-4000-8000-000000000003', 'regent-s-park.webp', 'Regent''s Park', 'GYgFDZCVmoaOlWeAZja4hkdvjQWX'),
    ('a0000000-0000-4000-8000-000000000001', 'museum-of-modern-art.webp', 'Museum of Modern Art', 'mAYGPYJ2mpZ8h4aAaDaZh3dweEgH'),
    ('a0000000-0000-4000-8000-000000000003', 'marche-des-enfants-rouges.webp', 'Marché des Enfants Rouges', 'W3cJFY53d4eLh3iAiIeHiGh1jwe3'),
    ('a0000000-0000-4000-8000-000000000001', 'musee-rodin.webp', 'Musée Rodin', 'GRYKNYSaV2eJd2dwh3iHZniQmnkH'),
    ('a0000000-0000-4000-8000-000000000007', 'berliner-philharmonie.webp', 'Berliner Philharmonie', 'WeYFNYRId5qOZ4iAeFd3eIiAiwdY'),
    ('a0000000-0000-4000-8000-000000000005', 'statue-of-liberty.webp', 'Statue of Liberty', '2kYGNYZpVJeNd4dgmEh3eHiAiPcn'),
    ('a0000000-0000-4000-8000-000000000004', 'meiji-jingu.webp', 'Meiji Jingu', 'GpkJLYqJVoaKiHdwh3l2d4iPhgfI')
  ) as ph (uploader, file, place, thumbhash)
  join public.places p on p.name = ph.place
  join demo_notes n on n.name = p.name
  join public.reviews r on r.place_id = p.id and r.author_id = ph.uploader::uuid;

-- stars ----------------------------------------------------------------------------------
insert into public.stars (user_id, place_id, created_at)
select m.id, p.id, now() - make_interval(days => get_byte(decode(md5(m.username || p.name), 'hex'), 1) % 90)
  from demo_members m cross join public.places p
 where m.n <= 8 and get_byte(decode(md5(m.username || '*' || p.name), 'hex'), 0) < 30;

-- moderation: a spam review hidden by the moderator, open reports, a role change ---------
insert into public.reviews (id, place_id, author_id, rating, body, created_at, updated_at, hidden_at)
select 'b0000000-0000-4000-8000-000000000001', p.id, 'a0000000-0000-4000-8000-00000000000b', 5,
       'BEST CHEAP WATCHES!!! visit my shop link in profile, 90% off today only!!!', now() - interval '12 days', now() - interval '12 days',
       now() - interval '11 days'
  from public.places p where p.name = 'Eiffel Tower';
insert into public.reports (reporter_id, target_type, target_id, reason, note, status, resolved_by, resolved_at, created_at)
values
  ('a0000000-0000-4000-8000-000000000001', 'review', 'b0000000-0000-4000-8000-000000000001', 'spam', 'Advertising, not a review.',
   'resolved', 'a0000000-0000-4000-8000-000000000009', now() - interval '11 days', now() - interval '12 days');
insert into public.moderation_actions (moderator_id, target_type, target_id, action, reason, details, created_at)
values
  ('a0000000-0000-4000-8000-00000000000a', 'profile', 'a0000000-0000-4000-8000-000000000009', 'role_change',
   'Role changed from member to moderator', '{"from": "member", "to": "moderator"}', now() - interval '200 days'),
  ('a0000000-0000-4000-8000-000000000009', 'review', 'b0000000-0000-4000-8000-000000000001', 'hide', 'spam', '{}', now() - interval '11 days');
insert into public.reports (reporter_id, target_type, target_id, reason, note, created_at)
select 'a0000000-0000-4000-8000-000000000002', 'place', p.id, 'wrong_info', 'The Pergamon Museum is mostly closed for renovation; the description should say when it reopens.', now() - interval '3 days'
  from public.places p where p.name = 'Pergamon Museum';
insert into public.reports (reporter_id, target_type, target_id, reason, note, created_at)
select 'a0000000-0000-4000-8000-000000000007', 'review', r.id, 'other', 'This review seems to describe a different place.', now() - interval '1 day'
  from public.reviews r join public.places p on p.id = r.place_id
 where p.name = 'Tokyo Tower' order by r.created_at limit 1;

-- The broadcasts the triggers queued while seeding are not news to anyone.
delete from realtime.messages;
drop table demo_members, demo_places, demo_notes, demo_phrases;

-- =========================================================================================
-- Place basics: opening hours, phone, website and price level of the demo places
-- (decisions 320–321). A section of its own, keyed by place name, so it can be read, changed
-- or dropped without touching the rest of the seed. Hours are each place's usual public hours
-- in its own time zone; exceptions are this year's and next year's Christmas and New Year's Day
-- where the place closes; phones are written as dialled locally.
-- =========================================================================================
create temporary table demo_basics (name text primary key, hours text, phone text, website text, price_level smallint);
-- hours: a pattern below, or seven day specs Monday first, ';'-separated: 'closed' or
-- 'HH:MM-HH:MM[,HH:MM-HH:MM]' (a close at or before the opening is past midnight)
insert into demo_basics values
  ('Eiffel Tower', 'daily 09:30-23:45', '+33 892 70 12 39', 'https://www.toureiffel.paris', 3),
  ('Louvre Museum', '09:00-18:00;closed;09:00-18:00;09:00-18:00;09:00-18:00;09:00-21:45;09:00-18:00', '+33 1 40 20 53 17', 'https://www.louvre.fr', 2),
  ('Musée d''Orsay', 'closed;09:30-18:00;09:30-18:00;09:30-21:45;09:30-18:00;09:30-18:00;09:30-18:00', '+33 1 40 49 48 14', 'https://www.musee-orsay.fr', 2),
  ('Notre-Dame de Paris', '07:50-19:00;07:50-19:00;07:50-19:00;07:50-22:00;07:50-19:00;07:50-19:00;08:15-19:30', '+33 1 42 34 56 10', 'https://www.notredamedeparis.fr', 1),
  ('Sacré-Cœur Basilica', 'daily 06:30-22:30', '+33 1 53 41 89 00', 'https://www.sacre-coeur-montmartre.com', 1),
  ('Jardin du Luxembourg', 'daily 07:30-21:30', '+33 1 42 34 20 00', 'https://jardin.senat.fr', 1),
  ('Centre Pompidou', 'closed;closed;closed;closed;closed;closed;closed', '+33 1 44 78 12 33', 'https://www.centrepompidou.fr', 2),
  ('Arc de Triomphe', 'daily 10:00-23:00', '+33 1 55 37 73 77', 'https://www.paris-arc-de-triomphe.fr', 2),
  ('Café de Flore', 'daily 07:30-01:30', '+33 1 45 48 55 26', 'https://cafedeflore.fr', 3),
  ('Marché des Enfants Rouges', 'closed;08:30-20:30;08:30-20:30;08:30-20:30;08:30-20:30;08:30-20:30;08:30-17:00', null, null, 2),
  ('Shakespeare and Company', 'daily 10:00-20:00', '+33 1 43 25 40 93', 'https://shakespeareandcompany.com', 2),
  ('Jardin des Tuileries', 'daily 07:00-21:00', null, null, 1),
  ('Parc des Buttes-Chaumont', 'daily 07:00-22:00', null, null, 1),
  ('Musée Rodin', 'closed;10:00-18:30;10:00-18:30;10:00-18:30;10:00-18:30;10:00-18:30;10:00-18:30', '+33 1 44 18 61 10', 'https://www.musee-rodin.fr', 2),
  ('Palais Garnier', 'daily 10:00-17:00', '+33 1 71 25 24 23', 'https://www.operadeparis.fr', 3),
  ('Sainte-Chapelle', 'daily 09:00-19:00', '+33 1 53 40 60 80', 'https://www.sainte-chapelle.fr', 2),
  ('Angelina', '07:30-19:00;07:30-19:00;07:30-19:00;07:30-19:00;07:30-19:30;08:30-19:30;08:30-19:00', '+33 1 42 60 82 00', 'https://www.angelina-paris.fr', 3),
  ('British Museum', '10:00-17:00;10:00-17:00;10:00-17:00;10:00-17:00;10:00-20:30;10:00-17:00;10:00-17:00', '+44 20 7323 8000', 'https://www.britishmuseum.org', 1),
  ('Tower of London', '10:00-17:30;10:00-17:30;09:00-17:30;09:00-17:30;09:00-17:30;09:00-17:30;10:00-17:30', '+44 20 3166 6000', 'https://www.hrp.org.uk/tower-of-london', 3),
  ('Tate Modern', '10:00-18:00;10:00-18:00;10:00-18:00;10:00-18:00;10:00-22:00;10:00-22:00;10:00-18:00', '+44 20 7887 8888', 'https://www.tate.org.uk', 1),
  ('Borough Market', 'closed;10:00-17:00;10:00-17:00;10:00-17:00;10:00-17:00;09:00-17:00;10:00-16:00', '+44 20 7407 1002', 'https://boroughmarket.org.uk', 2),
  ('Hyde Park', 'daily 05:00-24:00', '+44 300 061 2000', 'https://www.royalparks.org.uk', 1),
  ('National Gallery', '10:00-18:00;10:00-18:00;10:00-18:00;10:00-18:00;10:00-21:00;10:00-18:00;10:00-18:00', '+44 20 7747 2885', 'https://www.nationalgallery.org.uk', 1),
  ('St Paul''s Cathedral', '08:30-16:30;08:30-16:30;10:00-16:30;08:30-16:30;08:30-16:30;08:30-16:30;closed', '+44 20 7246 8350', 'https://www.stpauls.co.uk', 2),
  ('Primrose Hill', 'daily 00:00-24:00', null, 'https://www.royalparks.org.uk', 1),
  ('Natural History Museum', 'daily 10:00-17:50', '+44 20 7942 5000', 'https://www.nhm.ac.uk', 1),
  ('Camden Market', 'daily 10:00-18:00', '+44 20 3763 9999', 'https://www.camdenmarket.com', 2),
  ('Royal Albert Hall', 'daily 09:00-23:00', '+44 20 7589 8212', 'https://www.royalalberthall.com', 3),
  ('Sky Garden', '10:00-18:00;10:00-18:00;10:00-18:00;10:00-18:00;10:00-18:00;11:00-21:00;11:00-21:00', '+44 20 7337 2344', 'https://skygarden.london', 1),
  ('Regent''s Park', 'daily 05:00-21:30', '+44 300 061 2300', 'https://www.royalparks.org.uk', 1),
  ('Shakespeare''s Globe', 'daily 09:00-17:00', '+44 20 7401 9919', 'https://www.shakespearesglobe.com', 3),
  ('Victoria and Albert Museum', '10:00-17:45;10:00-17:45;10:00-17:45;10:00-17:45;10:00-22:00;10:00-17:45;10:00-17:45', '+44 20 7942 2000', 'https://www.vam.ac.uk', 1),
  ('Monmouth Coffee Company', '07:30-18:00;07:30-18:00;07:30-18:00;07:30-18:00;07:30-18:00;07:30-18:00;closed', '+44 20 7232 3010', 'https://www.monmouthcoffee.co.uk', 2),
  ('Central Park', 'daily 06:00-01:00', '+1 212-310-6600', 'https://www.centralparknyc.org', 1),
  ('The Metropolitan Museum of Art', '10:00-17:00;10:00-17:00;closed;10:00-17:00;10:00-21:00;10:00-21:00;10:00-17:00', '+1 212-535-7710', 'https://www.metmuseum.org', 3),
  ('Museum of Modern Art', '10:30-17:30;10:30-17:30;10:30-17:30;10:30-17:30;10:30-17:30;10:30-19:00;10:30-17:30', '+1 212-708-9400', 'https://www.moma.org', 3),
  ('The High Line', 'daily 07:00-22:00', '+1 212-500-6035', 'https://www.thehighline.org', 1),
  ('Brooklyn Bridge', 'daily 00:00-24:00', null, null, 1),
  ('Statue of Liberty', 'daily 09:00-17:00', '+1 212-363-3200', 'https://www.nps.gov/stli', 3),
  ('Chelsea Market', '07:00-21:00;07:00-21:00;07:00-21:00;07:00-21:00;07:00-21:00;07:00-21:00;08:00-20:00', '+1 212-652-2121', 'https://www.chelseamarket.com', 2),
  ('Grand Central Terminal', 'daily 05:15-02:00', '+1 212-340-2583', 'https://www.grandcentralterminal.com', 1),
  ('Empire State Building', 'daily 09:00-24:00', '+1 212-736-3100', 'https://www.esbnyc.com', 4),
  ('American Museum of Natural History', 'daily 10:00-17:30', '+1 212-769-5100', 'https://www.amnh.org', 2),
  ('Katz''s Delicatessen', '08:00-22:45;08:00-22:45;08:00-22:45;08:00-22:45;08:00-22:45;08:00-22:45,23:00-02:45;00:00-22:45', '+1 212-254-2246', 'https://www.katzsdelicatessen.com', 2),
  ('Prospect Park', 'daily 05:00-01:00', '+1 718-965-8951', 'https://www.prospectpark.org', 1),
  ('Carnegie Hall', 'daily 11:00-18:00', '+1 212-247-7800', 'https://www.carnegiehall.org', 4),
  ('Solomon R. Guggenheim Museum', '11:00-18:00;closed;11:00-18:00;11:00-18:00;11:00-18:00;11:00-20:00;11:00-18:00', '+1 212-423-3500', 'https://www.guggenheim.org', 3),
  ('Bryant Park', 'daily 07:00-22:00', '+1 212-768-4242', 'https://bryantpark.org', 1),
  ('McSorley''s Old Ale House', '11:00-01:00;11:00-01:00;11:00-01:00;11:00-01:00;11:00-01:00;11:00-01:00;12:00-01:00', '+1 212-473-9148', 'https://mcsorleysoldalehouse.nyc', 1),
  ('Brandenburg Gate', 'daily 00:00-24:00', null, null, 1),
  ('Reichstag Building', 'daily 08:00-24:00', '+49 30 22732152', 'https://www.bundestag.de', 1),
  ('Pergamon Museum', 'closed;closed;closed;closed;closed;closed;closed', '+49 30 266424242', 'https://www.smb.museum', 2),
  ('East Side Gallery', 'daily 00:00-24:00', null, 'https://www.stiftung-berliner-mauer.de', 1),
  ('Tiergarten', 'daily 00:00-24:00', null, null, 1),
  ('Tempelhofer Feld', 'daily 06:00-21:30', '+49 30 700906710', 'https://gruen-berlin.de', 1),
  ('Markthalle Neun', '12:00-18:00;12:00-18:00;12:00-18:00;12:00-22:00;12:00-18:00;10:00-18:00;closed', '+49 30 61073473', 'https://markthalleneun.de', 2),
  ('Berliner Fernsehturm', 'daily 09:00-23:00', '+49 30 247575875', 'https://tv-turm.de', 3),
  ('Memorial to the Murdered Jews of Europe', 'daily 00:00-24:00', '+49 30 2639430', 'https://www.stiftung-denkmal.de', 1),
  ('Berliner Philharmonie', '15:00-18:00;15:00-18:00;15:00-18:00;15:00-18:00;15:00-18:00;11:00-14:00;11:00-14:00', '+49 30 254880', 'https://www.berliner-philharmoniker.de', 3),
  ('Neues Museum', 'closed;10:00-18:00;10:00-18:00;10:00-20:00;10:00-18:00;10:00-18:00;10:00-18:00', '+49 30 266424242', 'https://www.smb.museum', 2),
  ('Mauerpark', 'daily 00:00-24:00', null, null, 1),
  ('Café Einstein Stammhaus', 'daily 08:00-24:00', '+49 30 2615096', 'https://cafeeinstein.com', 3),
  ('Sensō-ji', 'daily 06:00-17:00', '+81 3-3842-0181', 'https://www.senso-ji.jp', 1),
  ('Meiji Jingu', 'daily 05:40-17:20', '+81 3-3379-5511', 'https://www.meijijingu.or.jp', 1),
  ('Shibuya Crossing', 'daily 00:00-24:00', null, null, 1),
  ('Tokyo Skytree', 'daily 10:00-21:00', '+81 570-55-0634', 'https://www.tokyo-skytree.jp', 3),
  ('Tokyo National Museum', 'closed;09:30-17:00;09:30-17:00;09:30-17:00;09:30-20:00;09:30-20:00;09:30-17:00', '+81 50-5541-8600', 'https://www.tnm.jp', 2),
  ('Shinjuku Gyoen National Garden', 'closed;09:00-18:00;09:00-18:00;09:00-18:00;09:00-18:00;09:00-18:00;09:00-18:00', '+81 3-3350-0151', 'https://www.env.go.jp/garden/shinjukugyoen', 1),
  ('Tsukiji Outer Market', '05:00-14:00;05:00-14:00;closed;05:00-14:00;05:00-14:00;05:00-14:00;closed', '+81 3-3541-9444', 'https://www.tsukiji.or.jp', 2),
  ('Ueno Park', 'daily 05:00-23:00', '+81 3-3828-5644', null, 1),
  ('teamLab Planets', 'daily 09:00-22:00', null, 'https://www.teamlab.art', 3),
  ('Tokyo Tower', 'daily 09:00-23:00', '+81 3-3433-5111', 'https://www.tokyotower.co.jp', 2),
  ('Mori Art Museum', '10:00-22:00;10:00-17:00;10:00-22:00;10:00-22:00;10:00-22:00;10:00-22:00;10:00-22:00', '+81 50-5541-8600', 'https://www.mori.art.museum', 2),
  ('Yoyogi Park', 'daily 00:00-24:00', '+81 3-3469-6081', null, 1),
  ('Golden Gai', 'daily 19:00-04:00', null, 'https://goldengai.jp', 2);

create temporary table demo_zones (min_lng double precision, max_lng double precision, time_zone text);
insert into demo_zones values (-75, -73, 'America/New_York'), (-1, 1, 'Europe/London'), (2, 3, 'Europe/Paris'),
  (13, 14, 'Europe/Berlin'), (139, 140, 'Asia/Tokyo');

-- One day's spec ('closed' or 'HH:MM-HH:MM,…') as the ranges opening_hours holds.
create function pg_temp.demo_day(spec text) returns jsonb language sql immutable as $$
  select case when spec = 'closed' then '[]'::jsonb
    else (select jsonb_agg(jsonb_build_array(split_part(r, '-', 1), split_part(r, '-', 2)) order by o)
            from regexp_split_to_table(spec, ',') with ordinality as t(r, o)) end
$$;

update public.places p
   set time_zone = z.time_zone,
       opening_hours = jsonb_build_object(
         'weekly', case when b.hours like 'daily %'
                     then (select jsonb_agg(d.day) from (select pg_temp.demo_day(substr(b.hours, 7)) as day from generate_series(1, 7)) d)
                     else (select jsonb_agg(pg_temp.demo_day(d) order by o) from regexp_split_to_table(b.hours, ';') with ordinality as t(d, o)) end,
         -- museums and markets close on Christmas Day and New Year's Day (the parks do not)
         'exceptions', case when p.category in ('museum', 'shop', 'cafe', 'restaurant') and b.hours not like '%closed;closed;closed;closed%'
                         then (select jsonb_agg(jsonb_build_object('date', d::date::text, 'hours', '[]'::jsonb) order by d)
                                 from (values (make_date(extract(year from now())::integer, 12, 25)),
                                              (make_date(extract(year from now())::integer + 1, 1, 1))) as dates(d))
                         else '[]'::jsonb end),
       phone = b.phone, website = b.website, price_level = b.price_level
  from demo_basics b, demo_zones z
 where p.name = b.name and p.created_by is not null and p.lng between z.min_lng and z.max_lng;

-- The history of two places and a suggestion waiting (decision 322): Ben corrected Café de
-- Flore's closing time, which Ada (its creator) accepted; Greta suggests Markthalle Neun's
-- Thursday street-food evening ends at 22:00, waiting for Greta's neighbour to decide.
insert into public.place_edits (place_id, author_id, changes, previous, note, status, decided_as, decided_by, decided_at, created_at)
select p.id, 'a0000000-0000-4000-8000-000000000002', jsonb_build_object('phone', p.phone), '{"phone": null}'::jsonb,
       'The number is on their menu card.', 'accepted', 'creator', p.created_by, now() - interval '9 days', now() - interval '10 days'
  from public.places p where p.name = 'Café de Flore';
insert into public.place_edits (place_id, author_id, changes, previous, note, created_at)
select p.id, 'a0000000-0000-4000-8000-000000000006', jsonb_build_object('price_level', 1), jsonb_build_object('price_level', p.price_level),
       'Most stalls are under ten euros.', now() - interval '2 days'
  from public.places p where p.name = 'Markthalle Neun';

delete from realtime.messages;
drop table demo_basics, demo_zones;
