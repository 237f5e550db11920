-- pg_cron writes a row to cron.job_run_details for every run of 'call-build-hook' (2,880 a day,
-- about a million a year) and never deletes one; pg_cron's own documentation schedules a
-- DELETE for that. public.prune_build_hook_runs() keeps the last 7 days of that job's runs (what
-- the dashboard's Cron page is read for) and leaves other jobs' history to their owners. Without
-- pg_cron (the embedded database) it does nothing. Record 0015.
create function public.prune_build_hook_runs()
returns text
language plpgsql
set search_path = ''
as $$
declare
  v_deleted bigint;
begin
  if to_regclass('cron.job_run_details') is null then
    return 'pg_cron is not installed: nothing to do';
  end if;
  -- Dynamic: the cron schema does not exist when this function is created on a database
  -- without pg_cron.
  execute $sql$
    with gone as (
      delete from cron.job_run_details d
      using cron.job j
      where d.jobid = j.jobid and j.jobname = 'call-build-hook'
        and d.end_time < now() - interval '7 days'
      returning 1
    )
    select count(*) from gone
  $sql$ into v_deleted;
  return format('deleted %s run(s) of call-build-hook older than 7 days', v_deleted);
end
$$;
comment on function public.prune_build_hook_runs() is 'Deletes cron.job_run_details rows of the call-build-hook job older than 7 days. Run daily by pg_cron.';
revoke execute on function public.prune_build_hook_runs() from public, anon, authenticated, service_role;

do $$
begin
  if to_regprocedure('cron.schedule(text,text,text)') is not null then
    perform cron.schedule('prune-build-hook-runs', '17 3 * * *', 'select public.prune_build_hook_runs()');
  end if;
end
$$;
