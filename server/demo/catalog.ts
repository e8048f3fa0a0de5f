/**
 * Fixed facts of the fictional destination: towns, amenities, activities, events, fees.
 * The generator (generate.ts) combines them with seeded randomness.
 */
import type { Scene } from './svg.ts';

export type PropertyType = 'Condo' | 'House' | 'Cottage' | 'Villa' | 'Townhome' | 'Bungalow';

export interface AreaSpec {
  id: number;
  slug: string;
  name: string;
  description: string;
  latitude: number;
  longitude: number;
  /** Share of the units placed here. */
  weight: number;
  /** Price factor of the town. */
  priceFactor: number;
  types: readonly (readonly [PropertyType, number])[];
  /** Condo buildings of the town. */
  complexes: readonly string[];
  streets: readonly string[];
  highlights: readonly string[];
}

export const AREAS: readonly AreaSpec[] = [
  {
    id: 1,
    slug: 'coral-haven',
    name: 'Coral Haven',
    description:
      'The heart of the coast: a walkable old town of pastel shops, seafood restaurants and galleries, with the long Coral Haven pier and lifeguarded beaches a few steps away.',
    latitude: 30.2705,
    longitude: -86.171,
    weight: 24,
    priceFactor: 1.08,
    types: [['Condo', 30], ['House', 30], ['Cottage', 15], ['Townhome', 15], ['Villa', 5], ['Bungalow', 5]],
    complexes: ['Harbor Winds', 'Pier Pointe', 'Old Town Lofts', 'Coral Reef Club'],
    streets: ['Harbor Street', 'Pier Avenue', 'Conch Lane', 'Gulfview Drive', 'Marina Way'],
    highlights: ['the pier', 'the Old Town shops', 'the Saturday farmers market', 'Harbor Park'],
  },
  {
    id: 2,
    slug: 'pelican-point',
    name: 'Pelican Point',
    description:
      'A working fishing village with a busy marina, charter boats at dawn and the freshest catch on the coast. Beaches here are wide and uncrowded.',
    latitude: 30.2851,
    longitude: -86.302,
    weight: 16,
    priceFactor: 0.96,
    types: [['House', 35], ['Cottage', 25], ['Condo', 20], ['Bungalow', 10], ['Townhome', 10]],
    complexes: ['Pelican Landing', 'Marina Bay', 'Anchor Watch'],
    streets: ['Shrimp Boat Lane', 'Pelican Drive', 'Net Mender Road', 'Dockside Way'],
    highlights: ['the marina', 'the fishing pier', 'the Friday fish fry', 'the charter docks'],
  },
  {
    id: 3,
    slug: 'seagrass-bay',
    name: 'Seagrass Bay',
    description:
      'Calm, shallow water on the bay side, perfect for paddling, kayaking and small children. Sunsets over the bay are the best on the coast.',
    latitude: 30.2622,
    longitude: -86.048,
    weight: 14,
    priceFactor: 1.0,
    types: [['House', 35], ['Cottage', 20], ['Townhome', 20], ['Bungalow', 15], ['Condo', 10]],
    complexes: ['Bayside Commons', 'Seagrass Village'],
    streets: ['Bayshore Drive', 'Heron Way', 'Mangrove Lane', 'Sound Road'],
    highlights: ['the bay', 'the kayak launch', 'the nature trail', 'Bayshore Park'],
  },
  {
    id: 4,
    slug: 'sandpiper-shores',
    name: 'Sandpiper Shores',
    description:
      'Family beaches with soft white sand, resort pools, mini golf and ice cream shops. The most popular place on the coast for a summer week.',
    latitude: 30.2498,
    longitude: -85.927,
    weight: 22,
    priceFactor: 1.05,
    types: [['Condo', 50], ['Townhome', 20], ['House', 20], ['Villa', 5], ['Bungalow', 5]],
    complexes: ['Sandpiper Towers', 'Emerald Dunes', 'Gulf Breeze Resort', 'Tides Edge', 'Surfside Club'],
    streets: ['Sandpiper Boulevard', 'Beach Walk', 'Seaside Drive', 'Dune Crest Road'],
    highlights: ['the boardwalk', 'the splash park', 'the beach access', 'the mini golf course'],
  },
  {
    id: 5,
    slug: 'lighthouse-cove',
    name: 'Lighthouse Cove',
    description:
      'A quiet cove under the 1874 lighthouse, with shady lanes, old cottages and a small sheltered beach. Ideal for couples and anyone who wants to slow down.',
    latitude: 30.3002,
    longitude: -86.421,
    weight: 12,
    priceFactor: 1.02,
    types: [['Cottage', 40], ['Bungalow', 25], ['House', 25], ['Villa', 10]],
    complexes: ['Keeper\'s Row'],
    streets: ['Lighthouse Road', 'Keeper\'s Lane', 'Cove Street', 'Beacon Way'],
    highlights: ['the lighthouse', 'the cove beach', 'the lighthouse museum', 'the bakery on Cove Street'],
  },
  {
    id: 6,
    slug: 'driftwood-key',
    name: 'Driftwood Key',
    description:
      'A barrier island of high dunes and private beaches, bordered by a state park. Spacious homes, big skies and the darkest nights for stargazing.',
    latitude: 30.2321,
    longitude: -85.801,
    weight: 12,
    priceFactor: 1.18,
    types: [['House', 45], ['Villa', 35], ['Townhome', 10], ['Cottage', 10]],
    complexes: ['Dune Ridge'],
    streets: ['Island Drive', 'Dune Ridge Road', 'Sea Turtle Lane', 'Old Key Road'],
    highlights: ['the state park', 'the island beaches', 'the sea turtle center', 'the bridge to the mainland'],
  },
];

