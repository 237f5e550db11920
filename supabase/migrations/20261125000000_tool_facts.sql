-- Facts a buyer compares tools on (issue 19): one row per tool and fact, each value from a
-- fixed vocabulary checked here, with the vendor page it was read on and the date someone read
-- it there. A fact that holds a set (platforms, pricing model, audience, company size, also
-- does) may be read across pages, a row per page (iOS on the App Store, Android on Google
-- Play): the fact is the union of its rows. Any other fact is one row. verified_on moves only when an editor reads the page again (the editor's `set` and
-- `verify`); nothing here touches it on update. A fact nobody has read is no row at all:
-- unknown stays unknown. anon reads the facts of live tools only; editors write with the
-- service role, like the rest of the catalogue.

create table public.tool_facts (
  tool_id bigint not null references public.construction_apps (id) on delete cascade,
  fact text not null,
  -- The values, from the fact's vocabulary (one or several); see public.tool_fact_valid.
  value text[] not null,
  -- A free version's limit ("up to 5 users"), a trial's length, a price's terms, or for
  -- open_api the developer documentation's address.
  detail text check (detail is null or char_length(btrim(detail)) between 1 and 200),
  source_url text not null check (
    char_length(source_url) <= 2048 and source_url ~* '^https?://[^/?#@[:space:]]+'
  ),
  verified_on date not null default current_date,
  constraint tool_facts_verified_on_past check (verified_on between date '2000-01-01' and current_date + 1),
  primary key (tool_id, fact, source_url)
);
create unique index tool_facts_one_row_per_single_fact on public.tool_facts (tool_id, fact)
  where fact not in ('platforms', 'pricing_model', 'audience', 'company_size', 'also_does');

