# late-restore.login: a launch whose session read comes late (a slow keychain), after the
# user has started. The screen never changes under the user's fingers: once the user has
# started, the session read is forgotten, since the user is replacing it; once logged in,
# it is that login's and stays, unless that login could not be saved.
# Run it with: swift run login-replay Docs/Examples/late-restore.login

# 1. Log in, so that a session is kept for the next launch.
set email demo@example.com
set password Password123!
submit
wait 1.5s
expect session-remembered true

# 2. Relaunch with the read still to come; the user starts typing first. The read then
#    arrives: the screen stays as typed, and the kept session is forgotten.
relaunch restore-later
expect phase idle
type email ada@
expect phase editing
restore-session
expect phase editing
expect effects clear-session
expect session-remembered false

# 3. The same while a request is in flight: the request goes on, and its login is saved.
set email demo@example.com
set password Password123!
submit
wait 1.5s
relaunch restore-later
set email demo@example.com
set password Password123!
submit
expect phase submitting
restore-session
expect phase submitting
expect effects clear-session
wait 1.5s
expect phase succeeded
expect session-remembered true

# 4. And after a failure: the error stays until the user edits.
relaunch restore-later
set email demo@example.com
set password Password123!
respond server-error
submit
wait 1.5s
expect phase failed
restore-session
expect phase failed
expect error "Something went wrong. Please try again."
expect effects clear-session
expect session-remembered false

# 5. Logged in before the read arrives: the read is this login's, and stays.
submit
wait 1.5s
expect phase succeeded
relaunch restore-later
set email demo@example.com
set password Password123!
submit
wait 1.5s
restore-session
expect phase succeeded
expect effects none
expect session-remembered true

# 6. Logged in before the read arrives, but this login's save failed: the session read is
#    the earlier one, and is forgotten, so the next launch does not bring it back.
relaunch restore-later
set email demo@example.com
set password Password123!
session-store failing
submit
wait 1.5s
session-store working
expect phase succeeded
expect session-remembered true
restore-session
expect phase succeeded
expect effects clear-session
expect session-remembered false
relaunch
expect phase idle
snapshot
