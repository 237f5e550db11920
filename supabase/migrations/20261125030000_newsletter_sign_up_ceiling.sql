-- The double opt-in sign-up (newsletter_sign_up) is what the subscribe form writes through,
-- but it lacked the ceiling for all clients together that record 0009 gave the one-step
-- subscribe_newsletter_rate_limited it replaced: a flood of sign-ups from many addresses
-- (each under its own limit) was never refused. Same signature and answers, plus 'busy'.

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