export interface AmenityCategorySpec {
  id: string;
  name: string;
  description: string;
  amenities: readonly (readonly [slug: string, name: string])[];
}

export const AMENITY_CATEGORIES: readonly AmenityCategorySpec[] = [
  {
    id: 'kitchen',
    name: 'Kitchen and dining',
    description:
      'Every kitchen is fully equipped with cookware, dishes, glasses and utensils for the whole party, plus starter supplies of coffee filters, dish soap, salt and pepper.',
    amenities: [
      ['full-kitchen', 'Full kitchen'],
      ['dishwasher', 'Dishwasher'],
      ['coffee-maker', 'Coffee maker'],
      ['microwave', 'Microwave'],
      ['outdoor-grill', 'Outdoor grill'],
    ],
  },
  {
    id: 'outdoor',
    name: 'Outdoor living and views',
    description:
      'Porches, decks and balconies come with outdoor furniture. "Oceanfront" means nothing but sand between the home and the water; "ocean view" means the water can be seen from the home.',
    amenities: [
      ['oceanfront', 'Oceanfront'],
      ['ocean-view', 'Ocean view'],
      ['private-balcony', 'Private balcony'],
      ['screened-porch', 'Screened porch'],
      ['outdoor-shower', 'Outdoor shower'],
      ['fire-pit', 'Fire pit'],
    ],
  },
  {
    id: 'pool',
    name: 'Pool and spa',
    description:
      'Private pools are for the guests of the home only. Community pools are shared with the other residents of the complex and may close for maintenance. Heated pools are heated from October to April at an extra daily fee.',
    amenities: [
      ['private-pool', 'Private pool'],
      ['community-pool', 'Community pool'],
      ['heated-pool', 'Heated pool'],
      ['hot-tub', 'Hot tub'],
    ],
  },
  {
    id: 'comfort',
    name: 'Comfort and essentials',
    description:
      'Beds are made before you arrive and bath towels are provided for each guest (bring your own beach towels). Wi-Fi is included in every home.',
    amenities: [
      ['air-conditioning', 'Air conditioning'],
      ['wifi', 'Wi-Fi'],
      ['washer-dryer', 'Washer and dryer'],
      ['linens', 'Linens and towels'],
      ['ceiling-fans', 'Ceiling fans'],
      ['smart-tv', 'Smart TV'],
    ],
  },
  {
    id: 'family',
    name: 'Family and accessibility',
    description:
      'Cribs and high chairs are set up on request. Homes with an elevator or a ground-floor bedroom are easier for guests who prefer to avoid stairs. Pet-friendly homes accept up to two dogs for a fee.',
    amenities: [
      ['crib-high-chair', 'Crib and high chair'],
      ['game-room', 'Game room'],
      ['elevator', 'Elevator'],
      ['ground-floor-bedroom', 'Ground-floor bedroom'],
      ['pet-friendly', 'Pet friendly'],
    ],
  },
  {
    id: 'beach',
    name: 'Beach gear and getting around',
    description:
      'Beach chairs, umbrellas, bicycles and boats are free for guests of the home. Life jackets are provided with every kayak and paddleboard. Parking spaces are listed per home.',
    amenities: [
      ['beach-gear', 'Beach chairs and umbrella'],
      ['bicycles', 'Bicycles'],
      ['kayaks', 'Kayaks'],
      ['paddleboards', 'Paddleboards'],
      ['free-parking', 'Free parking'],
      ['ev-charger', 'EV charger'],
    ],
  },
];

export interface ActivitySpec {
  slug: string;
  name: string;
  area: string;
  place: string;
  priceDollars: number;
  minutes: number;
  scene: Scene;
  summary: string;
  description: string;
}

