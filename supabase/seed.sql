-- Seed data for local development only (`supabase db reset`, and the embedded backend on start).
--
-- Deliberately empty of users and roles: a seeded account with a known password would be a
-- back door if this file ever ran against a shared project. Create an admin with
--   npm run admin:create -- --email you@example.com --password '<a strong password>'
-- and submit enquiries through the site's contact form to see them in /admin.
select 1;
