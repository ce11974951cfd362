# cancel.login: cancel a slow request; the form unlocks and the late answer is ignored.

type email demo@example.com
type password Password123!

respond success after 5s           # a slow server
submit
expect phase submitting
wait 1s
expect phase submitting
snapshot                           # still waiting

cancel
expect effects cancel-authentication
expect phase editing
expect loading false
expect can-submit true

wait 10s                           # the answer would have come at 5 s: it is never applied
expect phase editing
expect error none

cancel                             # nothing in flight: cancel does nothing
expect effects none
expect phase editing

# Cancel also dismisses an error.
respond server-error
submit
wait 1.5s
expect phase failed
expect error "Something went wrong. Please try again."
cancel
expect effects none
expect phase editing
expect error none

submit                             # answered by the demo service
expect effects authenticate
wait 1.5s
expect phase succeeded
snapshot
