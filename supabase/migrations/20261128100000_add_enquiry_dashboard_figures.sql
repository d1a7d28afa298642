-- The dashboard's figures in one request: public.enquiry_dashboard_figures(_since) returns what
-- enquiry_overview(_since), enquiry_response_overview() and enquiry_source_overview() return, as
-- one jsonb object ({ overview, response, sources }). The dashboard used to ask three times as it
-- opened; each request costs a round trip (and a CORS preflight) more than its query does.
-- Security invoker: each part keeps its own check, so anyone but an admin at aal2 gets 42501.

create function public.enquiry_dashboard_figures(_since timestamptz default null)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'overview', public.enquiry_overview(_since),
    'response', public.enquiry_response_overview(),
    'sources', coalesce(
      (select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(source))
         from public.enquiry_source_overview() as source),
      '[]'::jsonb));
$$;

comment on function public.enquiry_dashboard_figures(timestamptz) is
  'Admins only (aal2): { overview: enquiry_overview(_since), response: enquiry_response_overview(), sources: the rows of enquiry_source_overview() }, one request for the dashboard''s figures. 42501 for others.';

revoke execute on function public.enquiry_dashboard_figures(timestamptz) from public, anon;
grant execute on function public.enquiry_dashboard_figures(timestamptz) to authenticated;
