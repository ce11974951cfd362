# double-submit.login: tapping Log In again while a request is in flight sends nothing.

type email demo@example.com
type password Password123!

submit
expect effects authenticate
expect phase submitting

submit                             # a second tap: ignored, no second request
expect effects none
expect phase submitting
expect loading true
snapshot

wait 1s
submit                             # still in flight: ignored again
expect effects none

wait 0.5s                          # 1.5 s after the first tap the one answer arrives
expect phase succeeded

submit                             # nothing to submit after success
expect effects none
expect phase succeeded

logout
expect phase idle
expect password-visible false
expect can-submit false            # the password was cleared
expect email-error none            # the email is kept
snapshot
