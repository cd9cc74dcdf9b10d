#!/usr/bin/env bash
# Drives `docq explore` in tmux the way a person would: types commands,
# presses Tab, Up, Ctrl-C and Ctrl-D, reads the screen with capture-pane, and
# checks what is on it.
#
#   scripts/explore-tmux.sh            # uses .build/debug/docq
#   DOCQ=/path/to/docq scripts/explore-tmux.sh
#
# Exit status: 0 when every check passed, 1 on the first failure (the screen
# is printed), 77 when tmux is not installed.
set -euo pipefail

name="explore-tmux"
root="$(cd "$(dirname "$0")/.." && pwd)"
docs="$root/Examples/documents"
source "$root/scripts/lib/tmux-session.sh"
session=""
sessions=0

# start FILE [NAME=VALUE…]: a new session running docq explore FILE, with
# PAGER unset unless one of the NAME=VALUE settings sets it. The new session starts
# before the previous one is killed: a tmux server exits when its last
# session goes, and a new-session that races that exit fails with "server
# exited unexpectedly".
start() {
    local previous="$session"
    sessions=$((sessions + 1))
    session="explore$sessions"
    local file="$1"
    shift
    tm new-session -d -s "$session" -x 110 -y 40 \
        "env -u PAGER -u LESS HOME='$home' LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=xterm-256color $* '$docq' explore '$file'; echo \"[docq exited \$?]\"; sleep 30"
    if [[ -n "$previous" ]]; then tm kill-session -t "$previous" >/dev/null 2>&1 || true; fi
}

screen() { tm capture-pane -p -t "$session" 2>/dev/null || true; }

fail() {
    echo "explore-tmux: FAILED: $*" >&2
    echo "----- screen -----" >&2
    screen >&2
    echo "------------------" >&2
    exit 1
}

wait_for() { # wait_for TEXT [SECONDS]: until the screen shows TEXT
    local text="$1" limit="${2:-30}" waited=0
    while ! screen | grep -qF -- "$text"; do
        sleep 0.1
        waited=$((waited + 1))
        if ((waited > limit * 10)); then fail "'$text' never appeared"; fi
    done
}

last_line() { screen | grep -v '^\s*$' | tail -n 1; }

expect_last() { # expect_last TEXT: the last non-empty line is TEXT (after settling)
    local waited=0
    while [[ "$(last_line)" != "$1" ]]; do
        sleep 0.1
        waited=$((waited + 1))
        if ((waited > 300)); then fail "expected the last line to be '$1', got '$(last_line)'"; fi
    done
}

# Control keys (Ctrl-C, Ctrl-D, Up) go only to a prompt that is showing:
# while docq prints, the terminal is in cooked mode, where the tty itself
# takes Ctrl-D as end-of-line and Ctrl-C as SIGINT, and the line editor
# never sees them (a Ctrl-D sent right after `ls` output was lost in CI).
keys() { tm send-keys -t "$session" "$@"; }
type_text() { tm send-keys -t "$session" -l "$1"; }

checks=0
ok() { checks=$((checks + 1)); echo "ok $checks - $*"; }

# --- An XML document --------------------------------------------------------
start "$docs/lists.xml"
wait_for "Type help for commands"
expect_last "rsp>"
ok "the prompt shows the root element"

type_text "cd li"; keys Tab
expect_last "rsp> cd lists"
ok "Tab completes a child element's name"
keys Enter
expect_last "rsp.lists>"
ok "cd moves, and the prompt shows where you are"

type_text "ls"; keys Enter
wait_for "list  element  3"
ok "ls lists keys with kind and count"

type_text "list[1].fi"; keys Tab
expect_last "rsp.lists> list[1].filter"
keys Enter
wait_for "(priority:1)"
ok "Tab completes after an index; the path is evaluated from here"

type_text "list.@co"; keys Tab
expect_last "rsp.lists> list.@count"
keys Enter
expect_last "rsp.lists>"
screen | grep -qx "3" || fail "list.@count did not print 3"
ok "Tab completes operators"

type_text "list[0]."; keys Tab
wait_for "archived"
screen | grep -q "@count" || fail "the candidate list has no operators"
screen | grep -q "_contents" || fail "the candidate list has no reserved names"
keys C-u
ok "Tab on an ambiguous word lists the candidates"

type_text "list[?smart == 1].na"; keys Tab
expect_last "rsp.lists> list[?smart == 1].name"
keys Enter
wait_for "High Priority"
ok "Tab completes inside and after a filter"

type_text "list.@cuont"; keys Enter
wait_for "^~~~~~"
wait_for "did you mean '@count'"
ok "a malformed path shows a caret and a suggestion"

