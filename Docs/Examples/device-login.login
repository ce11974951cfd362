# device-login.login: sign in with a browser (OAuth 2.0 device login, RFC 8628), as a
# command-line tool does: the screen shows a short code and an address, the user approves in
# any browser, and the screen polls until the server answers.
# Run it with: swift run login-replay Docs/Examples/device-login.login

set email demo@example.com
set password Password123!          # typed, then the user prefers the browser
device-login                       # "Sign in with a browser": the codes are asked for
expect phase submitting
respond device-code user-code WDJBMJHT interval 5s expires 60s
wait 1.5s
expect phase device
expect user-code WDJBMJHT          # shown as WDJB-MJHT
expect poll-interval 5s
expect expires-in 60s              # the codes' life, counted from their arrival
snapshot

# The server asks to slow down twice: the interval grows by 5 s each time.
respond slow-down after 0s
respond slow-down after 0s
wait 5s                            # the first poll, 5 s after the codes
expect poll-interval 10s
wait 10s                           # the second, 10 s after the first answer
expect poll-interval 15s
respond pending after 1s
wait 14s
expect requests-in-flight 0        # not yet: polls never come closer than the interval
wait 1s                            # the third poll, 15 s after the second answer
expect requests-in-flight 1
wait 1s                            # authorization_pending: the interval stays
expect poll-interval 15s

# The user approves in the browser; the next poll signs in.
respond success after 1s
wait 15s                           # the fourth poll starts
expect phase device
wait 1s
expect phase succeeded
expect password-length 0           # a login clears the password, however it came
expect session-remembered true
expect secrets-hidden true         # the device code and the token never showed
snapshot