export const ACTIVITIES: readonly ActivitySpec[] = [
  {
    slug: 'dolphin-watch-cruise',
    name: 'Dolphin Watch Cruise',
    area: 'pelican-point',
    place: 'Pelican Point Marina, dock C',
    priceDollars: 39,
    minutes: 120,
    scene: 'dolphin',
    summary: 'Two hours on a shaded catamaran looking for the bottlenose dolphins that live in the pass.',
    description:
      'Captain Lou and his crew have run this trip for twenty years and know where the local pods feed. The catamaran has a shaded deck, a restroom and cold drinks for sale. Sightings are so frequent that if you see no dolphins, your next trip is free.',
  },
  {
    slug: 'sunset-sail',
    name: 'Sunset Sail',
    area: 'coral-haven',
    place: 'Coral Haven Pier, south landing',
    priceDollars: 65,
    minutes: 150,
    scene: 'sunset-sail',
    summary: 'An evening sail on a 42-foot schooner, with the sun going down over the gulf.',
    description:
      'Board the schooner Mary Ellen an hour before sunset and help raise the sails if you like. Soft drinks, local beer and wine are included. The trip is relaxed and suits all ages; children under 12 sail at half price.',
  },
  {
    slug: 'reef-snorkel-trip',
    name: 'Reef Snorkel Trip',
    area: 'sandpiper-shores',
    place: 'Sandpiper Dive Shop, 18 Beach Walk',
    priceDollars: 79,
    minutes: 210,
    scene: 'snorkel',
    summary: 'Snorkel the artificial reefs a mile offshore, full of tropical fish and soft corals.',
    description:
      'Masks, fins, snorkels and flotation vests are provided, and a guide swims with every group. The boat anchors at two reef sites in clear, calm water. Swimmers of all levels are welcome; non-swimmers can ride along at a reduced price.',
  },
  {
    slug: 'bay-kayak-eco-tour',
    name: 'Bay Kayak Eco Tour',
    area: 'seagrass-bay',
    place: 'Seagrass Bay kayak launch',
    priceDollars: 55,
    minutes: 150,
    scene: 'kayak',
    summary: 'Paddle through the seagrass meadows and mangroves with a naturalist guide.',
    description:
      'Stable sit-on-top kayaks make this tour easy even for first-timers. Your guide points out herons, rays, crabs and the occasional manatee, and explains why the seagrass matters to the whole coast. Tandem kayaks are available for families with young children.',
  },
  {
    slug: 'deep-sea-fishing-charter',
    name: 'Deep-Sea Fishing Charter',
    area: 'pelican-point',
    place: 'Pelican Point Marina, charter row',
    priceDollars: 189,
    minutes: 360,
    scene: 'fishing',
    summary: 'A half-day offshore trip for snapper, grouper and king mackerel.',
    description:
      'Everything is included: licence, rods, tackle, bait and ice. The crew cleans and bags your catch, and several restaurants in Pelican Point will cook it for you that evening. Trips leave at 6 am and return around noon.',
  },
  {
    slug: 'paddleboard-lesson',
    name: 'Paddleboard Lesson',
    area: 'seagrass-bay',
    place: 'Bayshore Park beach',
    priceDollars: 45,
    minutes: 90,
    scene: 'paddleboard',
    summary: 'Learn to stand up and paddle on the calm water of the bay.',
    description:
      'Lessons are taught in small groups of up to six on the flat water of Seagrass Bay. Most people are standing within fifteen minutes. After the lesson you may keep the board for another hour to explore on your own.',
  },
  {
    slug: 'coastal-bike-tour',
    name: 'Coastal Bike Tour',
    area: 'coral-haven',
    place: 'Coral Haven Cycles, 40 Pier Avenue',
    priceDollars: 35,
    minutes: 180,
    scene: 'bike',
    summary: 'A gentle guided ride along the beach path, with stops for history and ice cream.',
    description:
      'The tour follows the flat coastal path from Coral Haven to Seagrass Bay and back, about twelve miles in all. Cruiser bikes, helmets and water are included; child seats and tag-alongs are available free of charge.',
  },
  {
    slug: 'lighthouse-history-tour',
    name: 'Lighthouse History Tour',
    area: 'lighthouse-cove',
    place: 'Lighthouse Cove Lighthouse',
    priceDollars: 18,
    minutes: 75,
    scene: 'lighthouse',
    summary: 'Climb the 132 steps of the 1874 lighthouse with a keeper\'s descendant as your guide.',
    description:
      'Hear the stories of the keepers who lived here, the storms they rode out and the shipwrecks they prevented. The view from the gallery reaches twenty miles on a clear day. Children must be at least 44 inches tall to climb.',
  },
  {
    slug: 'sunrise-beach-yoga',
    name: 'Sunrise Beach Yoga',
    area: 'sandpiper-shores',
    place: 'Sandpiper Shores beach access 4',
    priceDollars: 20,
    minutes: 60,
    scene: 'yoga',
    summary: 'An hour of gentle yoga on the sand as the sun comes up.',
    description:
      'Classes suit all levels and are held every morning from March to November. Mats are provided; bring a towel and water. If it rains, the class moves to the covered pavilion next to the beach access.',
  },
  {
    slug: 'parasailing-flight',
    name: 'Parasailing Flight',
    area: 'sandpiper-shores',
    place: 'Sandpiper Shores beach, behind Gulf Breeze Resort',
    priceDollars: 95,
    minutes: 90,
    scene: 'regatta',
    summary: 'Soar 500 feet above the gulf for a bird\'s-eye view of the coast.',
    description:
      'Fly alone, in pairs or in threes; each flight lasts about ten minutes and the boat ride with the other flyers makes up the rest of the trip. Guests from six years old can fly with an adult. Flights depend on the wind and are rescheduled free of charge.',
  },
  {
    slug: 'shelling-excursion',
    name: 'Shelling Excursion',
    area: 'driftwood-key',
    place: 'Driftwood Key State Park landing',
    priceDollars: 42,
    minutes: 150,
    scene: 'beach',
    summary: 'A boat ride to a shell-covered sandbar that can only be reached by water.',
    description:
      'The guide explains which shells are which and which must stay on the beach because something still lives in them. You will have about an hour on the sandbar to search, swim and picnic. Bags are provided for your finds.',
  },
  {
    slug: 'seafood-cooking-class',
    name: 'Seafood Cooking Class',
    area: 'coral-haven',
    place: 'The Salt Kitchen, 9 Harbor Street',
    priceDollars: 85,
    minutes: 180,
    scene: 'market',
    summary: 'Cook a three-course coastal dinner with a local chef, then sit down to eat it.',
    description:
      'You will shuck oysters, make a shrimp and grits base from scratch and learn to grill a whole fish. Recipes are yours to take home. Wine is served with dinner; guests must be 16 or older.',
  },
  {
    slug: 'jet-ski-safari',
    name: 'Jet Ski Safari',
    area: 'pelican-point',
    place: 'Pelican Point Watersports',
    priceDollars: 120,
    minutes: 90,
    scene: 'regatta',
    summary: 'Follow a guide on your own jet ski to the barrier islands and back.',
    description:
      'After a short safety briefing you ride in a small group to the islands, with a stop to look for dolphins. Each jet ski carries one or two riders; drivers must be 16 or older with a valid ID.',
  },
  {
    slug: 'glass-bottom-boat',
    name: 'Glass-Bottom Boat Tour',
    area: 'sandpiper-shores',
    place: 'Sandpiper Shores marina',
    priceDollars: 32,
    minutes: 90,
    scene: 'snorkel',
    summary: 'See the reef and its fish without getting wet.',
    description:
      'A narrated tour over the nearshore reefs in a boat with a large glass floor. It is a favourite with grandparents and small children alike. Restrooms and a snack bar are on board.',
  },
  {
    slug: 'sea-turtle-night-walk',
    name: 'Sea Turtle Night Walk',
    area: 'driftwood-key',
    place: 'Driftwood Key Sea Turtle Center',
    priceDollars: 25,
    minutes: 120,
    scene: 'nature',
    summary: 'Walk the dark beach with a biologist during the nesting season.',
    description:
      'From May to August loggerhead turtles come ashore to nest on Driftwood Key. The walk starts with a talk at the Sea Turtle Center, then follows a trained volunteer along the beach with red lights only. Sightings cannot be promised but are frequent in June.',
  },
  {
    slug: 'old-town-food-tour',
    name: 'Old Town Food Tour',
    area: 'coral-haven',
    place: 'Coral Haven visitor center',
    priceDollars: 69,
    minutes: 180,
    scene: 'town',
    summary: 'Six tastings in six of the best small kitchens of Old Town Coral Haven.',
    description:
      'Try smoked fish dip, a grouper sandwich, key lime pie and more, with stories about the town between stops. The walk is about a mile at an easy pace. Tell us about any allergies when you book.',
  },
  {
    slug: 'inshore-fishing-trip',
    name: 'Inshore Fishing Trip',
    area: 'seagrass-bay',
    place: 'Seagrass Bay public dock',
    priceDollars: 110,
    minutes: 240,
    scene: 'fishing',
    summary: 'Light-tackle fishing for redfish and speckled trout in the quiet backwaters.',
    description:
      'A good choice for beginners and children: the water is calm and the fish are plentiful. The guide provides rods, bait and licences. Catch and release is encouraged, but you may keep fish within the legal limits.',
  },
  {
    slug: 'harbor-sunset-kayak',
    name: 'Harbor Sunset Kayak',
    area: 'lighthouse-cove',
    place: 'Lighthouse Cove beach',
    priceDollars: 49,
    minutes: 120,
    scene: 'kayak',
    summary: 'Paddle around the point to watch the lighthouse light up at dusk.',
    description:
      'This evening tour leaves two hours before sunset and returns after the lighthouse beam comes on. The route stays inside the cove, sheltered from the waves. Glow sticks are fixed to every kayak for the trip back.',
  },
];

