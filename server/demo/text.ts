/** Phrase banks for listing names, descriptions and reviews. Plain, readable English. */

export const NAME_ADJECTIVES = [
  'Salty', 'Barefoot', 'Sandy', 'Sunny', 'Breezy', 'Coastal', 'Happy', 'Lazy', 'Blue', 'Golden',
  'Seaside', 'Tranquil', 'Driftwood', 'Coral', 'Sea Glass', 'Starfish', 'Sunset', 'Moonlit', 'Island', 'Emerald',
  'Tidewater', 'Gulf', 'Saltwater', 'Sandcastle', 'Sandpiper', 'Seabreeze', 'Shell', 'Turquoise', 'Calypso',
] as const;

export const NAME_NOUNS = [
  'Retreat', 'Hideaway', 'Haven', 'Escape', 'Paradise', 'Dreams', 'Daze', 'Getaway', 'Sanctuary', 'Oasis',
  'Roost', 'Nest', 'Landing', 'House', 'Place', 'Perch', 'Hideout', 'Bliss', 'Cabana', 'Daydream',
] as const;

export const NAME_POSSESSIVES = [
  "Pelican's", "Mermaid's", "Captain's", "Sailor's", "Heron's", "Dolphin's", "Skipper's", "Seagull's",
  "Angler's", "Osprey's", "Neptune's", "Beachcomber's", "Keeper's", "Navigator's", "Sandpiper's",
] as const;

export const NAME_POSSESSED = [
  'Perch', 'Rest', 'Quarters', 'Delight', 'Watch', 'Cove', 'Loft', 'Lookout', 'Hideaway', 'Landing', 'Den', 'Nest',
] as const;

/** Names beach-house owners actually choose; each used at most once. */
export const PUN_NAMES = [
  "Life's a Beach", 'Shore Thing', 'Seas the Day', 'Vitamin Sea', 'Salt Life', 'Knot Working', 'Sea La Vie',
  'Tide Me Over', 'Sandy Toes', 'Happy as a Clam', 'Reel Estate', 'Beach Please', 'Sea You Soon', 'Aqua Vista',
  'Wave Length', 'Shell-ebration', 'Sea Esta', 'Unsalted Dreams', 'Fin-tastic', 'Ocean Motion', 'Current Mood',
  'The Salty Dog', "The Crow's Nest", 'The Sand Dollar', 'The Beach Nest', 'The Conch Shell', 'The Lazy Pelican',
  'The Wanderer', 'The Jolly Mullet', 'The Driftwood', 'Sunny Side Up', 'Coastal Cowgirl', 'Flip Flop Inn',
  'Gone Coastal', 'Nauti Nest', 'Dune Our Thing', 'Sea-renity Now', 'Stay Salty', 'A Wave From It All',
] as const;

export const TOWNHOME_COMMUNITIES = [
  'Dune Walk', 'Harbor Row', 'Gulf Terrace', 'Seaside Commons', 'Pelican Row', 'Sand Dollar Row', 'Marsh Harbor',
  'Sea Oats Terrace', 'Tide Line', 'Cove Commons', 'Beacon Row', 'Palm Court',
] as const;

export const VILLA_WORDS = [
  'Azure', 'Marina', 'Sol', 'Coral', 'Serena', 'Brisa', 'Paloma', 'Del Mar', 'Bella Vista', 'Luna', 'Estrella',
  'Oceana', 'Palmera', 'Alegria', 'Dorada', 'Celeste', 'Arena', 'Aurora', 'Mirador', 'Cielo',
] as const;

export const COTTAGE_WORDS = [
  'Sea Oats', 'Conch', 'Blue Heron', 'Periwinkle', 'Sea Grape', 'Hibiscus', 'Whelk', 'Magnolia', 'Seashell', 'Egret',
  'Oleander', 'Palmetto', 'Bayberry', 'Sea Lavender', 'Cattail', 'Dune Rose', 'Marsh Wren', 'Tidepool',
] as const;

export const HOUSE_ADJECTIVES = [
  'bright', 'airy', 'welcoming', 'light-filled', 'thoughtfully updated', 'classic', 'stylish', 'roomy',
  'freshly renovated', 'charming', 'relaxed', 'beautifully furnished',
] as const;

export const LOCATION_PHRASES = {
  oceanfront: [
    'right on the sand',
    'directly on the beach, with nothing but dunes between you and the water',
    'on the beachfront, steps from the surf',
  ],
  near: [
    'a two-minute walk from a public beach access',
    'across the street from the beach',
    'a short stroll down a sandy path to the beach',
    'tucked behind the dunes, a few steps from the beach',
  ],
  inland: [
    'on a quiet, shady street a few blocks from the beach',
    'a five-minute bike ride from the beach',
    'on a peaceful lane near the bay',
    'in a quiet neighbourhood close to shops and restaurants',
  ],
} as const;

export const LIVING_SENTENCES = [
  'The open living area has a comfortable sectional, a large smart TV and plenty of seating for everyone.',
  'The living room opens onto the deck through wide sliding doors, so sea breezes fill the house.',
  'High ceilings, white shiplap walls and big windows make the living area feel calm and spacious.',
  'After a day at the beach, gather in the cozy living room for movies and board games.',
  'The great room brings the kitchen, dining and living areas together, so nobody misses the conversation.',
] as const;

export const KITCHEN_SENTENCES = [
  'The kitchen has everything you need to cook a real meal, from good knives to a blender for frozen drinks.',
  'Quartz counters, stainless appliances and a breakfast bar make the kitchen a pleasure to use.',
  'The well-stocked kitchen has a large island where the family can sit for breakfast.',
  'A bright galley kitchen has a full-size refrigerator, a gas range and a coffee maker for early mornings.',
] as const;

