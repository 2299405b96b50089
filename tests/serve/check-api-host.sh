#!/bin/sh
# Refuses to start the production server with an API_HOST the app cannot use, saying what a right
# value looks like: `npm run serve` runs it before Caddy, and the Docker image as its entrypoint
# (then it runs the command it is given). Without it, a value such as https://api.acebridge.io
# starts Caddy, the CSP falls back to 'self', the app calls /api on its own origin, gets a 404,
# and the sign-in page reads as a wrong password.
#
#   API_HOST=api.acebridge.io check-api-host.sh [command...]
#   API_HOST_PATTERN_FILE  the rule (default: src/lib/api-host.pattern beside this repository,
#                          /etc/acebridge/api-host.pattern in the image), which the app reads too
#
# An empty or unset API_HOST is allowed: the app then calls /api on its own origin, for a front
# that routes /api to the backend.
set -eu

here=$(dirname "$0")
pattern_file=${API_HOST_PATTERN_FILE:-$here/../../src/lib/api-host.pattern}
host=${API_HOST:-}

# grep matches line by line: a value with a line break in it is refused before it gets there.
newline=$(printf '\nx')
newline=${newline%x}
case $host in *"$newline"*) host=$(printf '%s' "$host" | tr '\n' ' ') ;; esac

if [ -n "$host" ] && ! printf '%s\n' "$host" | grep -Eq "$(cat "$pattern_file")"; then
  case $host in
    *://*) why="leave out the scheme (${host%%://*}://): the app adds https://, or http:// for this machine." ;;
    */*) why="leave out the path (/${host#*/}): the app adds /api/v1 itself." ;;
    *:*[!0-9]*) why="it is not a host name: letters, digits, hyphens and dots, then :port if needed." ;;
    *:*) why="the port must be between 1 and 65535." ;;
    *) why="it is not a host name: letters, digits, hyphens and dots, then :port if needed." ;;
  esac
  echo "API_HOST=\"$host\" cannot be used: $why" >&2
  echo "API_HOST is the API's host, with a port only if it needs one: for example" >&2
  echo "api.acebridge.io (tenants are called at https://<tenant>.api.acebridge.io), or" >&2
  echo "127.0.0.1:4010 for a backend on this machine. Leave it empty to call /api on this origin." >&2
  exit 2
fi
if [ $# -gt 0 ]; then exec "$@"; fi
