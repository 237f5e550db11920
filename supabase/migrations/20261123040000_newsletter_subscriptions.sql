-- Double opt-in for the newsletter: subscribers move unconfirmed -> confirmed -> unsubscribed
-- (kept as a suppression record), each with its consent record (when, source, confirmation
-- time). The subscribe function calls these functions with the secret key (service_role);
-- the links it e-mails carry an HMAC over the subscriber id and the consent time, so no token
-- is stored at all and a link from before an unsubscribe and a new sign-up is void.

-- Rows from before this migration were never confirmed: they stay unconfirmed and are
-- deleted after 7 days like any other unconfirmed sign-up (see docs/decisions/0011).
alter table public.newsletter_subscribers
  add column status text not null default 'unconfirmed'
    check (status in ('unconfirmed', 'confirmed', 'unsubscribed')),
  add column consent_at timestamptz not null default now(),
  add column confirmation_sent_at timestamptz,
  add column confirmed_at timestamptz,
  add column unsubscribed_at timestamptz,
  add constraint newsletter_subscribers_confirmed_has_time
    check (status <> 'confirmed' or confirmed_at is not null),
  add constraint newsletter_subscribers_unsubscribed_has_time
    check (status <> 'unsubscribed' or unsubscribed_at is not null);
update public.newsletter_subscribers set consent_at = created_at;

comment on column public.newsletter_subscribers.consent_at is 'When the person asked to subscribe (the latest sign-up): the consent record, with source and confirmed_at.';
comment on column public.newsletter_subscribers.confirmation_sent_at is 'Last confirmation e-mail; another is sent at most once an hour while unconfirmed.';

create index newsletter_subscribers_unconfirmed_idx on public.newsletter_subscribers (consent_at)
  where status = 'unconfirmed';

-- The consent time as the whole milliseconds signed into e-mailed links.
create function public.newsletter_consent_ms(p_at timestamptz) returns bigint
language sql immutable set search_path = ''
as $$ select floor(extract(epoch from p_at) * 1000)::bigint $$;

-- Deletes sign-ups never confirmed within 7 days; the number deleted.
create function public.newsletter_purge_unconfirmed() returns integer
language plpgsql set search_path = ''
as $$
declare
  v_deleted integer;
begin
  delete from public.newsletter_subscribers
  where status = 'unconfirmed' and consent_at < now() - interval '7 days';
  get diagnostics v_deleted = row_count;
  return v_deleted;
end
$$;

-- A sign-up, counted against the rate limit in the same statement. outcome:
-- 'rate_limited' (retry_after set, nothing written); 'send' (a confirmation e-mail is due:
-- new address, unconfirmed and none sent for p_resend_seconds, or unsubscribed and signing up
-- again); 'quiet' (confirmed, or a confirmation went out recently: nothing to send).
-- The caller answers the same in every case but the first, so nobody learns who is listed.
create function public.newsletter_sign_up(
  p_bucket text, p_client_hash text, p_window_seconds integer, p_max_hits integer,
  p_email text, p_source text, p_resend_seconds integer default 3600
) returns table (outcome text, retry_after integer, subscriber_id bigint, consent_ms bigint)
language plpgsql set search_path = ''
as $$
#variable_conflict use_column
declare
  v_hits integer;
  v_retry_after integer;
  v_row public.newsletter_subscribers%rowtype;
begin
  select h.hits, h.retry_after into v_hits, v_retry_after
  from public.hit_rate_limit(p_bucket, p_client_hash, p_window_seconds) as h;
  if v_hits > p_max_hits then
    return query select 'rate_limited'::text, v_retry_after, null::bigint, null::bigint;
    return;
  end if;
  perform public.newsletter_purge_unconfirmed();

  insert into public.newsletter_subscribers (email, source, consent_at, confirmation_sent_at)
  values (p_email, p_source, now(), now())
  on conflict (email_normalized) do nothing
  returning * into v_row;
  if v_row.id is not null then
    return query select 'send'::text, null::integer, v_row.id, public.newsletter_consent_ms(v_row.consent_at);
    return;
  end if;

  select * into v_row from public.newsletter_subscribers
  where email_normalized = lower(p_email) for update;
  if v_row.status = 'unsubscribed' then
    update public.newsletter_subscribers
    set status = 'unconfirmed', email = p_email, source = p_source, consent_at = now(),
        confirmation_sent_at = now(), confirmed_at = null, unsubscribed_at = null
    where id = v_row.id returning * into v_row;
  elsif v_row.status = 'unconfirmed' and (v_row.confirmation_sent_at is null
      or v_row.confirmation_sent_at < now() - make_interval(secs => p_resend_seconds)) then
    update public.newsletter_subscribers set confirmation_sent_at = now()
    where id = v_row.id returning * into v_row;
  else
    return query select 'quiet'::text, null::integer, null::bigint, null::bigint;
    return;
  end if;
  return query select 'send'::text, null::integer, v_row.id, public.newsletter_consent_ms(v_row.consent_at);