export interface PackageSpec {
  slug: string;
  name: string;
  nights: number;
  summary: string;
  description: string;
  scene: Scene;
  activities: readonly string[];
  /** Which units to include. */
  unitRule: { types: readonly PropertyType[]; minBedrooms: number; maxBedrooms: number; areas?: readonly string[] };
}

export const PACKAGES: readonly PackageSpec[] = [
  {
    slug: 'family-beach-week',
    name: 'Family Beach Week',
    nights: 7,
    scene: 'beach',
    summary: 'A week in a family home near the beach, with a dolphin cruise, a bike tour and a shelling trip.',
    description:
      'Our most popular package for families: seven nights in a home with at least three bedrooms, tickets for the Dolphin Watch Cruise, the Coastal Bike Tour and the Shelling Excursion for the whole party, and a welcome basket of local treats.',
    activities: ['dolphin-watch-cruise', 'coastal-bike-tour', 'shelling-excursion'],
    unitRule: { types: ['House', 'Townhome', 'Villa'], minBedrooms: 3, maxBedrooms: 5, areas: ['sandpiper-shores', 'coral-haven', 'seagrass-bay'] },
  },
  {
    slug: 'romantic-sunset-escape',
    name: 'Romantic Sunset Escape',
    nights: 3,
    scene: 'sunset-sail',
    summary: 'Three nights for two in a cottage by the cove, a sunset sail and a seafood cooking class.',
    description:
      'Slow down in a one- or two-bedroom cottage in Lighthouse Cove or Coral Haven. The package includes the Sunset Sail for two, the Seafood Cooking Class and a bottle of local sparkling wine waiting in the fridge.',
    activities: ['sunset-sail', 'seafood-cooking-class'],
    unitRule: { types: ['Cottage', 'Bungalow'], minBedrooms: 1, maxBedrooms: 2, areas: ['lighthouse-cove', 'coral-haven'] },
  },
  {
    slug: 'anglers-long-weekend',
    name: "Anglers' Long Weekend",
    nights: 4,
    scene: 'fishing',
    summary: 'Four nights in Pelican Point with a deep-sea charter and a backwater fishing trip.',
    description:
      'For those who come for the fish: four nights a short walk from the marina, a half-day Deep-Sea Fishing Charter and an Inshore Fishing Trip in Seagrass Bay. Several restaurants in Pelican Point will cook your catch.',
    activities: ['deep-sea-fishing-charter', 'inshore-fishing-trip'],
    unitRule: { types: ['House', 'Cottage', 'Condo', 'Bungalow'], minBedrooms: 2, maxBedrooms: 4, areas: ['pelican-point'] },
  },
  {
    slug: 'adventure-on-the-water',
    name: 'Adventure on the Water',
    nights: 5,
    scene: 'paddleboard',
    summary: 'Five nights of snorkelling, paddleboarding and parasailing from a Sandpiper Shores condo.',
    description:
      'Five nights in a condo with a pool in Sandpiper Shores and three days of action: the Reef Snorkel Trip, a Paddleboard Lesson and a Parasailing Flight for everyone in your party.',
    activities: ['reef-snorkel-trip', 'paddleboard-lesson', 'parasailing-flight'],
    unitRule: { types: ['Condo'], minBedrooms: 1, maxBedrooms: 3, areas: ['sandpiper-shores'] },
  },
];

