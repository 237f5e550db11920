-- Links kept alive: `npm run editor -- check-links` requests every address the site links to
-- (live tools' addresses, the sources of integrations between live tools and of facts about
-- live tools) and keeps the latest answer per address here, with when it started failing, so
-- `check-links --report` says what is broken or moved and since when. Only editors read it:
-- no page shows a link as broken; an editor decides what to do (record 0015).

create table public.link_checks (
  url text primary key check (char_length(url) <= 2048),
  -- ok: answered (after redirects within its own site); moved: redirected to another site
  -- (often an acquisition); broken: an error status, no answer in time, or no connection.
  status text not null check (status in ('ok', 'moved', 'broken')),
  http_status integer check (http_status between 100 and 599),
  final_url text check (char_length(final_url) <= 2048),
  -- What went wrong, or what an ok answer left to note, in words.
  detail text check (char_length(detail) <= 500),
  -- The first check of the current run of failures (null while ok).
  first_seen_failing timestamptz,
  failed_checks integer not null default 0 check (failed_checks >= 0),
  checked_at timestamptz not null default now(),
  constraint link_checks_failing_has_date check ((status = 'ok') = (first_seen_failing is null))
);
alter table public.link_checks enable row level security;
comment on table public.link_checks is 'The last answer of each address the site links to, from the editor''s check-links; read only by editors.';
revoke all on public.link_checks from anon, authenticated;
grant select, insert, update, delete on public.link_checks to service_role;

-- Every address the site links to, once per place it is used. Facts are read only where their
-- table exists (it comes with its own migration).
create function public.link_check_targets()
returns table (url text, used_by text, tool_id bigint)
language plpgsql stable set search_path = ''
as $$
begin
  return query
    select t.url, format('%s (tool %s): address', t.name, t.id), t.id
    from public.construction_apps t where t.status = 'live';
  return query
    select i.source_url, format('%s – %s (tools %s, %s): integration source', lo.name, hi.name, lo.id, hi.id), lo.id
    from public.tool_integrations i
    join public.construction_apps lo on lo.id = i.tool_low_id and lo.status = 'live'
    join public.construction_apps hi on hi.id = i.tool_high_id and hi.status = 'live';
  if to_regclass('public.tool_facts') is not null then
    return query execute $q$
      select f.source_url::text, format('%s (tool %s): fact source', t.name, t.id), t.id
      from public.tool_facts f
      join public.construction_apps t on t.id = f.tool_id and t.status = 'live'
      where f.source_url is not null
    $q$;
  end if;
end
$$;

-- Records a batch of answers ([{url, status, http_status, final_url, detail}]); a failure
-- keeps the date of the first failure in its run, an ok answer clears it.
create function public.record_link_checks(p_results jsonb)
returns void
language sql set search_path = ''
as $$
  insert into public.link_checks as c
    (url, status, http_status, final_url, detail, first_seen_failing, failed_checks, checked_at)
  select r.url, r.status, r.http_status, r.final_url, left(r.detail, 500),
    case when r.status <> 'ok' then now() end, (r.status <> 'ok')::int, now()
  from jsonb_to_recordset(p_results) as r (url text, status text, http_status integer, final_url text, detail text)
  on conflict (url) do update set
    status = excluded.status,
    http_status = excluded.http_status,
    final_url = excluded.final_url,
    detail = excluded.detail,
    first_seen_failing = case when excluded.status <> 'ok' then coalesce(c.first_seen_failing, excluded.first_seen_failing) end,
    failed_checks = case when excluded.status <> 'ok' then c.failed_checks + 1 else 0 end,
    checked_at = excluded.checked_at
$$;

-- Forgets answers for addresses the site no longer links to (after a complete check).
create function public.prune_link_checks()
returns integer
language sql set search_path = ''
as $$
  with gone as (
    delete from public.link_checks c
    where not exists (select 1 from public.link_check_targets() t where t.url = c.url)
    returning 1
  ) select count(*)::integer from gone
$$;

-- Every address the site links to, with its last answer (null: never checked) and where it is used.
create function public.link_check_status()
returns table (
  url text, used_by text[], status text, http_status integer, final_url text, detail text,
  first_seen_failing timestamptz, failed_checks integer, checked_at timestamptz
)
language sql stable set search_path = ''
as $$
  select t.url, array_agg(distinct t.used_by order by t.used_by), c.status, c.http_status, c.final_url,
    c.detail, c.first_seen_failing, c.failed_checks, c.checked_at
  from public.link_check_targets() t
  left join public.link_checks c on c.url = t.url
  group by t.url, c.url
  order by c.first_seen_failing nulls last, t.url
$$;

revoke execute on function public.link_check_targets() from public, anon, authenticated;
revoke execute on function public.record_link_checks(jsonb) from public, anon, authenticated;
revoke execute on function public.prune_link_checks() from public, anon, authenticated;
revoke execute on function public.link_check_status() from public, anon, authenticated;
grant execute on function public.link_check_targets() to service_role;
grant execute on function public.record_link_checks(jsonb) to service_role;
grant execute on function public.prune_link_checks() to service_role;
grant execute on function public.link_check_status() to service_role;
