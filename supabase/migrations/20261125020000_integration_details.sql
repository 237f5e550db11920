-- What a documented connection does, read from its source page (issue 20): the direction data
-- flows, what it moves (a fixed vocabulary checked here), through what (built in, a marketplace
-- app, a named middleware service, a file exported from one and imported into the other), the
-- status a vendor gives it (beta, deprecated, retired; null = current) and the day someone read
-- the source (verified_on). Every detail is optional: what a source does not say stays null,
-- shown as "not documented yet". verified_on moves only when an editor reads the page again
-- (the editor's `link` and `verify`); nothing here touches it on update. RLS is unchanged: anon
-- reads the pairs between live tools, all columns.

-- The items a connection can move; src/features/integrations/details.ts gives them labels.
create function public.integration_moves_valid(p_moves text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select cardinality(p_moves) between 1 and 18
    and array_position(p_moves, null) is null
    -- No item twice.
    and cardinality(p_moves) = (select count(distinct m) from unnest(p_moves) m)
    and p_moves <@ array['projects', 'contacts_vendors', 'cost_codes', 'budgets', 'commitments',
      'change_orders', 'invoices_pay_apps', 'timesheets', 'employees', 'daily_logs', 'rfis',
      'submittals', 'drawings_documents', 'models', 'schedules', 'photos', 'equipment', 'estimates']
$$;
comment on function public.integration_moves_valid(text[]) is
  'The vocabulary of tool_integrations.moves; src/features/integrations/details.ts labels the same items.';

alter table public.tool_integrations
  -- Pairs are stored lower tool id first, so the direction is said in that order.
  add column direction text check (direction in ('low_to_high', 'high_to_low', 'both')),
  add column moves text[] check (moves is null or public.integration_moves_valid(moves)),
  add column via text check (via in ('built_in', 'marketplace_app', 'middleware', 'file_exchange')),
  add column via_service text check (
    via_service is null or (char_length(via_service) between 1 and 60 and via_service = btrim(via_service))
  ),
  add column status text check (status in ('beta', 'deprecated', 'retired')),
  add column verified_on date;

-- Rows from before this migration were recorded after their source was read, when created.
update public.tool_integrations set verified_on = created_at::date;
alter table public.tool_integrations
  alter column verified_on set default current_date,
  alter column verified_on set not null,
  add constraint tool_integrations_verified_on_past
    check (verified_on between date '2000-01-01' and current_date + 1),
  -- A middleware connection names its service (Agave, hh2, Ryvit, Zapier...); nothing else does.
  add constraint tool_integrations_middleware_named
    check ((via is not distinct from 'middleware') = (via_service is not null)),
  -- kind is the coarser, older word for the same thing: once `via` is known they agree.
  add constraint tool_integrations_kind_fits_via check (
    via is null or kind = case via
      when 'built_in' then 'native'
      when 'file_exchange' then 'native'
      when 'marketplace_app' then 'marketplace'
      when 'middleware' then 'api'
    end
  );

comment on column public.tool_integrations.direction is
  'Which way data flows, in stored order (tool_low_id to tool_high_id, back, or both); null = not documented.';
comment on column public.tool_integrations.moves is
  'What the connection moves, from the vocabulary of integration_moves_valid; null = not documented.';
comment on column public.tool_integrations.via is
  'built_in, marketplace_app, middleware (named in via_service) or file_exchange; null = not documented.';
comment on column public.tool_integrations.status is
  'beta, deprecated or retired as a vendor says; null = current. A retired connection no longer counts as a partner.';
comment on column public.tool_integrations.verified_on is
  'The day someone last read source_url and found the connection documented there; moved only by a re-read.';

create index tool_integrations_verified_on_idx on public.tool_integrations (verified_on);

revoke execute on function public.integration_moves_valid(text[]) from public, anon, authenticated;
-- A CHECK constraint's function needs EXECUTE by whoever writes the row.
grant execute on function public.integration_moves_valid(text[]) to service_role;
