import { Type, type Static } from 'typebox';
import type { Resort } from '../../../catalog/types.js';
import type { ApiContext } from '../../../http/context.js';
import { defineEndpoint } from '../../../http/endpoint.js';
import { requireResort } from '../../../http/lookup.js';
import { RESORT_PARAM, dateParam, resolveDate } from '../../../http/params.js';
import {
  CheckedAt,
  Currency,
  DailyDataStatus,
  Price,
  ResortHeader,
  checkedAtOf,
  resortHeader,
} from '../../resources/resort-data.js';
import { Envelope, LocalDate, Nullable } from '../../../http/schemas/common.js';

const DATE_BOUNDS = { maxDaysAhead: 365, meaning: 'Ticket start date' } as const;

const TicketSchema = Type.Object(
  {
    ticket_id: Type.String({ description: 'Stable product ID (`wdw-4-day-park-hopper`).' }),
    name: Type.String({ description: "The operator's product name." }),
    category: Type.Union(
      [
        Type.Literal('base'),
        Type.Literal('park_hopper'),
        Type.Literal('multi_day'),
        Type.Literal('special_event'),
      ],
      {
        description:
          '`base`: one park a day (1-day tickets; at Universal Studios Hollywood also the Express ticket). `park_hopper`: more than one park a day (Park Hopper, Park-to-Park). `multi_day`: 2 to 10 days, one park a day. `special_event`: a separately ticketed event night on that date.',
      },
    ),
    days: Type.Integer({ minimum: 1, maximum: 10, description: 'Days of admission (1 for event nights).' }),
    park_keys: Type.Array(Type.String(), {
      description: 'Parks the ticket admits to (keys as in /v1/parks).',
    }),
    price: Price,
    price_tier: Nullable(
      Type.Integer({
        minimum: 1,
        description:
          "The operator's date-based price tier for the start date, 1 the cheapest; null for fixed-price products (event nights).",
      }),
    ),
  },
  { additionalProperties: false, title: 'Ticket' },
);

const ParkProductSchema = Type.Object(
  {
    park_id: Type.String(),
    park_key: Type.String(),
    product: Type.Union(
      [Type.Literal('one_day'), Type.Literal('express'), Type.Literal('express_unlimited')],
      {
        description:
          '`one_day`: the 1-day ticket for this park; `express`: Universal Express (one use per ride); `express_unlimited`: Universal Express Unlimited. Express products exist at the Universal resorts only.',
      },
    ),
    name: Type.String(),
    price: Price,
    available: Type.Boolean({ description: 'False when sold out for the date.' }),
  },
  { additionalProperties: false, title: 'ParkProduct' },
);

const TicketsBody = Envelope(
  {
    ...ResortHeader,
    date: { ...LocalDate, description: 'Ticket start date, local to the resort.' },
    currency: Currency,
    checked_at: CheckedAt,
    tickets: Type.Array(TicketSchema, {
      description:
        'Every ticket priced for the start date: base, park hopper, multi-day, then special events.',
    }),
    park_products: Type.Array(ParkProductSchema, {
      description:
        'Per park, its products for the date: the 1-day ticket, and Universal Express at the Universal resorts.',
    }),
    data_status: DailyDataStatus,
    note: Type.String(),
  },
  'Ticket prices for one start date.',
  'ResortTickets',
);
export type ResortTicketsResponse = Static<typeof TicketsBody>;

/** `GET /v1/resorts/{resort}/tickets`. */
export const getTickets = defineEndpoint({
  url: '/v1/resorts/:resort/tickets',
  operationId: 'getResortTickets',
  summary:
    'Every ticket priced for a start date (base, park hopper, multi-day, special events), plus each park’s 1-day and express products.',
  description:
    "Date-based adult prices before tax, as the service's last daily check of the operator's price list saw them: higher on weekends, holidays and school breaks. `date` is the ticket's first day in the resort's time zone, today through 365 days ahead.",
  tag: 'Resorts',
  params: { resort: RESORT_PARAM },
  query: { date: dateParam(DATE_BOUNDS) },
  body: TicketsBody,
  errors: [400, 401, 403, 404, 429, 503],
  maxAge: 300,
  provider: true,
  examples: ['/v1/resorts/walt-disney-world/tickets', '/v1/resorts/uor/tickets'],
  resolve: ({ params, query }, context) => {
    const resort = requireResort(context, params.resort);
    const date = resolveDate(query.date, resort.time_zone, context.clock.now(), DATE_BOUNDS);
    return {
      key: `${resort.key}/${date}`,
      version: context.services.resortData.version(resort, 'tickets'),
      input: { resort, date },
    };
  },
  build: ({ resort, date }, context) => ticketsBody(context, resort, date),
});

function ticketsBody(context: ApiContext, resort: Resort, date: string): ResortTicketsResponse {
  const checked = context.services.resortData.tickets(resort, date);
  const park = (key: string) => resort.parks.find((p) => p.key === key);
  return context.envelopes.wrap({
    ...resortHeader(resort),
    date,
    currency: checked.current ? checked.value.currency : 'USD',
    checked_at: checkedAtOf(checked.checkedAt),
    tickets: checked.current
      ? checked.value.tickets.map((t) => ({
          ticket_id: t.ticket_id,
          name: t.name,
          category: t.category,
          days: t.days,
          park_keys: [...t.park_keys],
          price: t.price.amount,
          price_tier: t.price_tier,
        }))
      : [],
    park_products: checked.current
      ? checked.value.park_products.map((p) => ({
          park_id: park(p.park_key)?.id ?? p.park_key,
          park_key: p.park_key,
          product: p.product,
          name: p.name,
          price: p.price.amount,
          available: p.available,
        }))
      : [],
    data_status: checked.current ? 'available' : 'unavailable',
    note:
      context.services.resortData.unsourced(resort, 'tickets') ??
      'Adult prices before tax from the daily check of the operator’s price list; child prices and taxes are not included.',
  });
}