end
$$;

-- The confirmation e-mail could not be sent: the next sign-up may send it again at once.
create function public.newsletter_confirmation_failed(p_subscriber_id bigint) returns void
language sql set search_path = ''
as $$
  update public.newsletter_subscribers set confirmation_sent_at = null
  where id = p_subscriber_id and status = 'unconfirmed'
$$;

-- A signed confirmation link was followed: 'confirmed' now, 'already' (same sign-up, confirmed
-- before), or 'invalid' (no such sign-up any more: purged, unsubscribed, or signed up again).
create function public.newsletter_confirm(p_subscriber_id bigint, p_consent_ms bigint)
returns text
language plpgsql set search_path = ''
as $$
declare
  v_row public.newsletter_subscribers%rowtype;
begin
  select * into v_row from public.newsletter_subscribers where id = p_subscriber_id for update;
  if v_row.id is null or public.newsletter_consent_ms(v_row.consent_at) <> p_consent_ms
      or v_row.status = 'unsubscribed' then
    return 'invalid';
  end if;
  if v_row.status = 'confirmed' then
    return 'already';
  end if;
  update public.newsletter_subscribers set status = 'confirmed', confirmed_at = now()
  where id = p_subscriber_id;
  return 'confirmed';
end
$$;

-- A signed unsubscribe link was used (POST): 'unsubscribed', 'already', or 'invalid' (no row).
-- The address stays as a suppression record; only a new sign-up and confirmation revive it.
create function public.newsletter_unsubscribe(p_subscriber_id bigint) returns text
language plpgsql set search_path = ''
as $$
begin
  update public.newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now()
  where id = p_subscriber_id and status <> 'unsubscribed';
  if found then
    return 'unsubscribed';
  end if;
  return case when exists (select 1 from public.newsletter_subscribers where id = p_subscriber_id)
    then 'already' else 'invalid' end;
end
$$;

-- Confirmed subscribers with their consent record, oldest first (the editor's CSV export).
create function public.newsletter_confirmed_subscribers()
returns table (email text, source text, consent_at timestamptz, confirmed_at timestamptz)
language sql stable set search_path = ''
as $$
  select s.email, s.source, s.consent_at, s.confirmed_at from public.newsletter_subscribers s
  where s.status = 'confirmed' order by s.confirmed_at, s.id
$$;

revoke execute on function public.newsletter_consent_ms(timestamptz) from public, anon, authenticated;
revoke execute on function public.newsletter_purge_unconfirmed() from public, anon, authenticated;
revoke execute on function public.newsletter_sign_up(text, text, integer, integer, text, text, integer) from public, anon, authenticated;
revoke execute on function public.newsletter_confirmation_failed(bigint) from public, anon, authenticated;
revoke execute on function public.newsletter_confirm(bigint, bigint) from public, anon, authenticated;
revoke execute on function public.newsletter_unsubscribe(bigint) from public, anon, authenticated;
revoke execute on function public.newsletter_confirmed_subscribers() from public, anon, authenticated;
grant execute on function public.newsletter_consent_ms(timestamptz) to service_role;
grant execute on function public.newsletter_purge_unconfirmed() to service_role;
grant execute on function public.newsletter_sign_up(text, text, integer, integer, text, text, integer) to service_role;
grant execute on function public.newsletter_confirmation_failed(bigint) to service_role;
grant execute on function public.newsletter_confirm(bigint, bigint) to service_role;
grant execute on function public.newsletter_unsubscribe(bigint) to service_role;
grant execute on function public.newsletter_confirmed_subscribers() to service_role;
grant delete on public.newsletter_subscribers to service_role;
