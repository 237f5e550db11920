-- One rule for every web address the database stores (record 0030): a tool's address, a
-- submission's pricing page, the source of a fact, an integration or a correction, and a
-- corrected tool address. Until now the tool addresses had one pattern
-- and every other address a looser one (any host, IP literals and localhost included).
-- public.is_web_address is the rule of src/lib/addresses.ts (`addressProblem`), written once;
-- tests/store/web-addresses.test.ts holds the two to the same answers on one table of samples
-- (tests/helpers/web-addresses.ts). The rule:
--   * no control character, no space of any kind, no invisible or bidirectional mark;
--   * at most 2048 characters;
--   * http:// or https://, in any letter case;
--   * no user name or password;
--   * a public host name in ASCII (a Unicode name is stored as its punycode): two labels or
--     more of letters, digits and inner hyphens (63 characters each), a letter top-level domain
--     or its punycode, 253 characters in all; so no IP literal, no localhost, no one-label name;
--   * not a name of this machine, its network or a metadata service (*.local, *.internal,
--     *.localhost, *.localdomain, *.home.arpa), nor one spelling a non-public IPv4 address
--     (10.0.0.1.nip.io, app-192-168-1-2.sslip.io, 7f000001.nip.io);
--   * an optional port from 1 to 65535, then a path, query or fragment.

-- Whether an IPv4 address is public unicast: outside ipaddr.js's special ranges, which the
-- outbound guard asks (src/lib/outbound-guard.server.ts) and src/lib/addresses.ts copies.
create function public.is_public_ipv4(p_address inet) returns boolean
language sql immutable strict parallel safe set search_path = ''
as $$
  select not (p_address <<= any (array[
    '0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12',
    '192.0.0.0/24', '192.0.2.0/24', '192.31.196.0/24', '192.52.193.0/24', '192.88.99.0/24',
    '192.168.0.0/16', '192.175.48.0/24', '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24',
    '224.0.0.0/4', '240.0.0.0/4'
  ]::inet[]))
$$;
comment on function public.is_public_ipv4(inet) is 'Whether an IPv4 address is public unicast (record 0030).';
revoke execute on function public.is_public_ipv4(inet) from public, anon, authenticated;
grant execute on function public.is_public_ipv4(inet) to service_role;

create function public.is_web_address(p_address text) returns boolean
language sql immutable parallel safe set search_path = ''
as $$
  select coalesce((
    select char_length(p_address) <= 2048
      and p_address !~ '[\u0001-\u0020\u007f-\u00a0\u061c\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]'
      and strpos(a.authority, '@') = 0
      and char_length(a.host) <= 253
      and a.host ~ '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63}|xn--[a-z0-9-]{1,59})$'
      -- The one-label names of the outbound guard's list already fail the pattern above.
      and a.host not in ('localhost.localdomain', 'metadata.google.internal')
      and a.host !~ '\.(localhost|internal|local|localdomain|home\.arpa)$'
      and (a.port is null
        or case when a.port ~ '^[0-9]{1,5}$' then a.port::integer between 1 and 65535 else false end)
      -- Four decimal groups (each at most 255) spelling a non-public address.
      and not exists (
        select 1
        from regexp_matches(a.host,
          '(?:^|[.-])([0-9]{1,3})[.-]([0-9]{1,3})[.-]([0-9]{1,3})[.-]([0-9]{1,3})(?=[.-]|$)', 'g') as s (o)
        where case
          when o[1]::integer <= 255 and o[2]::integer <= 255 and o[3]::integer <= 255 and o[4]::integer <= 255
            then not public.is_public_ipv4(array_to_string(
              array[o[1]::integer, o[2]::integer, o[3]::integer, o[4]::integer], '.')::inet)
          else false
        end)
      -- A label of eight hex digits spelling a non-public address (7f000001.nip.io).
      and not exists (
        select 1
        from unnest(string_to_array(a.host, '.')) as l (label)
        where case
          when label ~ '^[0-9a-f]{8}$'
            then not public.is_public_ipv4(array_to_string(array[
              get_byte(decode(label, 'hex'), 0), get_byte(decode(label, 'hex'), 1),
              get_byte(decode(label, 'hex'), 2), get_byte(decode(label, 'hex'), 3)], '.')::inet)
          else false
        end)
    from (
      select m.authority,
        lower(split_part(m.authority, ':', 1)) as host,
        case when strpos(m.authority, ':') > 0 then substr(m.authority, strpos(m.authority, ':') + 1) end as port
      from (select substring(p_address from '^[hH][tT][tT][pP][sS]?://([^/?#]*)') as authority) as m
      where m.authority is not null
    ) as a
  ), false)
$$;
comment on function public.is_web_address(text) is
  'Whether a text is a web address the directory accepts: public http(s), the rule of src/lib/addresses.ts (record 0030).';
revoke execute on function public.is_web_address(text) from public, anon, authenticated;
grant execute on function public.is_web_address(text) to service_role;

-- Tool addresses: the rule instead of 20261123020001's pattern, which let through local names
-- (printer.local, metadata.google.internal), spelled private addresses (10.0.0.1.nip.io), a port
-- over 65535 and host names over 253 characters.
alter table public.construction_apps drop constraint construction_apps_url_check;
alter table public.construction_apps add constraint construction_apps_url_check
  check (public.is_web_address(url));
alter table public.new_app_submissions drop constraint new_app_submissions_url_check;
alter table public.new_app_submissions add constraint new_app_submissions_url_check
  check (public.is_web_address(url));

-- Every other address: the rule instead of '^https?://[^/?#@[:space:]]+', which let through
-- localhost, IP literals and trailing spaces.
alter table public.new_app_submissions drop constraint new_app_submissions_pricing_url;
alter table public.new_app_submissions add constraint new_app_submissions_pricing_url
  check (pricing_url is null or public.is_web_address(pricing_url));
alter table public.tool_facts drop constraint tool_facts_source_url_check;
alter table public.tool_facts add constraint tool_facts_source_url_check
  check (public.is_web_address(source_url));
alter table public.tool_integrations drop constraint tool_integrations_source_url_check;
alter table public.tool_integrations add constraint tool_integrations_source_url_check
  check (public.is_web_address(source_url));
alter table public.tool_suggestions drop constraint tool_suggestions_source_url_check;
alter table public.tool_suggestions add constraint tool_suggestions_source_url_check
  check (public.is_web_address(source_url));
-- A corrected tool address becomes the tool's own on acceptance: the same rule now, not then.
-- (tool_suggestions_text_shape keeps its looser pattern, which this one implies.)
alter table public.tool_suggestions add constraint tool_suggestions_url_address
  check (what <> 'url' or public.is_web_address(new_text));
-- An open API's documentation (tool_fact_valid) keeps its pattern: the detail starts with the
-- address and may go on in words (record 0030).