create function public.tool_fact_valid(p_fact text, p_value text[], p_detail text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select cardinality(p_value) between 1 and 8
    and array_position(p_value, null) is null
    -- No value twice.
    and cardinality(p_value) = (select count(distinct v) from unnest(p_value) v)
    and case p_fact
      when 'vendor' then cardinality(p_value) = 1 and char_length(btrim(p_value[1])) between 1 and 100
      when 'hq_country' then cardinality(p_value) = 1 and p_value[1] = any (array[
    'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ', 'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS',
    'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE',
    'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM',
    'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM', 'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC',
    'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA',
    'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW',
    'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO',
    'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI', 'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW'
      ])
      when 'founded' then cardinality(p_value) = 1 and p_value[1] ~ '^(1[89]|20)[0-9]{2}$'
      when 'platforms' then p_value <@ array['web', 'ios', 'ipados', 'android', 'windows', 'macos', 'on_premises']
      when 'offline' then cardinality(p_value) = 1 and p_value <@ array['full', 'partial', 'none']
      when 'pricing_model' then p_value <@ array['per_user', 'per_active_user', 'unlimited_users',
        'per_project', 'construction_volume', 'by_module', 'perpetual', 'quote_only']
      -- amount, currency (ISO 4217), unit, period: a price the vendor itself publishes.
      when 'starting_price' then cardinality(p_value) = 4
        and p_value[1] ~ '^[0-9]{1,7}(\.[0-9]{1,2})?$' and p_value[1]::numeric > 0
        and p_value[2] = any (array['USD', 'EUR', 'GBP', 'AUD', 'CAD', 'NZD', 'CHF', 'SEK', 'NOK',
          'DKK', 'JPY', 'SGD', 'INR', 'ZAR', 'AED'])
        and p_value[3] = any (array['user', 'account', 'project', 'device', 'seat'])
        and p_value[4] = any (array['month', 'year', 'once'])
      when 'free_version' then cardinality(p_value) = 1 and p_value <@ array['yes', 'no']
      when 'free_trial' then cardinality(p_value) = 1 and p_value <@ array['yes', 'no']
      when 'audience' then p_value <@ array['general_contractors', 'specialty_contractors',
        'owners_developers', 'residential', 'heavy_civil', 'architects_engineers']
      when 'company_size' then p_value <@ array['small', 'mid', 'enterprise']
      -- An open API names its developer documentation.
      when 'open_api' then cardinality(p_value) = 1 and p_value <@ array['yes', 'no']
        and (p_value[1] = 'no' or coalesce(p_detail ~* '^https?://[^/?#@[:space:]]+', false))
      when 'soc2' then cardinality(p_value) = 1 and p_value <@ array['type_1', 'type_2']
      when 'sso' then cardinality(p_value) = 1 and p_value <@ array['yes', 'no']
      when 'also_does' then cardinality(p_value) <= 2 and p_value <@ array['project-management',
        'estimating', 'bim-design', 'scheduling', 'field-management', 'bidding-procurement',
        'financials', 'documents-collaboration', 'safety-quality', 'reality-capture',
        'equipment-fleet', 'workforce']
      else false
    end
$$;
comment on function public.tool_fact_valid(text, text[], text) is
  'The vocabulary of each tool fact; src/features/facts/vocabulary.ts gives the same values their labels.';

alter table public.tool_facts
  add constraint tool_facts_vocabulary check (public.tool_fact_valid(fact, value, detail));

-- "Also does" names at most two other jobs than the tool's own category, over all its rows.
create function public.tool_facts_also_does_other()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.fact <> 'also_does' then
    return new;
  end if;
  if exists (
    select 1 from public.construction_apps t
    where t.id = new.tool_id and t.category = any (new.value)
  ) then
    raise exception 'also_does repeats the tool''s own category' using errcode = '23514';
  end if;
  if (
    select count(distinct v) from (
      select unnest(f.value) as v from public.tool_facts f
      where f.tool_id = new.tool_id and f.fact = 'also_does'
        and (tg_op = 'INSERT' or (f.tool_id, f.fact, f.source_url) <> (old.tool_id, old.fact, old.source_url))
      union all
      select unnest(new.value)
    ) as all_values
  ) > 2 then
    raise exception 'also_does names at most two categories' using errcode = '23514';
  end if;
  return new;
end
$$;
create trigger tool_facts_also_does_other before insert or update on public.tool_facts
  for each row execute function public.tool_facts_also_does_other();

alter table public.tool_facts enable row level security;
comment on table public.tool_facts is
  'Facts about a tool from a fixed vocabulary, each with the vendor page it was read on and the date it was read (issue 19).';

create index tool_facts_verified_on_idx on public.tool_facts (verified_on);

revoke all on public.tool_facts from public, anon, authenticated;
grant select on public.tool_facts to anon, authenticated;
grant select, insert, update, delete on public.tool_facts to service_role;
revoke execute on function public.tool_fact_valid(text, text[], text) from public, anon, authenticated;
-- A CHECK constraint's function needs EXECUTE by whoever writes the row.
grant execute on function public.tool_fact_valid(text, text[], text) to service_role;
revoke execute on function public.tool_facts_also_does_other() from public, anon, authenticated;

create policy "anon reads facts of live tools" on public.tool_facts
  for select to anon using (
    exists (select 1 from public.construction_apps t where t.id = tool_id and t.status = 'live')
  );
create policy "authenticated reads facts of live tools" on public.tool_facts
  for select to authenticated using (
    exists (select 1 from public.construction_apps t where t.id = tool_id and t.status = 'live')
  );

-- The editor's write (record 0002: writes as database functions, one call, one transaction):
-- records a fact as read today on p_source_url. With p_replace (the default) it replaces every
-- row of the fact; without, it adds a page to a set read across pages.
create function public.set_tool_fact(
  p_tool_id bigint, p_fact text, p_value text[], p_detail text, p_source_url text,
  p_replace boolean default true
)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if not exists (select 1 from public.construction_apps where id = p_tool_id) then
    raise exception 'no tool with id %', p_tool_id using errcode = 'P0002';
  end if;
  if p_replace then
    delete from public.tool_facts where tool_id = p_tool_id and fact = p_fact;
  end if;
  insert into public.tool_facts (tool_id, fact, value, detail, source_url, verified_on)
  values (p_tool_id, p_fact, p_value, p_detail, p_source_url, current_date)
  on conflict (tool_id, fact, source_url) do update
    set value = excluded.value, detail = excluded.detail, verified_on = current_date;
end
$$;
revoke execute on function public.set_tool_fact(bigint, text, text[], text, text, boolean)
  from public, anon, authenticated;
grant execute on function public.set_tool_fact(bigint, text, text[], text, text, boolean)
  to service_role;
