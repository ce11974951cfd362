# offline-retry.login: no network on the first try; "Try Again" then succeeds.

type email demo@example.com
type password Password123!

respond network-unavailable        # the next request fails as if the device were offline
submit
expect effects authenticate
expect loading true
wait 1.5s
expect phase failed
expect loading false
expect error "Unable to connect. Check your internet connection."
expect can-submit true
expect reset-suggested false       # a network failure is not a wrong password
snapshot                           # the error and the "Try Again" button

submit                             # Try Again: nothing is queued, the demo service answers
expect effects authenticate
expect phase submitting
expect error none
wait 1.5s
expect phase succeeded
snapshot
