/**
 * Demo reviews of the Berlin places, each written by its member about that place (a data file,
 * hence its length).
 */
import { review, type DemoReview } from './review.ts';

export const berlinReviews: DemoReview[] = [
  review(
    'greta_b',
    'Brandenburg Gate',
    3,
    209,
    'It’s a gate. A very good gate, but a gate. Come at night when the tour groups have gone and the quadriga is lit — then it’s quite something. The double row of cobbles in the road nearby marks where the Wall ran. Cycle through; don’t stop for the men in fake Soviet uniforms.',
  ),
  review(
    'ben_travels',
    'Brandenburg Gate',
    4,
    133,
    'Free, iconic, done in ten minutes. The Room of Silence in the gate’s north wing is a little-known place to sit for a moment. The Reichstag, the Holocaust Memorial and Unter den Linden are all within a ten-minute walk, so it makes a good starting point for a day on foot.',
  ),
  review(
    'mina',
    'Brandenburg Gate',
    4,
    86,
    'Pariser Platz is flat and paved, and we could roll right through the gate. My mother remembered watching the Wall open on television in 1989 and wanted to touch the columns, so we waited until the crowd thinned at dusk. Simple, moving, free.',
  ),

  review(
    'lena_k',
    'Reichstag Building',
    5,
    198,
    'Register online for the dome a few days ahead — it’s free — and bring your passport; the security check is serious. Foster’s mirrored cone reflects daylight down into the plenary chamber, so you can look down on Parliament at work. The free audio guide starts by itself as you walk up the spiral and keeps pace with what you see. The graffiti Soviet soldiers left in 1945, preserved inside the building, can be seen on the guided tours.',
  ),
  review(
    'felix',
    'Reichstag Building',
    5,
    177,
    'Foster’s dome is a didactic building: transparency as a political statement, with the mirrored cone working as a giant light scoop. Walk up the ramp, watch the city turn around you, and at the top look up at the open oculus — rain falls straight in and is caught below. After Christo wrapped the old building in 1995, this was the argument for what a parliament could look like. It still convinces.',
  ),
  review(
    'tom_b',
    'Reichstag Building',
    3,
    53,
    'Booked online, queued anyway, went through security like I was boarding a plane. The dome’s a fancy spiral ramp with a view of Berlin, which is mostly flat. Free though, so three.',
  ),
  review('greta_b', 'Reichstag Building', 4, 11, 'Book the dome, bring ID, go at sunset. Done.'),

  review(
    'lena_k',
    'Pergamon Museum',
    4,
    194,
    [
      'To be clear: the museum itself has been closed since 2023, the Pergamon Altar will not be back before 2027, and the Ishtar Gate later still. What you can see is Yadegar Asisi’s 360° panorama of ancient Pergamon in a rotunda across the river, with a selection of original sculptures.',
      'It is a clever stopgap, and the panorama’s light cycle from dawn to night is beautiful. Four stars for that; the museum will get five when it reopens.',
    ],
    { editedDaysAgo: 120 },
  ),
  review(
    'greta_b',
    'Pergamon Museum',
    2,
    139,
    'Closed. Has been for ages, will be for ages. Friends who visit keep asking to go, so here it is: don’t. Go next door to the Neues Museum and see Nefertiti instead. Two stars because the panorama across the street is fine, if you like panoramas.',
  ),
  review(
    'marcus',
    'Pergamon Museum',
    3,
    88,
    'I had dreamed of the Ishtar Gate since I first showed a slide of it to a class in 1987. It is behind hoardings until the late 2030s, I’m told. The panorama across the water is well done and a small consolation. I intend to live long enough.',
  ),

  review(
    'greta_b',
    'East Side Gallery',
    3,
    207,
    'Everyone comes for the Brezhnev–Honecker kiss and the Trabant bursting through the wall, and they stand in front of them for photos so long that nobody else can see. Walk the whole 1.3 km instead; the lesser-known murals are often better. There’s a path and bars on the river side. Finish at the Oberbaum Bridge — red brick, U-Bahn on top — and cross into Kreuzberg.',
  ),
  review(
    'ben_travels',
    'East Side Gallery',
    4,
    130,
    'About twenty minutes end to end if you don’t stop, an hour if you do. The scrawls over some murals are a shame, but it’s free and open day and night. Go early for photos without crowds.',
  ),
  review(
    'chloe',
    'East Side Gallery',
    4,
    91,
    'A strange, moving thing: a wall built to keep people in, turned into a kilometre-long gallery. I read the painters’ names along the bottom of each panel — they came from more than twenty countries in 1990. The murals have been restored, so they are brighter than history, which I minded a little.',
  ),

  review(
    'greta_b',
    'Tiergarten',
    4,
    186,
    'The best way across the city by bike: cut through from the Brandenburg Gate to Charlottenburg on the paths, not the road. Café am Neuen See in summer — beer, pizza, rowing boats. The old gas lamps near the Tiergarten S-Bahn station are an open-air museum, nice at dusk. Nudists on the lawns in summer, which only surprises visitors.',
  ),
  review(
    'lena_k',
    'Tiergarten',
    4,
    127,
    'Climb the Victory Column: 285 steps to the platform below the gilded Victoria (Berliners call her Goldelse) and a clean view down the Straße des 17. Juni to the Brandenburg Gate. The Nazis moved the column here from in front of the Reichstag in 1939 and made it taller on the way. The mosaic in the colonnade at its foot is worth a look.',
  ),
  review(
    'felix',
    'Tiergarten',
    3,
    84,
    'A great park cut into pieces by roads. The Straße des 17. Juni runs straight through it, and the traffic noise follows you deep into the trees. The quieter corners near the English Garden and its teahouse are the part worth walking.',
  ),

  review(
    'greta_b',
    'Tempelhofer Feld',
    5,
    204,
    'The best thing Berlin ever voted for. In 2014 we said no to building on it, and now it’s more than 300 hectares of sky. Cycle the runways — two kilometres of perfectly flat tarmac — and watch the kite-surfers on windy days. The community gardens on the Neukölln side are full of handmade raised beds. The gates close at sunset and the guards mean it.',
  ),
  review(
    'aiko',
    'Tempelhofer Feld',
    5,
    81,
    'I rented a bike and rode down a real airport runway!!! (Dream achieved.) It’s SO big and open, nothing like Tokyo’s parks. A picnic by the old runway lights at sunset, with beer from a Späti, was the best evening of my trip. Free!',
  ),
  review(
    'ben_travels',
    'Tempelhofer Feld',
    4,
    128,
    'The path round the edge is about six kilometres and perfect for a long walk. The old terminal building is vast, and the tour about the Airlift is worth booking. Zero shade, so bring a hat in summer.',
  ),
  review('tom_b', 'Tempelhofer Feld', 4, 16, 'An airport with no planes and no queues. Heaven.'),

  review(
    'greta_b',
    'Markthalle Neun',
    4,
    201,
    'Thursday evening for Street Food Thursday, obviously — dumplings, tacos, a barbecue stand with a queue worth joining, and beer from the brewery in the hall. On weekdays at lunch the Kantine does cheap, decent plates. The neighbourhood fought to keep this hall local and it shows. Prices have climbed.',
  ),
  review(
    'dev_s',
    'Markthalle Neun',
    5,
    60,
    'Came to Berlin on a food mission and Street Food Thursday was the jackpot: Big Stuff’s smoked brisket, then Taiwanese gua bao, then a craft beer brewed about ten metres away. Gorgeous old iron market hall, long tables, everyone chatty. Like my Saturdays at Borough, if Borough were cheaper and in Kreuzberg.',
  ),
  review(
    'lena_k',
    'Markthalle Neun',
    3,
    98,
    'A fine hall of 1891 and a genuine neighbourhood project, but on weekdays the stalls sell expensive organic produce to a well-off crowd, and on Thursday evenings you cannot move. I love the Sironi bread; I do not love paying seven euros for a coffee and a slice of cake.',
  ),

  review(
    'greta_b',
    'Berliner Fernsehturm',
    2,
    196,
    'Expensive, a queue at the bottom even with a timed ticket, and the one thing you can’t see from up there is the Fernsehturm. For the same view, have a drink at a rooftop bar in Neukölln. Two stars for the Pope’s revenge: on sunny days the sphere reflects a cross, which annoyed the atheist GDR no end.',
  ),
  review(
    'aiko',
    'Berliner Fernsehturm',
    4,
    79,
    'I booked a sunset slot and it was worth it — the whole city turns orange and then all the lights come on. The lift goes up in about 40 seconds (my ears popped!). The revolving restaurant was too expensive for me, but the deck was enough.',
  ),
  review(
    'ben_travels',
    'Berliner Fernsehturm',
    4,
    125,
    'The fast-view ticket saved me a 45-minute queue, worth it if you’re short on time. Excellent views, especially east over the GDR blocks of Karl-Marx-Allee. The viewing floor is quite small, so it gets busy.',
  ),

  review('lena_k', 'Memorial to the Murdered Jews of Europe', 5, 193, [
    'Walk into the field first, without reading anything. The ground sinks, the stelae rise around you, the city noise falls away, and other visitors appear and vanish between the rows.',
    'Then go down into the information centre, where the Room of Names reads out one life story after another without pause; it would take more than six years to read them all. Please don’t jump between the stelae. The centre is closed on Mondays.',
  ]),
  review(
    'felix',
    'Memorial to the Murdered Jews of Europe',
    5,
    157,
    'Eisenman’s stelae share a width and a depth and differ only in height, and the ground undulates beneath them, so a grid that looks orderly from the street becomes disorienting inside. It does what a memorial should: it refuses a single meaning. It is also a public space that people cross on their way to work, which is its quiet triumph.',
  ),
  review(
    'greta_b',
    'Memorial to the Murdered Jews of Europe',
    4,
    75,
    'I take every visitor here, and we don’t talk much afterwards. People posing for photo shoots on the stelae still make me angry. Go in, go down to the information centre, give it time.',
  ),

  review(
    'felix',
    'Berliner Philharmonie',
    5,
    190,
    'Scharoun put the orchestra in the middle and the audience around it on vineyard terraces, and every concert hall built since has been in conversation with that decision. The sound is immediate wherever I have sat. Book a seat in the blocks behind the orchestra: cheaper, and you watch the conductor’s face all evening.',
  ),
  review(
    'lena_k',
    'Berliner Philharmonie',
    5,
    125,
    'Free lunchtime concerts in the foyer on Tuesdays at one, from September to June: you sit on the stairs with a sandwich while members of the orchestra play chamber music. The foyer itself, all angled stairs and coloured glass, is worth the visit. Evening tickets for the Berlin Philharmonic sell fast, but returns do appear.',
  ),
  review(
    'marcus',
    'Berliner Philharmonie',
    5,
    86,
    'I had a seat for Brahms behind the stage, facing the conductor, and it changed how I listen to an orchestra: you see the cues, the breathing, the glances between the principals. From outside the building looks like a golden circus tent. A night I will think about for a long time.',
  ),

  review(
    'lena_k',
    'Neues Museum',
    5,
    189,
    'Chipperfield’s reconstruction is a masterclass: he kept the scars of the war — shrapnel holes, scorched paint, empty niches — and built the missing parts in plain modern brick and concrete, so you read the building’s history as you climb the great staircase. Nefertiti has her own domed room, with no photographs allowed, which makes people actually look. Don’t miss the Berlin Gold Hat upstairs.',
  ),
  review(
    'felix',
    'Neues Museum',
    5,
    154,
    'The best museum restoration I know. Stüler’s building stood as a ruin for sixty years; Chipperfield neither copied it nor erased it. The central stair hall, in bare concrete between the old brick walls, is a room I return to whenever I am in Berlin, just to stand in it.',
  ),
  review(
    'chloe',
    'Neues Museum',
    4,
    90,
    'Nefertiti is even more beautiful than in photographs — one eye is blank, which makes her strangely human. I was less taken with the prehistory floors, and the timed tickets were confusing. But I left thinking about the building more than anything in it, which is rare.',
  ),

  review(
    'greta_b',
    'Mauerpark',
    4,
    183,
    'Sundays only, for me. Flea market in the morning (bargain hard, the prices start at tourist level), then karaoke in the stone amphitheatre in the afternoon, where a man with a sound system on a cargo bike lets anyone sing to a few hundred strangers. The swings at the top of the hill are the best free view in Prenzlauer Berg.',
  ),
  review(
    'aiko',
    'Mauerpark',
    5,
    78,
    'I sang at the Sunday karaoke!!! (Badly. Nobody cared. Everyone cheered.) Also bought an old film camera at the flea market for 15 euros. Crowded, but such a happy place.',
  ),
  review(
    'tom_b',
    'Mauerpark',
    3,
    51,
    'The flea market is grand if you like other people’s old lamps. The karaoke was mad — a lad did Bohemian Rhapsody and four hundred people sang along. Crowded, hard to find a bin, and the beer stalls charge festival prices.',
  ),

  review(
    'lena_k',
    'Café Einstein Stammhaus',
    4,
    180,
    'A Viennese coffee house in a villa of 1878 — the story that the silent-film star Henny Porten once lived here is told to everyone and may even be true. The Wiener Schnitzel is correct, the apple strudel very good, and the newspapers hang on wooden holders. The waiters’ aloofness is part of the theatre. Upstairs, the Bar Lebensstern has an absurdly long rum list.',
  ),
  review(
    'greta_b',
    'Café Einstein Stammhaus',
    2,
    149,
    'Nice garden, nice building, but fourteen euros for a coffee and a strudel and a waiter who made it clear we were in the way. It’s a stage set for people who want to feel they’re in Vienna. I’d rather be in Vienna.',
  ),
  review(
    'felix',
    'Café Einstein Stammhaus',
    4,
    83,
    'The garden in summer, under the trees, is one of the most civilised places in West Berlin to read a paper for an hour. A Melange, a slice of Sachertorte, silence. The service is slow, but that is the point.',
  ),
];
