-- The weekly issue: an editor drafts it (a snapshot of the tools that went live and the
-- integrations added since the last issue, plus an introduction), previews it and sends it.
-- Every delivery is a row claimed before its message goes out and marked after, so a send
-- resumes after a crash or Ctrl+C and never reaches anyone twice. Issues whose send has
-- started are public: anon reads them at build time for /newsletter/; nothing else.

create table public.newsletter_issues (
  number integer primary key check (number > 0),
  intro text not null default '' check (char_length(intro) <= 20000),
  -- Snapshots taken by newsletter_draft, so the page, the preview and every message agree.
  tools jsonb not null default '[]' check (jsonb_typeof(tools) = 'array'),
  integrations jsonb not null default '[]' check (jsonb_typeof(integrations) = 'array'),
  covers_from timestamptz not null,
  covers_until timestamptz not null check (covers_until >= covers_from),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- When the send started: from then on the issue is frozen and published.
  sent_at timestamptz
);
alter table public.newsletter_issues enable row level security;
comment on table public.newsletter_issues is 'Weekly newsletter issues; a draft until sent_at is set, then frozen and public.';

create table public.newsletter_deliveries (
  issue_number integer not null references public.newsletter_issues (number) on delete cascade,
  subscriber_id bigint not null references public.newsletter_subscribers (id) on delete cascade,
  -- sending: claimed, message under way (left so by a crash: state unknown, never resent
  -- unless an editor asks with --retry); sent; failed (error kept, resent by --retry).
  status text not null default 'sending' check (status in ('sending', 'sent', 'failed')),
  attempts integer not null default 1 check (attempts > 0),
  error text check (char_length(error) <= 1000),
  claimed_at timestamptz not null default now(),
  sent_at timestamptz,
  primary key (issue_number, subscriber_id)
);
alter table public.newsletter_deliveries enable row level security;
comment on table public.newsletter_deliveries is 'One row per issue and subscriber: claimed before the message is sent, so nobody gets an issue twice.';

revoke all on public.newsletter_issues, public.newsletter_deliveries from anon, authenticated;
grant select on public.newsletter_issues to anon, authenticated;
grant select, insert, update, delete on public.newsletter_issues, public.newsletter_deliveries to service_role;

create policy "anon reads sent issues" on public.newsletter_issues
  for select to anon using (sent_at is not null);
create policy "authenticated reads sent issues" on public.newsletter_issues
  for select to authenticated using (sent_at is not null);

-- Drafts the next issue, or redrafts the unsent one: live tools published and integrations
-- between live tools added since the last sent issue (the first covers p_first_days).
create function public.newsletter_draft(p_intro text, p_first_days integer default 7)
returns setof public.newsletter_issues
language plpgsql set search_path = ''
as $$
declare
  v_from timestamptz;
  v_now timestamptz := now();
  v_number integer;
  v_tools jsonb;
  v_integrations jsonb;
begin
  select covers_until into v_from from public.newsletter_issues
  where sent_at is not null order by number desc limit 1;
  v_from := coalesce(v_from, v_now - make_interval(days => p_first_days));
  select coalesce(jsonb_agg(jsonb_build_object('id', t.id, 'name', t.name, 'url', t.url,
      'category', t.category, 'description', t.description, 'publishedAt', t.published_at)
      order by t.published_at, t.name_sort, t.id), '[]')
  into v_tools from public.construction_apps t
  where t.status = 'live' and t.published_at > v_from and t.published_at <= v_now;
  select coalesce(jsonb_agg(jsonb_build_object('kind', i.kind, 'note', i.note,
      'a', jsonb_build_object('id', a.id, 'name', a.name),
      'b', jsonb_build_object('id', b.id, 'name', b.name)) order by i.created_at, i.id), '[]')
  into v_integrations from public.tool_integrations i
  join public.construction_apps a on a.id = i.tool_low_id and a.status = 'live'
  join public.construction_apps b on b.id = i.tool_high_id and b.status = 'live'
  where i.created_at > v_from and i.created_at <= v_now;

  select number into v_number from public.newsletter_issues where sent_at is null for update;
  if v_number is null then
    insert into public.newsletter_issues (number, intro, tools, integrations, covers_from, covers_until)
    select coalesce(max(number), 0) + 1, p_intro, v_tools, v_integrations, v_from, v_now
    from public.newsletter_issues
    returning number into v_number;
  else
    update public.newsletter_issues
    set intro = p_intro, tools = v_tools, integrations = v_integrations, covers_from = v_from,
        covers_until = v_now, updated_at = v_now
    where number = v_number;
  end if;
  return query select * from public.newsletter_issues where number = v_number;
end
$$;

-- Starts (or resumes) the send of an issue: freezes and publishes it.
create function public.newsletter_start_send(p_number integer)
returns setof public.newsletter_issues
language sql set search_path = ''
as $$
  update public.newsletter_issues set sent_at = coalesce(sent_at, now())
  where number = p_number returning *
$$;

-- Claims up to p_limit deliveries of a started issue: confirmed subscribers (confirmed before
-- the send started) with no delivery yet and, with p_retry_before set, the ones that failed
-- before that time (so a run retries each earlier failure once). A claimed row is never
-- claimed again by another run, so two runs at once still send once.
create function public.newsletter_claim_deliveries(p_number integer, p_limit integer, p_retry_before timestamptz default null)
returns table (subscriber_id bigint, email text)
language plpgsql set search_path = ''
as $$
#variable_conflict use_column
declare
  v_started timestamptz;
