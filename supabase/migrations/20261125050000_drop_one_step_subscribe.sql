-- The one-step subscribe of the first forms (subscribe_newsletter and its rate-limited wrapper)
-- wrote a confirmed subscriber straight away. The subscribe function has signed up through the
-- double opt-in (newsletter_sign_up) since 20261123040000, and its old store path is gone
-- (issue 21), so nothing calls these any more; left in place they are a way around the
-- confirmation e-mail for anyone holding the server's key.
drop function public.subscribe_newsletter_rate_limited(text, text, integer, integer, text, text);
drop function public.subscribe_newsletter(text, text);
