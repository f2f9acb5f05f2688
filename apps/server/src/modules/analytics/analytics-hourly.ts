import { sql, type SQL } from 'drizzle-orm';
import type { FunnelStepName } from '@store/contracts/admin';
import { analyticsEvents } from '#server/db/schema.ts';

/** A visit ends when a visitor is idle this long. */
export const VISIT_GAP_MINUTES = 30;

/** The UTC hour an instant falls in, whatever the session's time zone. */
const utcHour = (instant: SQL) => sql`(date_trunc('hour', ${instant} at time zone 'UTC') at time zone 'UTC')`;

/**
 * The rows of `analytics_hourly` for the events of `[start, end)`, both UTC midnights: the one way
 * the figures are computed, whether a finished day is stored or a recent day is read as it is.
 *
 * A visit is a visitor's run of events (purchases aside) on one UTC day with gaps under 30 minutes; its first event
 * gives its referrer, UTM source, device, browser and system, its first pageview its entry page.
 * A visitor counts once per UTC day and value, in the hour they first had it; a visit counts in
 * the hour it started; a pageview in its own hour. Summing rows over any hours is then exact.
 * Columns: hour, dimension, value, visitors, visits, pageviews, bounces, duration_seconds.
 */
export function hourlyRowsSql(start: Date, end: Date): SQL {
  return sql`
    with events as (
      select id, occurred_at, name, visitor_id, pathname, referrer_host, utm_source, device, browser, os,
        props ->> 'product' as product, props ->> 'products' as products, (occurred_at at time zone 'UTC')::date as day, ${utcHour(sql`occurred_at`)} as hour
      from ${analyticsEvents}
      where occurred_at >= ${start} and occurred_at < ${end}
    ), openings as (
      select id, occurred_at, name, visitor_id, pathname, referrer_host, utm_source, device, browser, os, day, hour,
        case when occurred_at - lag(occurred_at) over (partition by visitor_id, day order by occurred_at, id)
          < ${sql.raw(`interval '${VISIT_GAP_MINUTES} minutes'`)} then 0 else 1 end as opens
      from events
      -- A purchase is the payment provider's word, often after the shopper has left: it completes a
      -- funnel, never opens, lengthens or un-bounces a visit.
      where name <> 'purchase'
    ), sessioned as (
      select openings.*, sum(opens) over (partition by visitor_id, day order by occurred_at, id rows unbounded preceding) as visit
      from openings
    ), visits as (
      -- Exactly one event of a visit opens it: the visit's attributes are that event's.
      select visitor_id, day, visit, min(hour) as hour,
        count(*) filter (where name = 'pageview') as pageviews,
        floor(extract(epoch from max(occurred_at) - min(occurred_at)))::bigint as duration,
        coalesce((array_agg(pathname order by occurred_at, id) filter (where name = 'pageview'))[1], max(pathname) filter (where opens = 1)) as entry_page,
        max(referrer_host) filter (where opens = 1) as referrer,
        max(utm_source) filter (where opens = 1) as utm_source,
        max(device) filter (where opens = 1) as device,
        max(browser) filter (where opens = 1) as browser,
        max(os) filter (where opens = 1) as os
      from sessioned
      group by visitor_id, day, visit
    ), visit_values as (
      select visits.*, v.dimension, coalesce(v.value, '') as value
      from visits cross join lateral (values
        ('total', ''), ('entry_page', entry_page), ('referrer', referrer), ('utm_source', utm_source),
        ('device', device), ('browser', browser), ('os', os)
      ) as v(dimension, value)
    ), page_visits as (
      select s.visitor_id, s.day, s.visit, s.pathname, min(s.hour) as first_hour, min(v.hour) as visit_hour
      from sessioned s join visits v using (visitor_id, day, visit)
      where s.name = 'pageview'
      group by s.visitor_id, s.day, s.visit, s.pathname
    ), ${funnelSql()}, contributions (hour, dimension, value, visitors, visits, pageviews, bounces, duration) as (
      -- Each visit, in the hour it started (its pageviews too, except in the total, which counts them in their own hour).
      select hour, dimension, value, 0, 1, case when dimension = 'total' then 0 else pageviews end, (pageviews <= 1)::int, duration
      from visit_values
      union all
      -- Each visitor of the day per value, in the hour of their first visit with it.
      select min(hour), dimension, value, 1, 0, 0, 0, 0::bigint from visit_values group by visitor_id, day, dimension, value
      union all
      select hour, 'total', '', 0, 0, count(*)::int, 0, 0::bigint from events where name = 'pageview' group by hour
      union all
      select hour, 'page', pathname, 0, 0, count(*)::int, 0, 0::bigint from events where name = 'pageview' group by hour, pathname
      union all
      select visit_hour, 'page', pathname, 0, 1, 0, 0, 0::bigint from page_visits
      union all
      select min(first_hour), 'page', pathname, 1, 0, 0, 0, 0::bigint from page_visits group by visitor_id, day, pathname
      union all
      select hour, dimension, product, 1, 0, 0, 0, 0::bigint from funnel_steps
    )
    select hour, dimension, value, sum(visitors)::int as visitors, sum(visits)::int as visits, sum(pageviews)::int as pageviews,
      sum(bounces)::int as bounces, sum(duration)::bigint as duration_seconds
    from contributions
    group by hour, dimension, value`;
}

/**
 * The funnel, per visitor-day and product: the first view, then the first add to cart after it,
 * the first checkout listing the product after that, the first purchase listing it after that.
 * Each step reached counts one visitor in the hour of the view. Product `*` is any product.
 * Each step's time is a window over the visitor-day's events of the product, so one sort serves all.
 */
function funnelSql(): SQL {
  const after = (step: string, name: FunnelStepName, previous: string, source: string) =>
    sql.raw(`select ${source}.*, min(occurred_at) filter (where name = '${name}' and occurred_at > ${previous}) over visitor_product as ${step}
      from ${source} window visitor_product as (partition by visitor_id, day, product)`);
  return sql`funnel_events as (
      select visitor_id, day, name, occurred_at, product from events where name in ('product_view', 'add_to_cart') and product is not null
      union all
      select e.visitor_id, e.day, e.name, e.occurred_at, listed.product
      from events e cross join lateral unnest(string_to_array(e.products, ',')) as listed(product)
      where e.name in ('checkout_start', 'purchase') and listed.product <> ''
      union all
      select visitor_id, day, name, occurred_at, '*' from events where name in ('product_view', 'add_to_cart', 'checkout_start', 'purchase')
    ), viewed as (
      select funnel_events.*, min(occurred_at) filter (where name = 'product_view') over visitor_product as viewed_at
      from funnel_events window visitor_product as (partition by visitor_id, day, product)
    ), carted as (${after('carted_at', 'add_to_cart', 'viewed_at', 'viewed')}),
    checked_out as (${after('checked_out_at', 'checkout_start', 'carted_at', 'carted')}),
    purchased as (${after('purchased_at', 'purchase', 'checked_out_at', 'checked_out')}),
    funnels as (
      select product, min(viewed_at) as viewed_at, min(carted_at) as carted_at, min(checked_out_at) as checked_out_at, min(purchased_at) as purchased_at
      from purchased where viewed_at is not null
      group by visitor_id, day, product
    ), funnel_steps as (
      select ${utcHour(sql`viewed_at`)} as hour, step.dimension, product
      from funnels cross join lateral (values
        ('funnel:product_view', true), ('funnel:add_to_cart', carted_at is not null),
        ('funnel:checkout_start', checked_out_at is not null), ('funnel:purchase', purchased_at is not null)
      ) as step(dimension, reached)
      where step.reached
    )`;
}
