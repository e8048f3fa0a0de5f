/** The plain content pages of the demo site (trusted HTML, sanitised again before display). */

export interface DemoPage {
  slug: string;
  title: string;
  body: string;
}

export const DEMO_PAGES: readonly DemoPage[] = [
  {
    slug: 'about-us',
    title: 'About us',
    body: `<p>Coral Haven Coast Rentals is a small, locally owned vacation-rental company. We have looked after beach houses, condos and cottages along the Coral Haven Coast since 1998, from the quiet lanes of Lighthouse Cove to the wild dunes of Driftwood Key.</p>
<h2>What we do</h2>
<p>We manage more than three hundred homes for their owners. Every home is inspected before each arrival, cleaned by our own housekeeping team and stocked with linens, towels and the basics you would rather not pack. Our maintenance crew is on call every day of the year, so a dripping tap or a tired air conditioner is fixed quickly.</p>
<h2>Why guests book with us</h2>
<ul>
<li><strong>Local knowledge.</strong> Our reservation team lives here. Ask us which beach access is quietest in July or where to find the best shrimp po'boy, and you will get a real answer.</li>
<li><strong>Honest listings.</strong> Photos, bed sizes and amenities are checked by our staff, and every review on this site comes from a guest who stayed in the home.</li>
<li><strong>Clear prices.</strong> The rent, cleaning fee, taxes and optional protections are shown before you book. There are no surprises at checkout.</li>
</ul>
<h2>Visit us</h2>
<p>Our office is at 212 Harbor Street in Coral Haven, next to the pier. Check-in packets are available there from 3 pm on arrival days; most homes also have keyless entry, and we send the door code by email the day before you arrive.</p>
<p>Call us on +1-555-0142 or write to stay@coralhaven.example. We answer every message the same day.</p>`,
  },
  {
    slug: 'terms-and-conditions',
    title: 'Terms and conditions',
    body: `<p>These terms form the rental agreement between you (the guest who makes the reservation) and Coral Haven Coast Rentals, acting as agent for the owner of the home. By completing a reservation you accept them on behalf of everyone in your party.</p>
<h2>1. Reservations and payment</h2>
<p>A reservation is confirmed when we receive the advance payment of 50% of the total. The balance is charged 30 days before arrival. Reservations made less than 30 days before arrival are paid in full when booked. Prices are in US dollars and include the rent, the cleaning fee, the reservation fee and the lodging tax of Coral Haven County.</p>
<h2>2. Age and occupancy</h2>
<p>The person making the reservation must be at least 25 years old and must stay in the home. The number of guests may not exceed the occupancy shown on the listing, including children. Events and parties require our written permission.</p>
<h2>3. Check-in and check-out</h2>
<p>Check-in is from 4 pm and check-out is by 10 am. Early check-in or late check-out may be arranged when the calendar allows; please ask us at least two days ahead.</p>
<h2>4. Pets</h2>
<p>Pets are welcome only in homes listed as pet friendly, with a maximum of two dogs. A non-refundable pet fee applies. Guests are responsible for any damage or extra cleaning caused by pets.</p>
<h2>5. Damage and security</h2>
<p>You are responsible for damage to the home or its contents caused during your stay beyond normal wear. You may purchase damage protection at checkout, which covers accidental damage up to $1,500. Please report anything broken or missing as soon as you notice it.</p>
<h2>6. Maintenance and interruptions</h2>
<p>We do our best to keep every home in perfect order, but appliances, pools, hot tubs, internet service and cable television can fail. We will repair them as quickly as we can. No refunds are given for such interruptions unless the home becomes uninhabitable.</p>
<h2>7. Hurricanes</h2>
<p>If a mandatory evacuation order is issued for the Coral Haven Coast during your stay, or prevents your arrival, we refund the nights you could not use. Trip insurance is recommended for all other cases.</p>
<h2>8. Conduct</h2>
<p>Quiet hours are from 10 pm to 8 am. Smoking is not permitted inside any home. We may end a stay without refund when these terms are seriously broken or neighbours are put at risk.</p>`,
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy policy',
    body: `<p>This policy explains what information Coral Haven Coast Rentals collects when you use this website or book a stay, and how we use it.</p>
<h2>Information we collect</h2>
<ul>
<li><strong>Reservation details</strong>: your name, address, email address, telephone number, the names of adult guests, your travel dates and payment information.</li>
<li><strong>Enquiries</strong>: what you write to us through the inquiry and lead forms.</li>
<li><strong>Browsing</strong>: the pages you visit, the searches you run and the listings you open, collected by our own analytics service to improve the site.</li>
</ul>
<h2>Cookies and local storage</h2>
<p>The site stores your favourite listings in a cookie named <code>riot_solr_flag_items</code> and your Trips Collection in your browser's local storage, so they are still there when you come back. A cookie named <code>rcstate</code> remembers the state or province you chose for trip insurance. None of these are shared with anyone.</p>
<h2>How we use your information</h2>
<p>We use your details to manage your reservation, to send you arrival information and to answer your questions. If you agreed to it, we send a newsletter no more than once a month; every message has an unsubscribe link.</p>
<h2>Sharing</h2>
<p>We share reservation details only with the home's owner, with our housekeeping and maintenance staff when needed, and with the insurer when you buy trip insurance or damage protection. Card payments are handled by our payment processor; we never store full card numbers.</p>
<h2>Keeping and deleting data</h2>
<p>Reservation records are kept for seven years for tax purposes. You may ask us at any time for a copy of the information we hold about you, or ask us to correct or delete it, by writing to stay@coralhaven.example.</p>`,
  },
  {
    slug: 'cancellation-policy',
    title: 'Cancellation policy',
    body: `<p>Plans change. This is what happens when you need to cancel or shorten a stay.</p>
<h2>Cancelling a reservation</h2>
<ul>
<li><strong>60 days or more before arrival</strong>: full refund of the advance payment, less a $75 processing fee.</li>
<li><strong>Between 59 and 30 days before arrival</strong>: the advance payment is refunded only if we re-rent the home for the same dates.</li>
<li><strong>Less than 30 days before arrival</strong>: no refund, unless the home is re-rented for the full stay.</li>
</ul>
<p>Holiday weeks (Thanksgiving, Christmas and New Year, Spring Break and Independence Day) require 90 days' notice for a full refund.</p>
<h2>Changing dates</h2>
<p>You may move a reservation to other dates in the same home once, free of charge, when you ask at least 30 days before arrival and the new dates are available. A difference in price is charged or refunded.</p>
<h2>Early departure</h2>
<p>No refund is given for nights not used after arrival.</p>
<h2>Weather</h2>
<p>Rain and rough seas are not a reason for a refund. When a mandatory evacuation order is issued for the coast, the nights that cannot be used are refunded in full.</p>
<h2>Trip insurance</h2>
<p>We strongly recommend trip insurance, offered at checkout. It can refund non-refundable payments when you cancel for a covered reason such as illness, injury or a flight cancellation.</p>
<p>To cancel, call +1-555-0142 or write to stay@coralhaven.example with your reservation number. A cancellation is effective on the day we receive it.</p>`,
  },
];
