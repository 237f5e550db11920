-- The rate limit slides (record 0027). A fixed window reset at each clock hour, so a client
-- could post its allowance just before the hour and again just after: twice the limit within
-- two minutes. Now a hit counts in the current window (the same rows as before) and the
-- previous window's count weighs in by the share of it still inside the last window_seconds:
-- hits = current + ceil(previous × (1 − elapsed / window)). Two rows per client and form, the
-- same table, the same signature: every write function that calls hit_rate_limit slides too,
-- and so does each form's ceiling (hit_rate_ceiling calls it).
--
-- retry_after: the seconds until one more request fits again, exact for the first refused
-- request (whose count is the limit plus one). It can exceed the window: hits made late in
-- this window still weigh in the next one.
create or replace function public.hit_rate_limit(p_bucket text, p_client_hash text, p_window_seconds integer)
returns table (hits integer, retry_after integer)
language plpgsql set search_path = ''
as $$
declare
  v_now numeric := extract(epoch from now());
  v_start_s numeric := floor(v_now / p_window_seconds) * p_window_seconds;
  v_start timestamptz := to_timestamp(v_start_s);
  v_elapsed numeric := v_now - v_start_s;
  v_current integer;
  v_previous integer;
  v_share integer;
  v_retry numeric;
begin
  insert into public.rate_limits as r (bucket, client_hash, window_start) values (p_bucket, p_client_hash, v_start)
  on conflict (bucket, client_hash, window_start) do update set hits = r.hits + 1
  returning r.hits into v_current;
  -- Old windows go when a new client arrives, as before, but never one the slide still reads.
  if v_current = 1 then
    delete from public.rate_limits
    where window_start < now() - interval '2 days' - make_interval(secs => 2 * p_window_seconds);
  end if;
  select r.hits into v_previous from public.rate_limits r
  where r.bucket = p_bucket and r.client_hash = p_client_hash
    and r.window_start = to_timestamp(v_start_s - p_window_seconds);
  v_previous := coalesce(v_previous, 0);
  v_share := ceil(v_previous * (1 - v_elapsed / p_window_seconds));
  -- The next request fits when the count it would make is at most this one's less one (the
  -- limit, for the first refused request): the hits there are now, this one included, must
  -- weigh two less. Within this window only the previous window's share can fall; past it,
  -- this window's own hits slide out the same way.
  if v_share >= 2 then
    v_retry := p_window_seconds * (1 - (v_share - 2)::numeric / v_previous) - v_elapsed;
  else
    v_retry := (p_window_seconds - v_elapsed)
      + p_window_seconds * (2 - v_share)::numeric / v_current;
  end if;
  return query select least(v_current::bigint + v_share, 2147483647)::integer,
    greatest(1, ceil(v_retry))::integer;
end
$$;