type_text "list.nmae"; keys Enter
wait_for "no match: list.nmae"
wait_for "did you mean 'name'"
expect_last "rsp.lists>"
ok "a path that matches nothing explains itself"

keys Up
expect_last "rsp.lists> list.nmae"
keys C-a; keys C-k
ok "Up recalls history; Ctrl-A/Ctrl-K edit the line"

type_text "cat --xml list[1]"; keys Enter
wait_for "smart=\"1\"><filter>"
ok "cat --xml shows XML"

type_text "cd .."; keys Enter
expect_last "rsp>"
type_text "tree 2"; keys Enter
wait_for "list ×3"
expect_last "rsp>"
ok "cd .. goes up; tree shows the outline"

type_text "garbage [[[ ((("; keys C-c
expect_last "rsp>"
type_text ")(*&^%\$#@!"; keys Enter
wait_for "error:"
expect_last "rsp>"
ok "Ctrl-C abandons a line; nonsense gives an error, not a crash"

type_text ":q"; keys Enter
wait_for "[docq exited 0]"
[[ -s "$home/.docq_history" ]] || fail "no history file at \$HOME/.docq_history"
grep -q 'cd.040lists' "$home/.docq_history" || fail "the history file lacks 'cd lists'"
ok ":q leaves and the history is saved in ~/.docq_history"

# --- History comes back; Korean keys; Ctrl-D --------------------------------
start "$docs/theaters.json"
wait_for "Type help for commands"
expect_last "/>"
keys Up
wait_for "/> :q"
keys C-u
ok "the history of the last session is loaded"

type_text "[0].상"; keys Tab
expect_last "/> [0].상영관명"
keys Enter
wait_for "MMC 만경관 1관"
ok "Tab completes a Korean key"

type_text "cd [2]"; keys Enter
expect_last "[2]>"
type_text "ls"; keys Enter
wait_for "좌석수"
expect_last "[2]>"
ok "cd into an array element"

keys C-d
wait_for "[docq exited 0]"
ok "Ctrl-D leaves"

# --- A large document: Ctrl-C, long answers, quoted keys, capped counts, q ---
# items: N objects; just over the 100,000 nodes tree counts in.
items() {
    awk -v n="$1" 'BEGIN {
        printf "{\"my key\": \"spaced\", \"items\": ["
        for (i = 0; i < n; i++) printf "%s{\"id\": %d, \"name\": \"item %d\"}", (i ? "," : ""), i, i
        print "]}"
    }'
}
big="$home/big.json"
items 101000 > "$big"
start "$big" PAGER=
wait_for "Type help for commands" 60
expect_last "/>"
type_text "my"; keys Tab
expect_last '/> "my key"'
keys Enter
wait_for "spaced"
type_text "'my k"; keys Tab
expect_last '/> "my key"'
keys C-u
ok "Tab completes a key that needs quotes, typed with or without the quote"

type_text "tree 2"; keys Enter
wait_for "counted in the first 100000 nodes only"
screen | grep -qF "id ×99999+" || fail "the capped count has no +"
expect_last "/>"
ok "tree marks the counts that stopped at the cap"

# Each item against every item: hours of work, dropped by Ctrl-C.
type_text ':jmespath'; keys Enter
expect_last "/ (jmespath)>"
type_text 'items[?length($.items[?id == `1`]) > `0`].id'; keys Enter
# Once the line is read: a Ctrl-C before then would abandon the next line instead.
sleep 2
keys C-c
wait_for "(interrupted)" 10
expect_last "/ (jmespath)>"
type_text ":keypath"; keys Enter
type_text "items[2].name"; keys Enter
wait_for "item 2"
ok "Ctrl-C stops a long command and the session goes on"

type_text "items[0:100]"; keys Enter
wait_for "more lines not shown: set PAGER"
expect_last "/>"
ok "without a pager, a long answer stops with a note"

type_text "q"; keys Enter
wait_for "[docq exited 0]"
ok "q leaves"

if command -v less >/dev/null 2>&1; then
    items 200 > "$home/small.json"
    start "$home/small.json" PAGER=less
    wait_for "Type help for commands"
    type_text "items[0:100].name"; keys Enter
    wait_for "item 30"
    expect_last ":"
    keys q
    expect_last "/>"
    screen | grep -qF "more lines not shown" && fail "paged output was cut"
    ok "a long answer goes through \$PAGER, and q in the pager returns to the prompt"
else
    echo "skip - less is not installed: the pager check"
fi

echo "explore-tmux: all $checks checks passed"