/** Yearly events: `when(year)` gives the first and last day (ISO) of that year's edition. */
export interface EventSpec {
  slug: string;
  title: string;
  area: string;
  place: string;
  scene: Scene;
  /** [month 1–12, rule]: 'nth:dow:n:days' (n-th weekday, lasting days) or 'fixed:day:days'. */
  rule: string;
  summary: string;
  description: string;
}

export const EVENTS: readonly EventSpec[] = [
  {
    slug: 'coral-haven-seafood-festival',
    title: 'Coral Haven Seafood Festival',
    area: 'coral-haven',
    place: 'Harbor Park, Coral Haven',
    scene: 'festival',
    rule: '10 nth:5:2:3',
    summary: 'Three days of shrimp, oysters, live music and arts and crafts by the harbor.',
    description:
      'The biggest weekend of the autumn brings more than forty food stalls, two music stages and a crafts market to Harbor Park. Don\'t miss the gumbo cook-off on Saturday and the shrimp-peeling contest on Sunday afternoon. Entry is free; food and drink tickets are sold at the gates.',
  },
  {
    slug: 'pelican-point-fishing-rodeo',
    title: 'Pelican Point Fishing Rodeo',
    area: 'pelican-point',
    place: 'Pelican Point Marina',
    scene: 'fishing',
    rule: '6 nth:4:1:4',
    summary: 'Four days of friendly fishing competition with daily weigh-ins at the marina.',
    description:
      'Anglers of all ages compete in more than thirty categories, from king mackerel to the biggest catfish caught by a child. Weigh-ins start at 4 pm every day and draw a big, cheerful crowd. Registration is open until the first morning.',
  },
  {
    slug: 'sandpiper-sandcastle-contest',
    title: 'Sandpiper Shores Sandcastle Contest',
    area: 'sandpiper-shores',
    place: 'Sandpiper Shores beach access 2',
    scene: 'beach',
    rule: '7 nth:6:3:1',
    summary: 'Teams and families build castles, sea creatures and whole cities of sand.',
    description:
      'Building starts at 8 am and judging at 1 pm. There are categories for families, children under twelve and masters. Buckets and shovels are lent free of charge at the registration tent.',
  },
  {
    slug: 'fourth-of-july-fireworks',
    title: 'Fourth of July Fireworks over the Pier',
    area: 'coral-haven',
    place: 'Coral Haven Pier',
    scene: 'fireworks',
    rule: '7 fixed:4:1',
    summary: 'The coast\'s biggest fireworks display, launched from a barge off the pier.',
    description:
      'The evening starts with a concert on the beach at 7 pm; the fireworks begin at 9 pm and last about twenty minutes. The best views are from the pier and the beach between accesses 1 and 5. Parking fills early, so walk or cycle if you can.',
  },
  {
    slug: 'coral-coast-wine-and-food-weekend',
    title: 'Coral Coast Wine and Food Weekend',
    area: 'driftwood-key',
    place: 'Driftwood Key Pavilion',
    scene: 'festival',
    rule: '4 nth:6:-1:2',
    summary: 'Tastings from eighty wineries and the coast\'s best chefs under the island oaks.',
    description:
      'Saturday\'s grand tasting pairs wines with small plates from local restaurants; Sunday brings a jazz brunch. Tickets include a souvenir glass. Guests must be 21 or older.',
  },
  {
    slug: 'seagrass-bay-kayak-regatta',
    title: 'Seagrass Bay Kayak Regatta',
    area: 'seagrass-bay',
    place: 'Seagrass Bay kayak launch',
    scene: 'kayak',
    rule: '5 nth:6:2:1',
    summary: 'A fun race across the bay for kayaks, canoes and paddleboards.',
    description:
      'Courses of one and five miles suit every paddler. Race in the fun division in costume or compete for the trophies. Boats can be rented at the launch.',
  },
  {
    slug: 'sea-turtle-hatchling-festival',
    title: 'Sea Turtle Hatchling Festival',
    area: 'driftwood-key',
    place: 'Driftwood Key Sea Turtle Center',
    scene: 'nature',
    rule: '8 nth:6:4:2',
    summary: 'Talks, crafts and guided beach walks celebrating the turtle nesting season.',
    description:
      'Biologists from the Sea Turtle Center explain how the coast protects the nests, and children can adopt a nest for the season. In the evening, volunteers lead small groups on the beach to watch for hatchlings.',
  },
  {
    slug: 'holiday-boat-parade',
    title: 'Holiday Boat Parade',
    area: 'pelican-point',
    place: 'Pelican Point harbor',
    scene: 'harbor',
    rule: '12 nth:6:2:1',
    summary: 'Dozens of boats decked out in holiday lights parade around the harbor.',
    description:
      'The parade leaves the marina at 6 pm and circles the harbor twice. Hot chocolate and cider are served on the dock, and Santa arrives on the last boat.',
  },
  {
    slug: 'new-years-eve-beach-bonfire',
    title: "New Year's Eve Beach Bonfire",
    area: 'sandpiper-shores',
    place: 'Sandpiper Shores beach access 4',
    scene: 'fireworks',
    rule: '12 fixed:31:1',
    summary: 'Ring in the new year around a bonfire on the beach, with fireworks at midnight.',
    description:
      'Live music starts at 9 pm, the bonfire is lit at 10 and the countdown ends with fireworks over the water. Bring a blanket and a warm layer; glass containers are not allowed on the beach.',
  },
  {
    slug: 'old-town-spring-art-walk',
    title: 'Old Town Spring Art Walk',
    area: 'coral-haven',
    place: 'Old Town Coral Haven',
    scene: 'town',
    rule: '3 nth:5:3:2',
    summary: 'Galleries stay open late, with artists at work and live music on every corner.',
    description:
      'More than thirty galleries and studios take part. Painters set up their easels in the streets and the shops pour complimentary drinks. A free trolley links the Old Town with the harbor.',
  },
  {
    slug: 'summer-concerts-on-the-green',
    title: 'Summer Concerts on the Green',
    area: 'seagrass-bay',
    place: 'Bayshore Park lawn',
    scene: 'concert',
    rule: '6 season:4:1:8:-1',
    summary: 'Free open-air concerts every Thursday evening of the summer.',
    description:
      'Bring a chair or a blanket and enjoy local bands from 6:30 pm while the sun sets over the bay. Food trucks line the park and the splash pad stays open until dark.',
  },
  {
    slug: 'blues-and-brews-festival',
    title: 'Blues and Brews Festival',
    area: 'seagrass-bay',
    place: 'Bayshore Park',
    scene: 'concert',
    rule: '11 nth:6:1:1',
    summary: 'Blues bands and craft breweries from across the south, by the bay.',
    description:
      'Eight bands play from noon until late, and twenty breweries pour their seasonal beers. Tickets include ten tasting tokens. A shuttle runs from Coral Haven every half hour.',
  },
  {
    slug: 'coral-haven-half-marathon',
    title: 'Coral Haven Half Marathon',
    area: 'coral-haven',
    place: 'Start and finish at Harbor Park',
    scene: 'race',
    rule: '1 nth:0:3:1',
    summary: 'A flat, fast course along the beach road, with a 5K for walkers and families.',
    description:
      'The half marathon starts at 7 am and the 5K at 7:30. The course is almost entirely flat, with the gulf on one side the whole way. Finishers get a medal shaped like a sand dollar and a seafood lunch.',
  },
  {
    slug: 'chili-cook-off',
    title: 'Coast Chili Cook-off',
    area: 'pelican-point',
    place: 'Pelican Point community center',
    scene: 'market',
    rule: '2 nth:6:-1:1',
    summary: 'Forty teams compete for the best chili on the coast; you are the judge.',
    description:
      'Buy a tasting kit at the gate and vote for your favourite. Proceeds support the volunteer fire department. Live music and a children\'s play area keep everyone busy all afternoon.',
  },
  {
    slug: 'sandpiper-kite-festival',
    title: 'Sandpiper Shores Kite Festival',
    area: 'sandpiper-shores',
    place: 'Sandpiper Shores beach',
    scene: 'festival',
    rule: '3 nth:6:2:2',
    summary: 'Giant show kites, stunt-kite ballets and free kite-making for children.',
    description:
      'Kite flyers from across the country fill the sky with giant octopuses, whales and dragons. Children can build their own kite at the workshop tent. Night flying with lit kites ends Saturday.',
  },
  {
    slug: 'paddle-for-the-reef',
    title: 'Paddle for the Reef',
    area: 'sandpiper-shores',
    place: 'Sandpiper Shores marina',
    scene: 'paddleboard',
    rule: '8 nth:6:-1:1',
    summary: 'A paddleboard race and beach party raising money for reef restoration.',
    description:
      'Choose the two-mile fun paddle or the eight-mile race. Every entry pays for a new reef module on the artificial reef site. The after-party on the beach is open to all.',
  },
  {
    slug: 'lighthouse-cove-oyster-roast',
    title: 'Lighthouse Cove Oyster Roast',
    area: 'lighthouse-cove',
    place: 'Lighthouse Cove green',
    scene: 'festival',
    rule: '11 nth:6:2:1',
    summary: 'Roasted oysters by the bushel, bluegrass music and the lighthouse lit up at dusk.',
    description:
      'Oysters are roasted over open fires and shovelled onto long tables; the hot dog stand has the children covered. The lighthouse is open for climbs until sunset.',
  },
  {
    slug: 'shrimp-boil-and-bluegrass',
    title: 'Shrimp Boil and Bluegrass',
    area: 'pelican-point',
    place: 'Pelican Point Marina lawn',
    scene: 'concert',
    rule: '4 nth:6:2:1',
    summary: 'A spring evening of boiled shrimp, corn and potatoes to the sound of banjos.',
    description:
      'Plates are served from 5 pm until the pots are empty. Three bluegrass bands play on the marina lawn. Bring a chair; tables fill fast.',
  },
  {
    slug: 'halloween-on-the-boardwalk',
    title: 'Halloween on the Boardwalk',
    area: 'sandpiper-shores',
    place: 'Sandpiper Shores boardwalk',
    scene: 'boardwalk',
    rule: '10 fixed:31:1',
    summary: 'Trick-or-treating from shop to shop along the boardwalk, with a costume parade.',
    description:
      'Shops hand out treats from 4 to 7 pm and the costume parade starts at 6. Prizes go to the best family, pet and pirate costumes.',
  },
  {
    slug: 'valentines-dinner-dance',
    title: "Valentine's Dinner Dance at the Pier",
    area: 'coral-haven',
    place: 'Pier House ballroom',
    scene: 'pier',
    rule: '2 fixed:14:1',
    summary: 'A candlelit dinner and dancing to a live band above the water.',
    description:
      'A four-course dinner is served at 7 pm, followed by dancing until midnight. Reservations are essential and open on January 2nd.',
  },
  {
    slug: 'mardi-gras-beach-parade',
    title: 'Beach Mardi Gras Parade',
    area: 'driftwood-key',
    place: 'Island Drive, Driftwood Key',
    scene: 'festival',
    rule: '2 nth:6:2:1',
    summary: 'Floats, beads and brass bands roll down Island Drive.',
    description:
      'The parade starts at 2 pm at the bridge and ends at the Pavilion, where the party continues with a brass band and king cake. Park on the mainland and take the free shuttle.',
  },
];

