-- Bounces. During a newsletter send, a mail server may refuse a subscriber's address for good
-- (a 5xx answer to RCPT TO: no such mailbox, domain gone). That refusal is recorded on the
-- subscription: status 'bounced', with the time and the server's answer, and on the delivery:
-- status 'bounced'. A bounced address receives no more issues and is left out of the export;
-- only a new sign-up and its confirmation bring it back, as after an unsubscribe (the
-- confirmation e-mail is then the test of the address). Temporary refusals (4xx) are not
-- bounces: the send tries them again (docs/decisions/0021-mail-through-smtp.md).
-- A send that stops (Ctrl+C, a refused login) gives back the claims whose messages never left.
-- The tables keep their RLS (no policy for anon or authenticated); the new functions are
-- executed by service_role only.

alter table public.newsletter_subscribers
  drop constraint newsletter_subscribers_status_check,
  add constraint newsletter_subscribers_status_check
    check (status in ('unconfirmed', 'confirmed', 'unsubscribed', 'bounced')),
  add column bounced_at timestamptz,
  add column bounce_reason text check (char_length(bounce_reason) <= 1000),
  add constraint newsletter_subscribers_bounced_has_time
    check (status <> 'bounced' or bounced_at is not null);
comment on column public.newsletter_subscribers.bounced_at is 'When a mail server last refused this address for good (5xx); with status bounced, no issue is sent to it.';
comment on column public.newsletter_subscribers.bounce_reason is 'What the mail server answered when it refused the address.';

alter table public.newsletter_deliveries
  drop constraint newsletter_deliveries_status_check,
  add constraint newsletter_deliveries_status_check
    check (status in ('sending', 'sent', 'failed', 'bounced'));

-- Records claimed deliveries the server refused for good: p_subscriber_ids[i] with the
-- answer p_reasons[i]. The delivery becomes 'bounced' and a confirmed subscription 'bounced'.
create function public.newsletter_record_bounces(
  p_number integer, p_subscriber_ids bigint[], p_reasons text[]
) returns void
language sql set search_path = ''
as $$
  update public.newsletter_deliveries d set status = 'bounced', error = left(b.reason, 1000)
  from unnest(p_subscriber_ids, p_reasons) as b(subscriber_id, reason)
  where d.issue_number = p_number and d.subscriber_id = b.subscriber_id and d.status = 'sending';
  update public.newsletter_subscribers s
  set status = 'bounced', bounced_at = now(), bounce_reason = left(b.reason, 1000)
  from unnest(p_subscriber_ids, p_reasons) as b(subscriber_id, reason)
  where s.id = b.subscriber_id and s.status = 'confirmed';
$$;

-- Gives claimed deliveries back whose messages never left (the send stopped before trying
-- them, or the server refused the login or the sender): they are pending again, so the next
-- plain send takes them.
create function public.newsletter_release_deliveries(p_number integer, p_subscriber_ids bigint[])
returns void
language sql set search_path = ''
as $$
  delete from public.newsletter_deliveries
  where issue_number = p_number and subscriber_id = any(p_subscriber_ids) and status = 'sending';
$$;

-- Where a send stands, now with the bounced deliveries (a new column: drop and create).
drop function public.newsletter_delivery_counts(integer);
create function public.newsletter_delivery_counts(p_number integer)
returns table (sent bigint, failed bigint, sending bigint, pending bigint, bounced bigint)
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
                       where d.issue_number = p_number and d.subscriber_id = s.id)),
    (select count(*) from public.newsletter_deliveries where issue_number = p_number and status = 'bounced')
$$;

-- A confirmation link of a bounced subscription confirms nothing (as for an unsubscribed one).
create or replace function public.newsletter_confirm(p_subscriber_id bigint, p_consent_ms bigint)
returns text
language plpgsql set search_path = ''
as $$
declare
  v_row public.newsletter_subscribers%rowtype;
begin
  select * into v_row from public.newsletter_subscribers where id = p_subscriber_id for update;
  if v_row.id is null or public.newsletter_consent_ms(v_row.consent_at) <> p_consent_ms
      or v_row.status in ('unsubscribed', 'bounced') then
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

-- The sign-up of 20261125030000_newsletter_sign_up_ceiling.sql, unchanged but for bounced
-- addresses, which a new sign-up revives.
create or replace function public.newsletter_sign_up(
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
  v_over boolean;
begin
  select h.hits, h.retry_after into v_hits, v_retry_after
  from public.hit_rate_limit(p_bucket, p_client_hash, p_window_seconds) as h;
  if v_hits > p_max_hits then
    return query select 'rate_limited'::text, v_retry_after, null::bigint, null::bigint;
    return;
  end if;
  -- The form's ceiling for all clients together, counted after the client's own limit (as in
  -- subscribe_newsletter_rate_limited, 20261123020000_global_rate_ceiling.sql).
  select c.over, c.retry_after into v_over, v_retry_after from public.hit_rate_ceiling(p_bucket) as c;
  if v_over then
    return query select 'busy'::text, v_retry_after, null::bigint, null::bigint;
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
  -- A bounced address comes back like an unsubscribed one: the confirmation e-mail tests it.
  if v_row.status in ('unsubscribed', 'bounced') then
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

revoke execute on function public.newsletter_record_bounces(integer, bigint[], text[]) from public, anon, authenticated;
revoke execute on function public.newsletter_release_deliveries(integer, bigint[]) from public, anon, authenticated;
revoke execute on function public.newsletter_delivery_counts(integer) from public, anon, authenticated;
grant execute on function public.newsletter_record_bounces(integer, bigint[], text[]) to service_role;
grant execute on function public.newsletter_release_deliveries(integer, bigint[]) to service_role;
grant execute on function public.newsletter_delivery_counts(integer) to service_role;
