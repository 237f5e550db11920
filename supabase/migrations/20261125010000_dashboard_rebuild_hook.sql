-- Edits made in the Supabase dashboard (or any SQL) rebuild the site, as the editor CLI's do.
-- A change to what the site shows (live tools, integrations between live tools, facts of live
-- tools) records a rebuild request in site_rebuilds, the queue the editor already claims
-- (record 0003). public.call_build_hook(), run by pg_cron every 30 seconds, claims every
-- request waiting and calls the Netlify build hook once through pg_net, at most once a minute,
-- with the hook's address read from Supabase Vault (secret 'netlify_build_hook_url'). A call
-- pg_net reports failed puts its requests back. Without pg_net (the embedded database) the
-- triggers and the function do nothing: the editor rebuilds as before. Record 0015.

-- The pg_net request that took a row along, until its answer is read (database calls only).
alter table public.site_rebuilds add column hook_request_id bigint;
comment on column public.site_rebuilds.hook_request_id is 'pg_net request of the build hook call that took this request along; cleared once its answer is read.';

-- When the database last called the hook: the one-call-a-minute rule.
create table public.build_hook_state (
  singleton boolean primary key default true check (singleton),
  last_called_at timestamptz
);
alter table public.build_hook_state enable row level security;
comment on table public.build_hook_state is 'One row: when public.call_build_hook last called the Netlify build hook.';
-- Only the database's own functions use it (Supabase's defaults would grant it to the API roles).
revoke all on public.build_hook_state from anon, authenticated, service_role;
insert into public.build_hook_state default values;

-- Whether a row of a watched table is on the site: a tool while live; any other row (an
-- integration, a fact) while every tool it names (tool_id, tool_low_id, tool_high_id) is live.
create function public.row_shown_on_site(p_table regclass, p_row jsonb)
returns boolean
language sql stable set search_path = ''
as $$
  select case
    when p_table = 'public.construction_apps'::regclass then p_row ->> 'status' = 'live'
    else not exists (
      select 1 from jsonb_each_text(p_row) as f (key, value)
      where f.key in ('tool_id', 'tool_low_id', 'tool_high_id')
        and not exists (
          select 1 from public.construction_apps t where t.id = f.value::bigint and t.status = 'live'
        )
    )
  end
$$;

-- Statement trigger: one rebuild request per statement that changed a row on the site (before
-- or after it). Always a new row, never "one is already waiting": a waiting row may be claimed
-- and called for before this transaction commits, and this change would miss that build.
create function public.note_site_change()
returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_shown boolean := tg_op = 'TRUNCATE';
begin
  if to_regprocedure('net.http_post(text,jsonb,jsonb,jsonb,integer)') is null then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    select exists (select 1 from old_rows r where public.row_shown_on_site(tg_relid, to_jsonb(r)))
      into v_shown;
  end if;
  if not v_shown and tg_op in ('INSERT', 'UPDATE') then
    select exists (select 1 from new_rows r where public.row_shown_on_site(tg_relid, to_jsonb(r)))
      into v_shown;
  end if;
  if v_shown then
    insert into public.site_rebuilds (reason)
    values (format('Database edit: %s on %s', lower(tg_op), tg_table_name));
  end if;
  return null;
end
$$;