export interface PlaceSpec {
  slug: string;
  title: string;
  area: string;
  place: string;
  scene: Scene;
  summary: string;
  description: string;
}

export const THINGS_TO_DO: readonly PlaceSpec[] = [
  {
    slug: 'lighthouse-cove-lighthouse-and-museum',
    title: 'Lighthouse Cove Lighthouse and Museum',
    area: 'lighthouse-cove',
    place: '1 Lighthouse Road',
    scene: 'lighthouse',
    summary: 'Climb the 1874 lighthouse and visit the keeper\'s house museum.',
    description:
      'The museum in the restored keeper\'s house tells the story of the light, its keepers and the ships it guided. The lighthouse is open for climbs daily from 9 am to 5 pm, weather permitting.',
  },
  {
    slug: 'coral-haven-pier',
    title: 'Coral Haven Pier',
    area: 'coral-haven',
    place: 'Pier Avenue',
    scene: 'pier',
    summary: 'Stroll a quarter mile out over the gulf, fish from the rail or watch the sunset.',
    description:
      'The pier is open around the clock. Rods and bait can be rented at the bait shop at the entrance, and no fishing licence is needed on the pier. Sunset draws a crowd every evening.',
  },
  {
    slug: 'driftwood-key-state-park',
    title: 'Driftwood Key State Park',
    area: 'driftwood-key',
    place: 'Old Key Road',
    scene: 'boardwalk',
    summary: 'Four miles of wild beach, high dunes and nature trails.',
    description:
      'Boardwalks cross the dunes to beaches that feel private even in July. The park has picnic pavilions, outdoor showers and a nature center with a touch tank. A small entry fee is charged per car.',
  },
  {
    slug: 'seagrass-bay-nature-trail',
    title: 'Seagrass Bay Nature Trail',
    area: 'seagrass-bay',
    place: 'Heron Way trailhead',
    scene: 'nature',
    summary: 'An easy two-mile loop through salt marsh and pine woods, rich in birds.',
    description:
      'Look for herons, egrets, ospreys and the occasional bald eagle. The trail is flat and partly boardwalk, suitable for strollers. Bring insect repellent in summer.',
  },
  {
    slug: 'old-town-coral-haven',
    title: 'Old Town Coral Haven',
    area: 'coral-haven',
    place: 'Harbor Street and surroundings',
    scene: 'town',
    summary: 'Pastel cottages, galleries, boutiques and the best restaurants on the coast.',
    description:
      'Old Town is small enough to explore on foot in an afternoon. Don\'t miss the fish market at the end of Harbor Street and the ice cream parlour that has used the same recipe since 1952.',
  },
  {
    slug: 'sandpiper-shores-boardwalk',
    title: 'Sandpiper Shores Boardwalk',
    area: 'sandpiper-shores',
    place: 'Beach Walk',
    scene: 'boardwalk',
    summary: 'Arcades, mini golf, ice cream and souvenir shops along the beach.',
    description:
      'The boardwalk is busiest on summer evenings, when street musicians play and the shops stay open until 11 pm. The splash park at the north end is free for children.',
  },
  {
    slug: 'pelican-point-marina',
    title: 'Pelican Point Marina',
    area: 'pelican-point',
    place: 'Dockside Way',
    scene: 'harbor',
    summary: 'Watch the charter fleet come in and buy fish straight from the boats.',
    description:
      'Charter boats return between noon and 2 pm; the fish-cleaning tables are a show in themselves. Pelicans wait on every post. The dockside restaurants serve the day\'s catch.',
  },
  {
    slug: 'coral-haven-farmers-market',
    title: 'Coral Haven Farmers Market',
    area: 'coral-haven',
    place: 'Harbor Park, every Saturday 8 am to noon',
    scene: 'market',
    summary: 'Local produce, honey, baked goods and crafts every Saturday morning.',
    description:
      'More than sixty stalls sell fruit, vegetables, shrimp, bread, flowers and handmade gifts. Come early for the peaches in summer and the satsumas in winter.',
  },
  {
    slug: 'sea-turtle-center',
    title: 'Driftwood Key Sea Turtle Center',
    area: 'driftwood-key',
    place: 'Sea Turtle Lane',
    scene: 'nature',
    summary: 'Meet the rescued turtles being cared for before their release.',
    description:
      'The center rescues sick and injured sea turtles and returns them to the gulf. Visitors can watch feeding time at 11 am and 3 pm. Admission is by donation.',
  },
  {
    slug: 'seagrass-bay-kayak-launch',
    title: 'Seagrass Bay Kayak Launch',
    area: 'seagrass-bay',
    place: 'Bayshore Drive',
    scene: 'kayak',
    summary: 'Rent a kayak or paddleboard and explore the calm bay on your own.',
    description:
      'Rentals are by the hour or the day, with maps of the paddling trails to the mangrove islands. The water is shallow and sheltered, ideal for beginners.',
  },
  {
    slug: 'coral-reef-snorkel-beach',
    title: 'Coral Reef Snorkel Beach',
    area: 'sandpiper-shores',
    place: 'Beach access 7',
    scene: 'snorkel',
    summary: 'A nearshore reef you can reach by swimming from the beach.',
    description:
      'A line of limestone ledges a hundred yards offshore is home to tropical fish, crabs and sea stars. The water is clearest on calm summer mornings. Swim with a buddy and a dive flag.',
  },
  {
    slug: 'harbor-park',
    title: 'Harbor Park',
    area: 'coral-haven',
    place: 'Harbor Street',
    scene: 'festival',
    summary: 'A green park on the water with a playground, picnic tables and a bandstand.',
    description:
      'Harbor Park hosts the farmers market and most of the town\'s festivals. On other days it is a shady place for a picnic, with a playground shaped like a shrimp boat.',
  },
];