begin
  select sent_at into v_started from public.newsletter_issues where number = p_number;
  if v_started is null then
    raise exception 'not_started: issue % has not started sending', p_number;
  end if;
  return query
  with retried as (
    update public.newsletter_deliveries d
    set status = 'sending', attempts = d.attempts + 1, claimed_at = now(), error = null
    where p_retry_before is not null and d.issue_number = p_number and d.status = 'failed'
      and d.claimed_at < p_retry_before
      and d.subscriber_id in (
        select f.subscriber_id from public.newsletter_deliveries f
        join public.newsletter_subscribers s on s.id = f.subscriber_id and s.status = 'confirmed'
        where f.issue_number = p_number and f.status = 'failed' and f.claimed_at < p_retry_before
        order by f.subscriber_id limit p_limit)
    returning d.subscriber_id
  ), fresh as (
    insert into public.newsletter_deliveries (issue_number, subscriber_id)
    select p_number, s.id from public.newsletter_subscribers s
    where s.status = 'confirmed' and s.confirmed_at <= v_started
      and not exists (select 1 from public.newsletter_deliveries d
                      where d.issue_number = p_number and d.subscriber_id = s.id)
    order by s.id limit p_limit
    on conflict do nothing
    returning newsletter_deliveries.subscriber_id
  ), claimed as (
    select r.subscriber_id from retried r union all select f.subscriber_id from fresh f
  )
  select s.id, s.email from claimed c join public.newsletter_subscribers s on s.id = c.subscriber_id
  order by s.id;
end
$$;

-- Records how claimed deliveries went: p_sent delivered, p_failed[i] failed with p_errors[i].
create function public.newsletter_record_deliveries(
  p_number integer, p_sent bigint[], p_failed bigint[] default '{}', p_errors text[] default '{}'
) returns void
language sql set search_path = ''
as $$
  update public.newsletter_deliveries set status = 'sent', sent_at = now(), error = null
  where issue_number = p_number and subscriber_id = any(p_sent) and status = 'sending';
  update public.newsletter_deliveries d set status = 'failed', error = left(f.error, 1000)
  from unnest(p_failed, p_errors) as f(subscriber_id, error)
  where d.issue_number = p_number and d.subscriber_id = f.subscriber_id and d.status = 'sending';
$$;

-- Where a send stands: delivered, failed, claimed but unknown (sending), and still to send.
create function public.newsletter_delivery_counts(p_number integer)
returns table (sent bigint, failed bigint, sending bigint, pending bigint)
language sql stable set search_path = ''
as $$
  select
    (select count(*) from public.newsletter_deliveries where issue_number = p_number and status = 'sent'),
    (select count(*) from public.newsletter_deliveries where issue_number = p_number and status = 'failed'),
    (select count(*) from public.newsletter_deliveries where issue_number = p_number and status = 'sending'),
    (select count(*) from public.newsletter_subscribers s, public.newsletter_issues i
     where i.number = p_number and s.status = 'confirmed'
       and (i.sent_at is null or s.confirmed_at <= i.sent_at)
       and not exists (select 1 from public.newsletter_deliveries d
                       where d.issue_number = p_number and d.subscriber_id = s.id))
$$;

-- Deliveries left 'sending' by a run that died more than p_seconds ago become 'failed' with a
-- note: the message may or may not have left, so only an editor's --retry sends it again.
create function public.newsletter_fail_stale(p_number integer, p_seconds integer)
returns integer
language plpgsql set search_path = ''
as $$
declare
  v_count integer;
begin
  update public.newsletter_deliveries
  set status = 'failed', error = 'interrupted while sending: it may or may not have been delivered'
  where issue_number = p_number and status = 'sending'
    and claimed_at < now() - make_interval(secs => p_seconds);
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

-- The unsent draft if there is one, else the latest issue.
create function public.newsletter_current_issue()
returns setof public.newsletter_issues
language sql stable set search_path = ''
as $$
  select * from public.newsletter_issues order by (sent_at is null) desc, number desc limit 1
$$;

revoke execute on function public.newsletter_draft(text, integer) from public, anon, authenticated;
revoke execute on function public.newsletter_start_send(integer) from public, anon, authenticated;
revoke execute on function public.newsletter_claim_deliveries(integer, integer, timestamptz) from public, anon, authenticated;
revoke execute on function public.newsletter_record_deliveries(integer, bigint[], bigint[], text[]) from public, anon, authenticated;
revoke execute on function public.newsletter_delivery_counts(integer) from public, anon, authenticated;
revoke execute on function public.newsletter_fail_stale(integer, integer) from public, anon, authenticated;
revoke execute on function public.newsletter_current_issue() from public, anon, authenticated;
grant execute on function public.newsletter_draft(text, integer) to service_role;
grant execute on function public.newsletter_start_send(integer) to service_role;
grant execute on function public.newsletter_claim_deliveries(integer, integer, timestamptz) to service_role;
grant execute on function public.newsletter_record_deliveries(integer, bigint[], bigint[], text[]) to service_role;
grant execute on function public.newsletter_delivery_counts(integer) to service_role;
grant execute on function public.newsletter_fail_stale(integer, integer) to service_role;
grant execute on function public.newsletter_current_issue() to service_role;
