-- Postgres grants EXECUTE on every new function to PUBLIC, so anon (the publishable key)
-- could call any of ours through the REST API (/rest/v1/rpc/tool_url_key, for one). Nothing
-- the public does needs a function: revoke them all from PUBLIC, anon and authenticated, and
-- change the defaults so functions created by later migrations start revoked too.

revoke execute on all functions in schema public from public, anon, authenticated;

-- PUBLIC's EXECUTE is a global default (a per-schema default can only add to it), so this is
-- the global form; it applies to functions created by the role running the migrations.
alter default privileges revoke execute on functions from public;
alter default privileges in schema public revoke execute on functions from anon, authenticated;

-- What the server (secret key) relied on PUBLIC for: the URL key computed by the generated
-- url_key columns when submit_tool or the editor inserts a row.
grant execute on function public.tool_url_key(text) to service_role;