export const FEES = [
  { code: 'lodging-tax', name: 'Lodging tax', kind: 'percent', amount: 1150, optional: false, description: 'Coral Haven County lodging and sales tax, 11.5% of the rent.', optionKind: null, choice: 'declinable' },
  { code: 'reservation-fee', name: 'Reservation fee', kind: 'flat', amount: 4900, optional: false, description: 'Covers the reservation, check-in packet and 24-hour guest support.', optionKind: null, choice: 'declinable' },
  // Checkout protection (issue 13): damage protection is a flat amount per stay, offered ticked;
  // trip insurance 7% of the trip cost, and the guest must accept or decline it.
  { code: 'damage-protection', name: 'Damage protection', kind: 'flat', amount: 5900, optional: true, description: 'Covers accidental damage to the home up to $1,500.', optionKind: 'dp', choice: 'declinable' },
  { code: 'trip-insurance', name: 'Trip insurance', kind: 'percent', amount: 700, optional: true, description: 'Refunds non-refundable payments if you cancel for a covered reason.', optionKind: 'ti', choice: 'forced' },
] as const;

export interface CommunitySpec {
  scene: Scene;
  description: string;
}

export const COMMUNITY_PHOTOS: readonly CommunitySpec[] = [
  { scene: 'pier', description: 'Sunset over the Coral Haven pier' },
  { scene: 'lighthouse', description: 'The Lighthouse Cove lighthouse' },
  { scene: 'harbor', description: 'Boats in Pelican Point harbor' },
  { scene: 'boardwalk', description: 'Dune boardwalk on Driftwood Key' },
  { scene: 'kayak', description: 'Kayaks on Seagrass Bay' },
  { scene: 'beach', description: 'A summer day at Sandpiper Shores' },
  { scene: 'town', description: 'Old Town Coral Haven' },
  { scene: 'ocean', description: 'Gulf view from the dunes' },
  { scene: 'regatta', description: 'Sailboats off Sandpiper Shores' },
  { scene: 'nature', description: 'Heron in the Seagrass Bay marsh' },
];
