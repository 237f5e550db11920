-- The editor's writes as database functions, so both editor backends (supabase-js and the
-- embedded database) change rows the same way, and their errors cross as SQLSTATE codes:
--   CTNFD not found · CTNPD submission not pending · CTDUP a live tool already has the host.
-- Also: the tool host expression as one function (tool_host); one unforced approval per host
-- (a unique index, so two editors approving at once publish one); rebuild requests that an
-- interrupted editor had claimed are retried.

-- tool_url_key, two fixes found by its direct test: a tracking parameter is removed only when
-- its whole name matches (`ref` no longer eats the start of `referrer=x`), and removing one
-- between two others keeps their separator (`?a=1&utm_source=x&b=2` gives `?a=1&b=2`, not
-- `?a=1b=2`). Stored keys are recomputed below.
create or replace function public.tool_url_key(url text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  select regexp_replace(
    regexp_replace(
      regexp_replace(
        regexp_replace(
          regexp_replace(
            regexp_replace(lower(split_part(url, '#', 1)), '^https?://(www\.)?', ''),
            '([?&])(utm_[^=&]*|fbclid|gclid|msclkid|mc_cid|mc_eid|ref|source)(=[^&]*)?(?=&|$)', '\1', 'g'),
          '&&+', '&', 'g'),
        '\?&+', '?'),
      '[?&]+$', ''),
    '/+(\?|$)', '\1')
$$;
update public.construction_apps set url = url;
update public.new_app_submissions set url = url;

-- The host of a tool URL: its duplicate key (tool_url_key) up to the first / or ?.
create function public.tool_host(url text) returns text
language sql immutable parallel safe set search_path = ''
as $$ select split_part(split_part(public.tool_url_key(url), '/', 1), '?', 1) $$;
comment on function public.tool_host(text) is 'Normalised host of a tool URL (no scheme, no www.): duplicate hints and the one-approval-per-host rule.';
revoke execute on function public.tool_host(text) from public, anon, authenticated;
grant execute on function public.tool_host(text) to service_role;

-- The host columns, same values, now computed by tool_host (the one written expression).
alter table public.construction_apps drop column host;
alter table public.construction_apps add column host text generated always as (public.tool_host(url)) stored;
create index construction_apps_host_idx on public.construction_apps (host);
alter table public.new_app_submissions drop column host;
alter table public.new_app_submissions add column host text generated always as (public.tool_host(url)) stored;
comment on column public.new_app_submissions.host is 'Normalised host (no scheme, no www.), for duplicate hints.';

-- A tool published by an approval without --force claims its host: at most one live tool per
-- claimed host. Tools added otherwise (the sample catalogue, --force) share hosts freely.
alter table public.construction_apps add column claims_host boolean not null default false;
create unique index construction_apps_one_claimed_host_idx
  on public.construction_apps (host) where status = 'live' and claims_host;

drop function public.approve_submission(bigint, text, text, text, text, boolean);
create function public.approve_submission(
  p_id bigint, p_name text, p_url text, p_description text, p_category text, p_force boolean default false
) returns bigint
language plpgsql set search_path = ''
as $$
declare
  v_status text;
  v_existing bigint;
  v_tool bigint;
begin
  select status into v_status from public.new_app_submissions where id = p_id for update;
  if not found then
    raise exception 'no submission with id %', p_id using errcode = 'CTNFD';
  end if;
  if v_status <> 'pending' then
    raise exception 'submission % is already %', p_id, v_status using errcode = 'CTNPD';
  end if;
  select id into v_existing from public.construction_apps
  where status = 'live' and host = public.tool_host(p_url) order by id limit 1;
  if v_existing is not null and not p_force then
    raise exception 'live tool % has the same host', v_existing using errcode = 'CTDUP';
  end if;
  begin
    insert into public.construction_apps (name, url, description, category, status, published_at, claims_host)
    values (p_name, p_url, p_description, p_category, 'live', now(), not p_force) returning id into v_tool;
  exception when unique_violation then
    -- Another approval for this host committed while this one ran.
    raise exception 'a live tool with the host % was published a moment ago', public.tool_host(p_url)
      using errcode = 'CTDUP';
  end;
  update public.new_app_submissions
  set status = 'approved', tool_id = v_tool, reviewed_at = now(), updated_at = now()
  where id = p_id;
  return v_tool;
end
$$;

-- Rejects (p_tool_id null) or marks as a duplicate of a tool, a pending submission.
create function public.review_submission(p_id bigint, p_status text, p_note text, p_tool_id bigint default null)
returns void
language plpgsql set search_path = ''
as $$
declare
  v_status text;
begin
  if p_tool_id is not null and not exists (select 1 from public.construction_apps where id = p_tool_id) then
    raise exception 'no tool with id %', p_tool_id using errcode = 'CTNFD';
  end if;
  select status into v_status from public.new_app_submissions where id = p_id for update;
  if not found then
    raise exception 'no submission with id %', p_id using errcode = 'CTNFD';
  end if;
  if v_status <> 'pending' then
    raise exception 'submission % is already %', p_id, v_status using errcode = 'CTNPD';
  end if;
  update public.new_app_submissions
  set status = p_status, reviewer_note = p_note, tool_id = p_tool_id, reviewed_at = now(), updated_at = now()
  where id = p_id;
end
$$;

-- Changes the given fields of a tool (a null argument keeps the field).
create function public.update_tool(p_id bigint, p_name text, p_url text, p_description text, p_category text)
returns void
language plpgsql set search_path = ''
as $$
begin
  update public.construction_apps
  set name = coalesce(p_name, name), url = coalesce(p_url, url),
    description = coalesce(p_description, description), category = coalesce(p_category, category),
    updated_at = now()
  where id = p_id;
  if not found then raise exception 'no tool with id %', p_id using errcode = 'CTNFD'; end if;
exception when unique_violation then
  raise exception 'another live tool already claims the host %', public.tool_host(p_url) using errcode = 'CTDUP';
end
$$;

-- Publishes ('live', first publication date kept) or unpublishes a tool.
create function public.set_tool_status(p_id bigint, p_status text)
returns void
language plpgsql set search_path = ''
as $$
begin
  update public.construction_apps
  set status = p_status, updated_at = now(),
    published_at = case when p_status = 'live' then coalesce(published_at, now()) else published_at end
  where id = p_id;
  if not found then raise exception 'no tool with id %', p_id using errcode = 'CTNFD'; end if;
exception when unique_violation then
  raise exception 'another live tool already claims the host of tool %', p_id using errcode = 'CTDUP';
end
$$;

-- Rebuild requests: claimed (by the editor about to build) before the build, marked
-- triggered only after it. A claim older than the lease (an editor interrupted between the
-- two) is taken again by the next rebuild.
alter table public.site_rebuilds add column claimed_at timestamptz;
update public.site_rebuilds set claimed_at = triggered_at;

create function public.claim_rebuilds(p_lease_seconds integer)
returns table (id bigint, reason text)
language sql set search_path = ''
as $$
  update public.site_rebuilds r set claimed_at = now()
  where r.triggered_at is null
    and (r.claimed_at is null or r.claimed_at < now() - make_interval(secs => p_lease_seconds))
  returning r.id, r.reason
$$;

create function public.finish_rebuilds(p_ids bigint[], p_error text default null)
returns void
language sql set search_path = ''
as $$
  update public.site_rebuilds
  set triggered_at = case when p_error is null then now() end,
    claimed_at = case when p_error is null then claimed_at end,
    last_error = coalesce(left(p_error, 1000), last_error)
  where id = any(p_ids)
$$;

-- Marks a notice as being sent (true) unless it already was (false).
create function public.claim_notification(p_id bigint)
returns boolean
language sql set search_path = ''
as $$
  with claimed as (
    update public.new_app_submissions
    set notified_at = now(), notify_attempts = notify_attempts + 1, notify_error = null
    where id = p_id and notified_at is null returning id
  ) select exists (select 1 from claimed)
$$;

-- A notice not sent: un-mark it if this sender had claimed it, and keep why for `notify --retry`.
create function public.record_notify_failure(p_id bigint, p_error text, p_claimed boolean)
returns void
language sql set search_path = ''
as $$
  update public.new_app_submissions
  set notified_at = case when p_claimed then null else notified_at end, notify_error = left(p_error, 1000)
  where id = p_id and (p_claimed or notified_at is null)
$$;

revoke execute on function public.approve_submission(bigint, text, text, text, text, boolean) from public, anon, authenticated;
revoke execute on function public.review_submission(bigint, text, text, bigint) from public, anon, authenticated;
revoke execute on function public.update_tool(bigint, text, text, text, text) from public, anon, authenticated;
revoke execute on function public.set_tool_status(bigint, text) from public, anon, authenticated;
revoke execute on function public.claim_rebuilds(integer) from public, anon, authenticated;
revoke execute on function public.finish_rebuilds(bigint[], text) from public, anon, authenticated;
revoke execute on function public.claim_notification(bigint) from public, anon, authenticated;
revoke execute on function public.record_notify_failure(bigint, text, boolean) from public, anon, authenticated;
grant execute on function public.approve_submission(bigint, text, text, text, text, boolean) to service_role;
grant execute on function public.review_submission(bigint, text, text, bigint) to service_role;
grant execute on function public.update_tool(bigint, text, text, text, text) to service_role;
grant execute on function public.set_tool_status(bigint, text) to service_role;
grant execute on function public.claim_rebuilds(integer) to service_role;
grant execute on function public.finish_rebuilds(bigint[], text) to service_role;
grant execute on function public.claim_notification(bigint) to service_role;
grant execute on function public.record_notify_failure(bigint, text, boolean) to service_role;