export const CLOSING_SENTENCES = [
  'It is an easy place to relax and a perfect base for exploring the coast.',
  'Guests come back year after year, so book early for summer.',
  'Everything is ready for you: beds made, towels laid out and the air conditioning on.',
  'We think you will love it here as much as the owners do.',
  'It is the kind of place where a week never feels long enough.',
] as const;

export const SUMMARY_TEMPLATES = [
  '{adj} {type} {location}, sleeping {sleeps}.',
  '{bedrooms}-bedroom {type} {location} in {area}.',
  'A {adj} {bedrooms}-bedroom {type} in {area}, {location}.',
  '{adj} {type} for up to {sleeps} guests, {location}.',
] as const;

export const FIRST_NAMES = [
  'Megan', 'Jason', 'Emily', 'David', 'Sarah', 'Michael', 'Jessica', 'Chris', 'Ashley', 'Brian', 'Laura', 'Kevin',
  'Amanda', 'Matt', 'Rachel', 'Daniel', 'Nicole', 'Tyler', 'Heather', 'Josh', 'Karen', 'Mark', 'Lisa', 'Steve',
  'Angela', 'Robert', 'Maria', 'James', 'Jennifer', 'Carlos', 'Priya', 'Wei', 'Fatima', 'Olivia', 'Ethan', 'Grace',
  'Noah', 'Hannah', 'Luis', 'Tanya', 'Derek', 'Monica', 'Paul', 'Diane', 'Andre', 'Keisha', 'Ryan', 'Beth',
] as const;

export const LAST_INITIALS = 'ABCDEFGHJKLMNOPRSTVW'.split('');

export const HOMETOWNS = [
  'Atlanta, GA', 'Nashville, TN', 'Birmingham, AL', 'Dallas, TX', 'Houston, TX', 'Memphis, TN', 'Chicago, IL',
  'St. Louis, MO', 'Louisville, KY', 'Columbus, OH', 'Charlotte, NC', 'Indianapolis, IN', 'Jackson, MS',
  'Baton Rouge, LA', 'Little Rock, AR', 'Knoxville, TN', 'Toronto, ON', 'Huntsville, AL', 'Austin, TX',
] as const;

export const REVIEW_TITLES: Record<number, readonly string[]> = {
  5: ['Perfect beach week', 'Our new favourite place', 'Better than the photos', 'Absolutely wonderful', 'Will be back next year', 'Exceeded every expectation', 'A dream vacation', 'Paradise found'],
  4: ['Great stay', 'Lovely home, great location', 'Very nice, a few small things', 'Would stay again', 'Relaxing week', 'Good value'],
  3: ['Nice location, tired interior', 'Okay for the price', 'Mixed feelings', 'Decent but needs updates'],
  2: ['Disappointing', 'Not as described', 'Needs some work'],
  1: ['Would not return', 'Very disappointing stay'],
};

export const REVIEW_OPENERS: Record<number, readonly string[]> = {
  5: [
    'We just got home from a week at {name} and already miss it.',
    'This was our third stay at {name} and it was as wonderful as ever.',
    'Everything about {name} was perfect, from check-in to the last sunset.',
    'We had {guests} of us in the house and there was room for everyone.',
  ],
  4: [
    'We enjoyed our stay at {name} very much.',
    '{name} was a great home base for our family trip to {area}.',
    'Overall a very good experience at {name}.',
  ],
  3: [
    'The location of {name} is hard to beat, but the home itself was only okay.',
    'Our stay at {name} was fine.',
  ],
  2: [
    'We were looking forward to {name}, but it did not live up to the listing.',
    'The photos of {name} must be a few years old.',
  ],
  1: ['Unfortunately our stay at {name} was a letdown from the start.'],
};

export const REVIEW_POSITIVES = [
  'The beds were comfortable and the kitchen had everything we needed.',
  'The view from the deck at sunset was worth the trip alone.',
  'It was spotless when we arrived.',
  'The beach chairs and umbrella in the storage closet saved us a lot of hassle.',
  'We loved walking to dinner in {area} every evening.',
  'The kids spent hours in the pool.',
  'Check-in was easy with the door code, and the office answered every question quickly.',
  'The Wi-Fi was fast enough for me to work a couple of mornings.',
  'The grill and the outdoor dining table made for some great evenings.',
  'There were plenty of towels and the washer and dryer came in handy.',
] as const;

export const REVIEW_NEGATIVES = [
  'The air conditioning struggled on the hottest afternoons.',
  'Some of the kitchen pans have seen better days.',
  'The stairs are steep with a lot of luggage.',
  'Parking was tight with two cars.',
  'The sofa bed was not very comfortable.',
  'The shower pressure in the guest bathroom was weak.',
  'It could use a deeper clean in the corners.',
  'Street noise on Saturday night kept us up a little.',
] as const;

export const REVIEW_CLOSERS: Record<number, readonly string[]> = {
  5: ['We have already booked for next summer!', 'Highly recommended.', 'Thank you for a wonderful week.', 'Cannot wait to come back.'],
  4: ['We would happily stay again.', 'Recommended.', 'Small things aside, a lovely week.'],
  3: ['Fine for a few nights.', 'With some updates it could be great.'],
  2: ['We will look elsewhere next time.', 'I hope the owners fix these things.'],
  1: ['We cannot recommend it.'],
};
