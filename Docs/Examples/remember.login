# remember.login: the session kept between launches. A login is saved, a relaunch restores
# it, a logout forgets it, a session past its expiry is not restored, and a save that fails
# keeps the user signed in for this launch only.
# Run it with: swift run login-replay Docs/Examples/remember.login
# or keep the session in a file, as login-tui --remember does:
#   swift run login-replay --session-file /tmp/login/session.json Docs/Examples/remember.login

# 1. Log in: the session is saved for the next launch.
expect phase idle
type email demo@example.com
type password Password123!
submit
wait 1.5s
expect phase succeeded
expect effects save-session

# 2. Kill the app and open it again: the saved session logs in at once, with no password
#    typed and nothing sent to the server.
relaunch
expect phase succeeded
expect effects none
expect password-length 0
expect requests-in-flight 0
snapshot

# 3. Log out: the session is forgotten, so the next launch starts logged out.
logout
expect phase idle
expect effects clear-session
relaunch
expect phase idle
expect effects none

# 4. The server gave the session no lifetime, so it is remembered for 7 days from the login
#    (at 3s here): restored a second before that, not restored at that moment, and then
#    forgotten.
set email demo@example.com
set password Password123!
submit
wait 1.5s
expect phase succeeded
wait 604799s                       # 7 days less a second
relaunch
expect phase succeeded
wait 1s
relaunch
expect phase idle
expect effects clear-session       # the expired session is forgotten
relaunch
expect phase idle

# 5. A save that fails (a full disk, a read-only folder) never fails the login: the user is
#    signed in for this launch, and the screen says the login will not be remembered.
session-store failing
set email demo@example.com
set password Password123!
submit
wait 1.5s
expect phase succeeded
expect error none
snapshot
session-store working
relaunch
expect phase idle                  # nothing was kept
