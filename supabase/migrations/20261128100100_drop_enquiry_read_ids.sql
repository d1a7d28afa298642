-- The list's rows carry the caller's read mark (read_by_me in the enquiry_list view), and the
-- dashboard now shows the marks from those rows: nothing calls enquiry_read_ids() any more. It is
-- dropped, with the private function behind it, so the API offers no second way to ask the same.

drop function public.enquiry_read_ids(jsonb);
drop function private.enquiry_read_ids(jsonb);
