#!/usr/bin/env bash
# Replays Examples/MovieCharts/explore.cast, a recorded `docq explore`
# session on the MovieCharts example's box office data, in a real terminal
# (tmux) and checks that docq's screen still matches the recording line for
# line, so the cast never goes stale.
#
#   scripts/explore-cast.sh             # check; on a difference print a diff, exit 1
#   scripts/explore-cast.sh --record    # type the cast's commands and rewrite it
#   DOCQ=/path/to/docq scripts/explore-cast.sh
#
# The commands are the cast's lines that look like a prompt and a command
# (`PROMPT> COMMAND`, the prompt without spaces); everything else is what
# docq printed. To change the session, edit the commands in the cast, then
# record it. Exit status: 0 when it matches (or was recorded), 1 on a
# difference or a failure, 77 when tmux is not installed.
set -euo pipefail

name="explore-cast"
root="$(cd "$(dirname "$0")/.." && pwd)"
cast="$root/Examples/MovieCharts/explore.cast"
folder="$root/Examples/ExampleSupport/Responses/movies"
file="kofic-daily.json"
record=0
[[ "${1:-}" == "--record" ]] && record=1
source "$root/scripts/lib/tmux-session.sh"
session="cast"

screen() { tm capture-pane -p -J -S - -E - -t "$session" 2>/dev/null | sed 's/[[:space:]]*$//' || true; }
last_line() { screen | { grep -v '^$' || true; } | tail -n 1; }
fail() {
    echo "explore-cast: FAILED: $*" >&2
    screen >&2
    exit 1
}
wait_for_prompt() { # until the last line is a bare prompt, after `$1` lines were on screen
    local before="$1" waited=0
    while true; do
        local line count
        line="$(last_line)"
        count="$(screen | grep -vc '^$' || true)"
        if [[ "$line" =~ ^[^[:space:]]*\>$ && "$count" -gt "$before" ]]; then return; fi
        sleep 0.1
        waited=$((waited + 1))
        if ((waited > 300)); then fail "no prompt after a command"; fi
    done
}

# The header says how the session was started; the body is the screen.
header='$ docq explore '"$file"
mapfile -t commands < <(sed -n '/^\$ docq explore /,$p' "$cast" | tail -n +2 | grep -E '^[^[:space:]]*> .+$' | sed -E 's/^[^[:space:]]*> //' | { grep -vx ':q' || true; })
((${#commands[@]} > 0)) || fail "no commands in $cast"

tm new-session -d -s "$session" -x 120 -y 50 -c "$folder" \
    "env HOME='$home' LANG=C.UTF-8 LC_ALL=C.UTF-8 COLUMNS=120 TERM=xterm-256color '$docq' explore '$file'; echo '[docq exited]'; sleep 30"
tm set-option -t "$session" history-limit 5000 >/dev/null
wait_for_prompt 0
for command in "${commands[@]}"; do
    lines="$(screen | grep -vc '^$' || true)"
    tm send-keys -t "$session" -l "$command"
    tm send-keys -t "$session" Enter
    wait_for_prompt "$((lines))"
done
tm send-keys -t "$session" -l ":q"
tm send-keys -t "$session" Enter
waited=0
until screen | grep -qF "[docq exited]"; do
    sleep 0.1; waited=$((waited + 1))
    ((waited < 300)) || fail "docq did not leave on :q"
done
body="$(screen | sed '/^\[docq exited\]$/,$d' | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}')"

if ((record)); then
    {
        sed -n '1,/^\$ docq explore /p' "$cast" | sed '$d'
        echo "$header"
        echo "$body"
    } > "$cast.new"
    mv "$cast.new" "$cast"
    echo "explore-cast: recorded ${#commands[@]} commands into $cast"
    exit 0
fi

expected="$(sed -n '/^\$ docq explore /,$p' "$cast" | tail -n +2)"
if [[ "$body" != "$expected" ]]; then
    echo "explore-cast: the session no longer matches $cast (re-record with scripts/explore-cast.sh --record if the change is right):" >&2
    diff <(echo "$expected") <(echo "$body") >&2 || true
    exit 1
fi
echo "explore-cast: the recorded session matches (${#commands[@]} commands)"
