# timeout.login: two ways a request times out, then a successful retry.

type email demo@example.com
type password Password123!

# 1. The session decides that the next request times out.
respond timeout
submit
expect phase submitting
settle                             # run the clock until no request is in flight
expect phase failed
expect error "The request timed out. Please try again."
expect can-submit true
snapshot                           # the error and "Try Again"

# 2. The server is slower than the store's request timeout (30 s unless --timeout says
#    otherwise): the timeout fires first, and the answer is never applied.
respond success after 120s
submit
expect phase submitting
settle
expect phase failed
expect error "The request timed out. Please try again."

# A prompt server (the demo service) lets the retry succeed.
submit
expect effects authenticate
wait 1.5s
expect phase succeeded
