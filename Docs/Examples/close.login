# close.login: the screen goes away while a request is in flight. The store ends the request
# and leaves the form a view can show (not a spinner that never stops); the server's late
# answer is reported as dropped, and a closed store ignores every action.

type email demo@example.com
type password Password123!

respond success after 5s           # a slow server
submit
wait 1s
expect phase submitting

close                              # as an app does when the login screen goes away
expect effects cancel-authentication
expect phase editing
expect loading false
expect requests-in-flight 0
snapshot

wait 10s                           # the answer comes at 5 s: dropped, never applied
expect dropped-answers 1
expect phase editing

submit                             # a closed store ignores every action
set email other@example.com
expect phase editing
expect loading false