-- Attaches the triggers to a table (again: harmless). Tables added later call it from their
-- own migration: select public.rebuild_site_on_change('public.their_table');
create function public.rebuild_site_on_change(p_table regclass)
returns void
language plpgsql set search_path = ''
as $$
begin
  -- A trigger with transition tables fires on one event only: one per event.
  execute format('create or replace trigger site_change_insert after insert on %s
    referencing new table as new_rows for each statement execute function public.note_site_change()', p_table);
  execute format('create or replace trigger site_change_update after update on %s
    referencing old table as old_rows new table as new_rows
    for each statement execute function public.note_site_change()', p_table);
  execute format('create or replace trigger site_change_delete after delete on %s
    referencing old table as old_rows for each statement execute function public.note_site_change()', p_table);
  execute format('create or replace trigger site_change_truncate after truncate on %s
    for each statement execute function public.note_site_change()', p_table);
end
$$;

select public.rebuild_site_on_change('public.construction_apps');
select public.rebuild_site_on_change('public.tool_integrations');
-- Facts come with their own migration, which calls rebuild_site_on_change too when it runs
-- after this one; here in case it ran before.
do $$
begin
  if to_regclass('public.tool_facts') is not null then
    perform public.rebuild_site_on_change('public.tool_facts');
  end if;
end
$$;

-- For pg_cron (or an operator): reads the answers of earlier calls, then calls the build hook
-- once for every request waiting, unless it did less than a minute ago. Says what it did.
create function public.call_build_hook()
returns text
language plpgsql security definer set search_path = ''
as $$
declare
  v_last timestamptz;
  v_url text;
  v_ids bigint[];
  v_reasons text[];
  v_request bigint;
begin
  if to_regprocedure('net.http_post(text,jsonb,jsonb,jsonb,integer)') is null then
    return 'pg_net is not installed: nothing to do';
  end if;
  -- One caller at a time (pg_cron never overlaps a job with itself; an operator might).
  select last_called_at into v_last from public.build_hook_state for update;

  if to_regclass('net._http_response') is not null then
    -- A failed call puts its requests back for the next one; a good one is settled.
    update public.site_rebuilds r
    set hook_request_id = null,
      triggered_at = case when h.status_code between 200 and 299 then r.triggered_at end,
      claimed_at = case when h.status_code between 200 and 299 then r.claimed_at end,
      last_error = case when h.status_code between 200 and 299 then r.last_error
        else left(coalesce('the build hook answered ' || h.status_code,
          'the build hook could not be reached: ' || coalesce(h.error_msg, 'timed out')), 1000) end
    from net._http_response h
    where h.id = r.hook_request_id;
    -- pg_net's queue is unlogged: a restart can lose a call, which then never gets an answer.
    update public.site_rebuilds
    set hook_request_id = null, triggered_at = null, claimed_at = null,
      last_error = 'pg_net recorded no answer from the build hook within 10 minutes'
    where hook_request_id is not null and triggered_at < now() - interval '10 minutes';
  end if;

  if v_last > now() - interval '1 minute' then
    return 'waiting: the build hook was called less than a minute ago';
  end if;
  if to_regclass('vault.decrypted_secrets') is not null then
    select decrypted_secret into v_url from vault.decrypted_secrets
    where name = 'netlify_build_hook_url';
  end if;
  if v_url is null then
    return 'no build hook: store its address in Vault as netlify_build_hook_url';
  end if;

  -- The editor's claim (lease 15 minutes, CLAIM_LEASE_SECONDS) shields requests it is calling for.
  select array_agg(c.id order by c.id), array_agg(c.reason order by c.id)
  into v_ids, v_reasons
  from public.claim_rebuilds(900) c;
  if v_ids is null then
    return 'nothing to rebuild';
  end if;
  v_request := net.http_post(
    url := v_url,
    body := '{}'::jsonb,
    params := jsonb_build_object('trigger_title', left(case
      when cardinality(v_reasons) = 1 then v_reasons[1]
      else format('%s catalogue changes: %s', cardinality(v_reasons), array_to_string(v_reasons, '; '))
    end, 200)),
    headers := '{"Content-Type": "application/json"}'::jsonb,
    -- The project's OUTBOUND_TIMEOUT_MS default.
    timeout_milliseconds := 8000
  );
  update public.site_rebuilds set triggered_at = now(), hook_request_id = v_request
  where id = any(v_ids);
  update public.build_hook_state set last_called_at = now();
  return format('called the build hook for %s change(s), pg_net request %s', cardinality(v_ids), v_request);
end
$$;
comment on function public.call_build_hook() is 'Calls the Netlify build hook (pg_net, address in Vault) for every rebuild request waiting, at most once a minute. Run by pg_cron.';

-- Where pg_cron is installed already; otherwise the README says how to schedule it.
do $$
begin
  if to_regprocedure('cron.schedule(text,text,text)') is not null then
    perform cron.schedule('call-build-hook', '30 seconds', 'select public.call_build_hook()');
  end if;
end
$$;

-- The database runs these itself (triggers, pg_cron, migrations): no API role calls them.
revoke execute on function public.row_shown_on_site(regclass, jsonb) from public, anon, authenticated, service_role;
revoke execute on function public.note_site_change() from public, anon, authenticated, service_role;
revoke execute on function public.rebuild_site_on_change(regclass) from public, anon, authenticated, service_role;
revoke execute on function public.call_build_hook() from public, anon, authenticated, service_role;
